/** A contact message kept without SMTP is logged by id, length and time only: never who wrote it or what. */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { makeTestApp, type TestApp } from './helpers'

let t: TestApp
beforeAll(async () => {
  t = await makeTestApp()
})
afterAll(() => t.close())

test('no personal data reaches the log', async () => {
  const lines: string[] = []
  const log = console.log
  console.log = (...args: unknown[]) => void lines.push(args.map(String).join(' '))
  try {
    const message = { name: 'Ada Lovelace', phone: '07700 900123', email: 'ada@example.org', message: 'Please call me about the room on the 12th.' }
    expect((await t.call('POST', '/api/email/send-email', { json: message })).status).toBe(200)
  } finally {
    console.log = log
  }
  const logged = lines.join('\n')
  expect(logged).toContain('contact message stored')
  for (const secret of ['Ada', 'Lovelace', '07700', 'ada@example.org', 'example.org', 'call me', 'room']) expect(logged).not.toContain(secret)
  const entry = JSON.parse(lines.find((line) => line.includes('contact message stored'))!)
  expect(entry).toMatchObject({ id: expect.any(Number), length: 'Please call me about the room on the 12th.'.length, created_at: expect.any(String) })
})
