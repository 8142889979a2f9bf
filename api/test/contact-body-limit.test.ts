/**
 * The contact route refuses a declared body past 64 KB before reading it (held bodies cannot pile up
 * memory), yet the longest message a browser can send — every field at its limit in three-byte
 * characters, the message and SPEC's `text` both, full of newlines — is well under it and is accepted.
 */
import { afterAll, expect, test } from 'bun:test'
import { LIMITS } from '../src/features/contact/model'
import { BODY_LIMITS } from '../src/http/body-limits'
import { jsonOf, makeTestApp } from './helpers'

const t = await makeTestApp({ env: { CONTACT_RATE_LIMIT: '100' } })
afterAll(() => t.close())
const limit = BODY_LIMITS['POST /api/email/send-email']!

/** `length` UTF-16 units of '€' (three bytes each in UTF-8), a newline every fifth (escaped as \n in JSON). */
const longest = (length: number) => Array.from({ length }, (_, i) => (i % 5 === 4 ? '\n' : '€')).join('')

test('the longest message a browser can send is accepted, and is under the route limit', async () => {
  const body = JSON.stringify({
    name: longest(LIMITS.name).replaceAll('\n', ' '),
    phone: '0'.repeat(LIMITS.phone),
    email: `${'a'.repeat(LIMITS.email - 12)}@example.com`,
    message: longest(LIMITS.message),
    to: 'anyone@example.com',
    subject: longest(LIMITS.subject).replaceAll('\n', ' '),
    replyTo: `${'a'.repeat(LIMITS.email - 12)}@example.com`,
    text: longest(LIMITS.message + 1000),
    website: '',
  })
  const bytes = new TextEncoder().encode(body).byteLength
  expect(bytes).toBeLessThan(limit)
  const res = await t.call('POST', '/api/email/send-email', { body, headers: { 'content-type': 'application/json' } })
  expect(res.status).not.toBe(413)
  expect(res.status).toBeLessThan(500)
  console.log(
    `longest contact body: ${Math.round(bytes / 1024)} KB of the ${limit / 1024} KB limit → ${res.status} ${JSON.stringify(await jsonOf(res)).slice(0, 80)}`,
  )
})

test('a declared length past the limit is refused with 413 JSON before anything is read', async () => {
  const res = await t.call('POST', '/api/email/send-email', {
    body: 'x'.repeat(limit + 1),
    headers: { 'content-type': 'application/json' },
  })
  expect(res.status).toBe(413)
  expect(typeof (await jsonOf(res)).error).toBe('string')
})
