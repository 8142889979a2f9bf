/**
 * A hostile client against issue 16's new surface (gallery order and descriptions, served pages with
 * page tags): what it found, kept as tests. The real app (app.handle) on a real SQLite file; the
 * served-page checks use a small built site written here (a page with a page-tag block and a
 * precompressed file), so no web build is needed.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { ALT_TEXT_MAX } from '../src/shared/rules/alt-text'
import { eventShareMeta, pageMetaFor } from '../src/shared/page-meta'
import { ORDER_IDS_INVALID } from '../src/features/galleries/model'
import { fileOf, jsonOf, makeImage, makeTestApp, type TestApp } from './helpers'
import { writeBuiltSite } from './seo-fixture'

let t: TestApp
let token: string
let home: number[]

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
  token = await t.token()
  const form = new FormData()
  for (let i = 0; i < 3; i++) form.append('images', fileOf(await makeImage('jpeg', 40 + i, 30), `p${i}.jpg`))
  form.append('type', 'generic')
  const res = await t.call('POST', '/api/upload-gallery', { token, form })
  expect(res.status).toBe(201)
  home = (await jsonOf(res)).images.map((image: { id: number }) => image.id)
})
afterAll(() => t.close())

const order = (body: unknown) => t.call('PUT', '/api/gallery/1/order', { json: body, token })
const publicIds = async () => ((await jsonOf(await t.call('GET', '/api/gallery/generic'))) as { id: number }[]).map((image) => image.id)

describe('gallery order: bad input gets a clear error', () => {
  test('a negative, fractional or huge id answers the order rule, not the validator’s internals', async () => {
    for (const ids of [[home[0], -1], [1.5], [0], ['x']]) {
      const res = await order({ ids })
      expect(res.status).toBe(400)
      expect((await jsonOf(res)).error).toBe(ORDER_IDS_INVALID)
    }
    const tooMany = await order({ ids: Array.from({ length: 10_001 }, (_, i) => i + 1) })
    expect(tooMany.status).toBe(400)
    expect((await jsonOf(tooMany)).error).toContain('10000')
    expect(await publicIds()).toEqual(home)
  })

  test('an order naming thousands of unknown pictures is a 409 with a short message, and nothing moves', async () => {
    const strangers = Array.from({ length: 9_990 }, (_, i) => i + 500_000)
    const res = await order({ ids: [...home].reverse().concat(strangers) })
    expect(res.status).toBe(409)
    const body = await jsonOf(res)
    expect(body.error.length).toBeLessThan(400)
    expect(body.error).toContain('500000')
    expect(body.error).toContain('9990')
    expect(body.current.ids).toEqual(home)
    expect(await publicIds()).toEqual(home)
  })
})

describe('descriptions (alt text) keep no invisible control characters', () => {
  test('control characters and bidi overrides are dropped, as the shared rule stores text', async () => {
    const sent = 'Log fire\u0000 in the\u0007 bar \u202Edrow\u202C\u2066x\u2069\u0085 end'
    const res = await t.call('PUT', `/api/edit-gallery/${home[0]}`, { json: { alt: sent }, token })
    expect(res.status).toBe(200)
    const { image } = await jsonOf(res)
    expect(image.alt_text).toBe('Log fire in the bar drowx end')
    expect(image.alt).toBe(image.alt_text)
  })

  test('a description that is only control characters is no description', async () => {
    const res = await t.call('PUT', `/api/edit-gallery/${home[1]}`, { json: { alt: '\u0000\u0001\u202E' }, token })
    expect(res.status).toBe(200)
    expect((await jsonOf(res)).image.alt_text).toBeNull()
  })

  test('the length limit counts what is stored', async () => {
    const res = await t.call('PUT', `/api/edit-gallery/${home[2]}`, { json: { alt: `${'a'.repeat(ALT_TEXT_MAX)}${'\u0000'.repeat(20)}` }, token })
    expect(res.status).toBe(200)
    expect((await jsonOf(res)).image.alt_text).toBe('a'.repeat(ALT_TEXT_MAX))
  })
})

describe('a description of the wrong type is refused in the field’s own words', () => {
  test('edit-gallery and upload-event: a number, object or list as alt is a 400 that names the description', async () => {
    for (const alt of [7, { a: 1 }, ['x'], true]) {
      const res = await t.call('PUT', `/api/edit-gallery/${home[0]}`, { json: { alt }, token })
      expect([alt, res.status, (await jsonOf(res)).error]).toEqual([alt, 400, 'alt must be text.'])
    }
    const image = Buffer.from(await makeImage('jpeg', 60, 40)).toString('base64')
    const event = { title: 'Quiz', description: 'Rounds', startDatetime: '2030-01-01T19:00', image_base64: image }
    for (const [field, value, message] of [
      ['alt_text', 7, 'The description (alt text) must be text.'],
      ['image_base64', 7, 'The image must be sent as base64 text.'],
    ] as const) {
      const res = await t.call('POST', '/api/upload-event', { json: { ...event, [field]: value }, token })
      expect([field, res.status, (await jsonOf(res)).error]).toEqual([field, 400, message])
    }
    expect((await jsonOf(await t.call('GET', '/api/admin/events', { token }))).length).toBe(0)
  })
})

describe('a body of a type the API does not read', () => {
  test('application/xml, text/json, vnd.api+json: 415 that says what to send, and nothing moves', async () => {
    const body = JSON.stringify({ ids: [...home].reverse() })
    for (const type of ['application/xml', 'text/json', 'application/vnd.api+json', 'image/png']) {
      const res = await t.call('PUT', '/api/gallery/1/order', { body, headers: { 'content-type': type }, token })
      expect([type, res.status, (await jsonOf(res)).error]).toEqual([type, 415, 'This address takes JSON: send the body as application/json.'])
    }
    const edit = await t.call('PUT', `/api/edit-gallery/${home[0]}`, { body: '{"alt":"x"}', headers: { 'content-type': 'application/xml' }, token })
    expect(edit.status).toBe(415)
    const upload = await t.call('POST', '/api/upload-gallery', { body: '<images/>', headers: { 'content-type': 'application/xml' }, token })
    expect(upload.status).toBe(415)
    expect((await jsonOf(upload)).error).toContain('multipart/form-data')
    expect(await publicIds()).toEqual(home)
  })

  test('a declared type with no body is no body: a delete with a stray type still works', async () => {
    const res = await t.call('DELETE', '/api/delete-gallery/999999', { headers: { 'content-type': 'application/xml' }, token })
    expect(res.status).toBe(404)
  })
})

describe('the sitemap of a server without a web build', () => {
  test('is a 404 with a JSON error saying why, not a 5xx', async () => {
    const bare = await makeTestApp()
    try {
      for (const method of ['GET', 'HEAD']) {
        const res = await bare.call(method, '/sitemap.xml')
        expect([method, res.status]).toEqual([method, 404])
        expect(res.headers.get('content-type')).toContain('application/json')
        if (method === 'GET') expect((await jsonOf(res)).error).toContain('not been built')
      }
    } finally {
      bare.close()
    }
  })
})

describe('the sitemap under a long activity trail', () => {
  test('is made once per data version: repeated requests do not rescan the trail, and a write still shows', async () => {
    const site = await makeTestApp()
    try {
      writeBuiltSite(site.ctx.config.webDistDir, site.ctx.config.venue)
      // A year of failed logins from many addresses: rows the sitemap's "last deleted" query walks past.
      const insert = site.ctx.db.query("INSERT INTO activity (at, username, kind, action, summary) VALUES (?, 'x', 'login', 'failed', 'Failed login')")
      const start = Date.parse('2026-01-01T00:00:00Z')
      site.ctx.db.transaction(() => {
        for (let i = 0; i < 300_000; i++) insert.run(new Date(start + i * 60_000).toISOString())
      })()
      const first = await site.call('GET', '/sitemap.xml')
      const xml = await first.text()
      const began = performance.now()
      for (let i = 0; i < 30; i++) expect(await (await site.call('GET', '/sitemap.xml')).text()).toBe(xml)
      // Uncached, each request scans the trail once per page (about 150 ms here); cached, it is a lookup.
      expect(performance.now() - began).toBeLessThan(1500)
      const staff = await site.token()
      const form = new FormData()
      form.append('images', fileOf(await makeImage('jpeg', 50, 30), 'new.jpg'))
      form.append('type', 'cafe')
      expect((await site.call('POST', '/api/upload-gallery', { token: staff, form })).status).toBe(201)
      expect(await (await site.call('GET', '/sitemap.xml')).text()).not.toBe(xml)
    } finally {
      site.close()
    }
  }, 60_000)
})

describe('an event’s share card', () => {
  test('a long description is cut between characters, never inside an emoji (no lone surrogate in og:description)', () => {
    const venue = t.ctx.config.venue
    const events = pageMetaFor('/events', 'Events', venue)
    const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
    for (let at = 195; at <= 200; at++) {
      const description = `${'a'.repeat(at)}${'🎻'.repeat(30)}`
      const meta = eventShareMeta(events, { id: 1, title: 'Folk night', description, image: null })
      expect([at, loneSurrogate.test(meta.description)]).toEqual([at, false])
      expect(meta.description.endsWith('…')).toBe(true)
      expect([...meta.description].length).toBeLessThanOrEqual(200)
    }
  })
})

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
