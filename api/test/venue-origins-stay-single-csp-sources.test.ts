/**
 * The venue's third-party addresses become sources in the Content-Security-Policy. An address an
 * owner saves must stay one plain host: a host that WHATWG URL accepts but CSP reads as syntax (a ";"
 * that ends the directive and starts another, a "*" wildcard, a "," that starts a second policy) must
 * be refused with a message, never turned into policy. Today these are saved and reach the header.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { demoVenue, type Venue } from '../src/config'
import { makeTestApp, type TestApp } from './helpers'

let t: TestApp
let owner: string

beforeAll(async () => {
  t = await makeTestApp()
  owner = await t.token()
})
afterAll(() => t.close())

const withBookingOrigin = (origin: string): Venue => {
  const venue = structuredClone(demoVenue)
  venue.booking = { ...venue.booking, origin, scriptUrl: `${origin}/widget.js` }
  return venue
}

const directives = (csp: string) => csp.split(';').map((part) => part.trim().split(/\s+/)[0])

describe('a booking origin that CSP would read as syntax is refused', () => {
  for (const origin of ['https://book.example;sandbox', 'https://*', 'https://*.com', 'https://book.example,x']) {
    test(origin, async () => {
      const saved = await t.call('PUT', '/api/admin/venue', { token: owner, json: withBookingOrigin(origin) })
      const csp = (await t.call('GET', '/api/health')).headers.get('content-security-policy') ?? ''
      // Whatever the reply, the policy must keep one directive per name and no wildcard host.
      expect(directives(csp).filter((name) => name === 'sandbox')).toEqual([])
      expect(csp).not.toMatch(/https:\/\/\*/)
      expect(csp).not.toContain(',')
      expect(saved.status).toBe(400)
    })
  }
})

test('a map embed address on a wildcard host does not widen frame-src', async () => {
  const venue = structuredClone(demoVenue)
  venue.mapEmbedUrl = 'https://*/embed'
  const saved = await t.call('PUT', '/api/admin/venue', { token: owner, json: venue })
  const csp = (await t.call('GET', '/api/health')).headers.get('content-security-policy') ?? ''
  expect(csp).not.toMatch(/frame-src[^;]*https:\/\/\*/)
  expect(saved.status).toBe(400)
})
