import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileOf, jsonOf, makeImage, makeTestApp, type TestApp } from './helpers'

let t: TestApp
let imageUrl: string
beforeAll(async () => {
  t = await makeTestApp()
  const dist = join(t.dataDir, 'no-web-build')
  mkdirSync(dist, { recursive: true })
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>')
  const form = new FormData()
  form.append('type', 'cafe')
  form.append('images', fileOf(await makeImage('png'), 'a.png', 'image/png'))
  imageUrl = (await jsonOf(await t.call('POST', '/api/upload-gallery', { form, token: await t.token() }))).images[0].image_url
})
afterAll(() => t.close())

describe('security headers', () => {
  const kinds: [string, () => Promise<Response>][] = [
    ['an HTML page', () => t.call('GET', '/events')],
    ['an API reply', () => t.call('GET', '/api/opening-times')],
    ['an API error', () => t.call('GET', '/api/nope')],
    ['a validation error', () => t.call('POST', '/api/admin/login', { json: {} })],
  ]
  for (const [kind, get] of kinds) {
    test(`on ${kind}`, async () => {
      const res = await get()
      const csp = res.headers.get('content-security-policy') ?? ''
      expect(csp).toContain("default-src 'self'")
      expect(csp).toContain("frame-ancestors 'self'")
      expect(csp).toContain("object-src 'none'")
      expect(csp).not.toContain("'unsafe-eval'")
      expect(csp).toMatch(/script-src 'self'( https:\/\/booking\.example\.com)?;/)
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin')
      expect(res.headers.get('strict-transport-security')).toBeNull()
    })
  }

  test('on an uploaded file: a sandbox, so nothing in the file can run with the site origin', async () => {
    const res = await t.call('GET', imageUrl)
    expect(res.status).toBe(200)
    const csp = res.headers.get('content-security-policy') ?? ''
    expect(csp).toContain('sandbox')
    expect(csp).toContain("default-src 'none'")
    expect(csp).toContain("frame-ancestors 'self'")
    expect(csp).not.toContain('allow-scripts')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin')
  })

  test('the policy names exactly the configured booking, map and gift-card origins', async () => {
    const csp = (await t.call('GET', '/')).headers.get('content-security-policy')!
    const venue = t.ctx.venue()
    expect(csp).toContain(`script-src 'self' ${new URL(venue.booking.scriptUrl).origin}`)
    expect(csp).toContain(new URL(venue.mapEmbedUrl).origin)
    expect(csp).toContain(new URL(venue.giftCardUrl).origin)
  })

  test('HSTS only over HTTPS, and a proxy is believed only with TRUST_PROXY', async () => {
    const plain = await t.call('GET', '/api/health', { headers: { 'x-forwarded-proto': 'https' } })
    expect(plain.headers.get('strict-transport-security')).toBeNull()
    const proxied = await makeTestApp({ env: { TRUST_PROXY: 'true' } })
    const res = await proxied.call('GET', '/api/health', { headers: { 'x-forwarded-proto': 'https' } })
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
    proxied.close()
  })
})
