/**
 * Per-address limits count an IPv6 client by its /64, as one customer usually holds a whole /64:
 * rotating addresses inside it neither dodges the login limit nor the contact form's, and another
 * /64 is not held back. Real app, real SQLite in a temp dir.
 */
import { afterEach, describe, expect, test } from 'bun:test'
import { DEMO_ADMIN } from '../src/app'
import { makeTestApp, type TestApp } from './helpers'

let t: TestApp
afterEach(() => t?.close())

describe('login limits per address', () => {
  test('an IPv6 client cannot dodge the per-address limit by rotating addresses within its /64', async () => {
    t = await makeTestApp()
    const statuses: number[] = []
    for (let i = 1; i <= 7; i++) {
      const res = await t.call('POST', '/api/admin/login', {
        json: { username: `nobody${i}`, password: 'wrong-password' },
        peer: `2001:db8:1:2::${i.toString(16)}`,
      })
      statuses.push(res.status)
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429])
    // Another /64 (another customer) is not held back, and the real user still logs in from there.
    const other = await t.call('POST', '/api/admin/login', { json: DEMO_ADMIN, peer: '2001:db8:1:3::1' })
    expect(other.status).toBe(200)
  })
})

test('the contact form counts an IPv6 sender by its /64 too', async () => {
  t = await makeTestApp({ env: { CONTACT_RATE_LIMIT: '2' } })
  const message = { name: 'Ann', email: 'ann@example.com', message: 'A room for two, please.' }
  const statuses: number[] = []
  for (let i = 1; i <= 3; i++) statuses.push((await t.call('POST', '/api/email/send-email', { json: message, peer: `2001:db8:5:6::${i}` })).status)
  expect(statuses).toEqual([200, 200, 429])
  expect((await t.call('POST', '/api/email/send-email', { json: message, peer: '2001:db8:5:7::1' })).status).toBe(200)
})
