import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { makeTestApp, type TestApp } from './helpers'

let t: TestApp
beforeAll(async () => {
  t = await makeTestApp({ seedDemo: true })
}, 60_000)
afterAll(() => t.close())

describe('API replies', () => {
  test('large JSON is gzipped for clients that accept it, and decodes to the same data', async () => {
    const plain = await t.call('GET', '/api/galleryGrouped')
    const plainText = await plain.text()
    expect(plainText.length).toBeGreaterThan(1024)
    expect(plain.headers.get('content-encoding')).toBeNull()
    const zipped = await t.call('GET', '/api/galleryGrouped', { headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(zipped.headers.get('content-encoding')).toBe('gzip')
    expect(zipped.headers.get('vary')).toContain('accept-encoding')
    const bytes = new Uint8Array(await zipped.arrayBuffer())
    expect(bytes.byteLength).toBeLessThan(plainText.length)
    expect(new TextDecoder().decode(Bun.gunzipSync(bytes))).toBe(plainText)
  })

  test('GETs revalidate with an ETag: unchanged data is a 304 with no body; changed data a new ETag', async () => {
    const first = await t.call('GET', '/api/opening-times')
    const etag = first.headers.get('etag')!
    expect(etag).toMatch(/^W\/"/)
    expect(first.headers.get('cache-control')).toBe('no-cache')
    const again = await t.call('GET', '/api/opening-times', { headers: { 'if-none-match': etag } })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    await t.call('PUT', '/api/update-times', {
      token: await t.token(),
      json: { name: 'The Stables bar', day: 'sunday', open_time: '10:00', close_time: '20:00', type: 'opening' },
    })
    const changed = await t.call('GET', '/api/opening-times', { headers: { 'if-none-match': etag } })
    expect(changed.status).toBe(200)
    expect(changed.headers.get('etag')).not.toBe(etag)
  })

  test('changes and errors carry no ETag', async () => {
    const change = await t.call('PUT', '/api/update-times', {
      token: await t.token(),
      json: { name: 'The Stables bar', day: 'sunday', open_time: '10:00', close_time: '21:00', type: 'opening' },
    })
    expect(change.status).toBe(200)
    expect(change.headers.get('etag')).toBeNull()
    const missing = await t.call('GET', '/api/gallery/nope')
    expect(missing.status).toBe(400)
    expect(missing.headers.get('etag')).toBeNull()
  })
})

describe('web app assets', () => {
  test('the pre-compressed copy the browser accepts is sent, with immutable caching', async () => {
    const dist = join(t.dataDir, 'no-web-build')
    mkdirSync(join(dist, 'assets'), { recursive: true })
    const source = `console.log(${JSON.stringify('x'.repeat(4000))})`
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>')
    writeFileSync(join(dist, 'assets', 'app-1a2b3c.js'), source)
    writeFileSync(join(dist, 'assets', 'app-1a2b3c.js.br'), brotliCompressSync(source))
    writeFileSync(join(dist, 'assets', 'app-1a2b3c.js.gz'), gzipSync(source))
    const br = await t.call('GET', '/assets/app-1a2b3c.js', { headers: { 'accept-encoding': 'gzip, br' } })
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(br.headers.get('content-type')).toContain('javascript')
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(br.headers.get('vary')).toContain('accept-encoding')
    const gz = await t.call('GET', '/assets/app-1a2b3c.js', { headers: { 'accept-encoding': 'gzip' } })
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await gz.arrayBuffer())))).toBe(source)
    const plain = await t.call('GET', '/assets/app-1a2b3c.js')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toBe(source)
    expect(br.headers.get('etag')).not.toBe(plain.headers.get('etag'))
  })
})
