/**
 * Served pages, static files and API replies honour what the client accepts: a coding refused with
 * q=0 is never sent, and conditional requests compare ETags weakly (RFC 9110). The served-page checks
 * use a small built site written here (a page with a page-tag block and a precompressed file), so no
 * web build is needed. The real app (app.handle) on a real SQLite file.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { fileOf, jsonOf, makeImage, makeTestApp, type TestApp } from './helpers'

let t: TestApp

/** A built site of two files: the home page (with the block the server fills with page tags) and an icon with .br/.gz copies. */
function writeSite(dist: string) {
  mkdirSync(dist, { recursive: true })
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><title>Home</title><!--page-meta:/--><!--/page-meta--></head><body><div id="root"></div></body></html>',
  )
  const icon = `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(200)}</svg>`
  writeFileSync(join(dist, 'favicon.svg'), icon)
  writeFileSync(join(dist, 'favicon.svg.br'), brotliCompressSync(icon))
  writeFileSync(join(dist, 'favicon.svg.gz'), gzipSync(icon))
}

beforeAll(async () => {
  t = await makeTestApp()
  writeSite(t.ctx.config.webDistDir)
  const token = await t.token()
  const form = new FormData()
  for (let i = 0; i < 3; i++) form.append('images', fileOf(await makeImage('jpeg', 40 + i, 30), `p${i}.jpg`))
  form.append('type', 'generic')
  const res = await t.call('POST', '/api/upload-gallery', { token, form })
  expect(res.status).toBe(201)
})
afterAll(() => t.close())

describe('served pages honour what the client accepts', () => {
  const get = (path: string, headers: Record<string, string>) => t.call('GET', path, { headers })

  test('a coding the client refuses (q=0), or only names in passing (x-br), is never sent', async () => {
    for (const path of ['/', '/favicon.svg']) {
      const cases: [string, string | null][] = [
        ['br;q=0, gzip', 'gzip'],
        ['br;q=0, gzip;q=0', null],
        ['gzip;q=0', null],
        ['x-br', null],
        ['BR', 'br'],
        ['gzip, br;q=0.0', 'gzip'],
        ['identity', null],
      ]
      for (const [accept, expected] of cases) {
        const res = await get(path, { 'accept-encoding': accept })
        expect(res.status).toBe(200)
        expect([path, accept, res.headers.get('content-encoding')]).toEqual([path, accept, expected])
        await res.arrayBuffer()
      }
    }
  })

  test('API replies: gzip refused with q=0 is not sent; the conditional GET compares weakly', async () => {
    const refused = await get('/api/galleryGrouped', { 'accept-encoding': 'gzip;q=0, br' })
    expect(refused.headers.get('content-encoding')).toBeNull()
    expect((await jsonOf(refused))['1'].length).toBe(3)
    const accepted = await get('/api/galleryGrouped', { 'accept-encoding': 'gzip' })
    expect(accepted.headers.get('content-encoding')).toBe('gzip')
    const etag = accepted.headers.get('etag')!
    await accepted.arrayBuffer()
    expect((await get('/api/galleryGrouped', { 'if-none-match': etag.replace(/^W\//, '') })).status).toBe(304)
  })

  test('If-None-Match: * and the strong spelling of the weak ETag revalidate (weak comparison, RFC 9110)', async () => {
    for (const path of ['/', '/favicon.svg', '/robots.txt']) {
      const first = await get(path, {})
      const etag = first.headers.get('etag')!
      await first.arrayBuffer()
      for (const condition of ['*', etag.replace(/^W\//, ''), `"other", ${etag}`]) {
        const res = await get(path, { 'if-none-match': condition })
        expect([path, condition, res.status]).toEqual([path, condition, 304])
      }
      const other = await get(path, { 'if-none-match': '"other"' })
      expect(other.status).toBe(200)
    }
  })
})
