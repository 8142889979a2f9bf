import { afterEach, describe, expect, test } from 'bun:test'
import { makeTestApp, PUBLIC_API_READS, type TestApp } from './helpers'

/**
 * HEAD asks for what GET would answer, without the body (RFC 9110 §9.3.2): the same validators and
 * caching headers, and 304 when the client already holds that version (§13.1.2 covers GET and HEAD).
 * A monitor or a cache that checks a public read with HEAD must not see a reply with no ETag and no
 * Cache-Control, which a cache may then keep and reuse as it likes.
 */
let t: TestApp
afterEach(() => t?.close())

const PUBLIC_READS = PUBLIC_API_READS

describe('HEAD of a public read', () => {
  test('carries the ETag and Cache-Control of its GET, fresh or kept, and answers 304 for a held ETag', async () => {
    t = await makeTestApp()
    for (const path of PUBLIC_READS) {
      for (const round of ['fresh', 'kept']) {
        const get = await t.call('GET', path)
        expect(get.status).toBe(200)
        const etag = get.headers.get('etag')
        expect(etag).toBeTruthy()
        const head = await t.call('HEAD', path)
        expect(head.status, `${path} ${round}`).toBe(200)
        expect(head.headers.get('etag'), `${path} ${round}`).toBe(etag)
        expect(head.headers.get('cache-control'), `${path} ${round}`).toBe(get.headers.get('cache-control'))
        expect(head.headers.get('content-security-policy'), `${path} ${round}`).toBe(get.headers.get('content-security-policy'))
        const conditional = await t.call('HEAD', path, { headers: { 'if-none-match': etag! } })
        expect(conditional.status, `${path} ${round}`).toBe(304)
      }
    }
  })

  test('a HEAD asked first leaves the next GET its whole body', async () => {
    t = await makeTestApp()
    for (const path of PUBLIC_READS) {
      const head = await t.call('HEAD', path)
      expect(head.status, path).toBe(200)
      const get = await t.call('GET', path)
      expect(get.headers.get('etag'), path).toBe(head.headers.get('etag'))
      expect(JSON.parse(await get.text()), path).toBeDefined()
    }
  })

  test('a staff-only read answers HEAD without a token 401, as its GET does', async () => {
    t = await makeTestApp()
    expect((await t.call('HEAD', '/api/admin/events')).status).toBe(401)
    expect((await t.call('HEAD', '/api/admin/messages')).status).toBe(401)
  })
})
