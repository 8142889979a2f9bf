// The venue's logo replaced by an owner: checked (PNG or WebP, big enough, about square), shown on every
// page at once, the installed app's icons and manifest following it; the original back on request.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { existsSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { fileOf, jsonOf, makeImage, makeTestApp, type TestApp } from './helpers'

let t: TestApp
let owner: string
// No demo content: the venue's details are seeded without it, and its pictures are slow to draw on a busy machine.
beforeAll(async () => {
  t = await makeTestApp()
  owner = await t.token()
})
afterAll(() => t?.close())

async function upload(bytes: Uint8Array, name: string, token = owner) {
  const form = new FormData()
  form.append('logo', fileOf(bytes, name))
  return t.call('POST', '/api/admin/venue/logo', { token, form })
}
const fileCount = () => (t.ctx.db.query('SELECT count(*) AS n FROM files').get() as { n: number }).n
const pngSize = async (res: Response) => {
  const { width, height, format } = await sharp(new Uint8Array(await res.arrayBuffer())).metadata()
  return [format, width, height]
}

describe('the venue’s logo', () => {
  test('a square PNG becomes the logo every page names, and the app icons are drawn from it', async () => {
    expect((await jsonOf(await t.call('GET', '/api/venue'))).logo).toBe('/logo.svg')
    // No build here, and no logo yet: no icon to send, said as such.
    expect((await t.call('GET', '/icons/icon-192.png')).status).toBe(404)
    expect((await t.call('GET', '/icons/..%2Fsecrets')).status).toBe(404)
    const res = await upload(await makeImage('png', 600, 600, '#c9a86a'), 'logo.png')
    expect(res.status).toBe(200)
    const { logo } = await jsonOf(res)
    expect(logo).toMatch(/^\/files\/[a-f0-9]{32}\.png$/)
    expect((await jsonOf(await t.call('GET', '/api/venue'))).logo).toBe(logo)
    for (const [file, size] of [
      ['icon-192.png', 192],
      ['icon-maskable-512.png', 512],
      ['apple-touch-icon-180.png', 180],
      ['favicon-48.png', 48],
    ] as const) {
      const icon = await t.call('GET', `/icons/${file}`)
      expect([icon.status, icon.headers.get('content-type'), icon.headers.get('cache-control')]).toEqual([200, 'image/png', 'no-cache'])
      expect(await pngSize(icon)).toEqual(['png', size, size])
    }
    const trail = (await jsonOf(await t.call('GET', '/api/admin/activity?kind=venue', { token: owner }))) as { summary: string; changes: unknown[] }[]
    expect(trail[0]).toMatchObject({ summary: 'Replaced the logo', changes: [{ field: 'logo', before: '/logo.svg', after: logo }] })
  })

  test('the manifest names the venue as it is now, and its icons change address with the logo', async () => {
    const before = await jsonOf(await t.call('GET', '/manifest.webmanifest'))
    const { venue, updated_at } = await jsonOf(await t.call('GET', '/api/admin/venue', { token: owner }))
    const saved = await t.call('PUT', '/api/admin/venue', {
      token: owner,
      json: { ...venue, hotelName: 'Fellside Inn' },
      headers: { 'if-match': `"${updated_at}"` },
    })
    expect(saved.status).toBe(200)
    const after = await jsonOf(await t.call('GET', '/manifest.webmanifest'))
    expect([after.name, after.short_name]).toEqual(['Fellside Inn & The Stables', 'Fellside'])
    const again = await upload(await makeImage('webp', 512, 512, '#2f4a3a'), 'logo.webp')
    expect(again.status).toBe(200)
    const newest = await jsonOf(await t.call('GET', '/manifest.webmanifest'))
    expect(newest.icons[0].src).not.toBe(after.icons[0].src)
    expect(before.icons.map((icon: { purpose: string }) => icon.purpose)).toEqual(['any', 'any', 'maskable'])
  })

  test('the installed app’s short name is the name’s first word after an article, without quotes round it', async () => {
    for (const [hotelName, shortName] of [
      ['The Fellside Inn', 'Fellside'],
      ['A Room in the Dale', 'Room'],
      ['"Larkdale" Hotel', 'Larkdale'],
      ["O'Brien's Hotel", "O'Brien's"],
      ['The', 'The'],
    ]) {
      const { venue, updated_at } = await jsonOf(await t.call('GET', '/api/admin/venue', { token: owner }))
      const saved = await t.call('PUT', '/api/admin/venue', { token: owner, json: { ...venue, hotelName }, headers: { 'if-match': `"${updated_at}"` } })
      expect(saved.status, hotelName).toBe(200)
      expect((await jsonOf(await t.call('GET', '/manifest.webmanifest'))).short_name, hotelName).toBe(shortName)
    }
  })

  test('an SVG, a picture too small or far from square, an empty file: refused with the reason, nothing kept', async () => {
    const files = fileCount()
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
    const cases: [Uint8Array, string, RegExp][] = [
      [svg, 'logo.svg', /PNG or WebP picture \(an SVG cannot/],
      [new TextEncoder().encode('<html><script>alert(1)</script></html>'), 'page.png', /PNG or WebP/],
      [(await makeImage('png', 600, 600)).slice(0, 200), 'cut.png', /could not be read/],
      [await makeImage('png', 120, 120), 'small.png', /at least 192 × 192/],
      [await makeImage('png', 900, 300), 'wide.png', /about square/],
      [new Uint8Array(0), 'empty.png', /empty/],
    ]
    for (const [bytes, name, reason] of cases) {
      const res = await upload(bytes, name)
      expect(res.status, name).toBeGreaterThanOrEqual(400)
      expect(res.status, name).toBeLessThan(500)
      expect((await jsonOf(res)).error, name).toMatch(reason)
    }
    expect(fileCount()).toBe(files)
  })

  test('an animated WebP is refused with the reason: the logo on every page and the icons drawn from it keep still', async () => {
    const files = fileCount()
    const before = (await jsonOf(await t.call('GET', '/api/venue'))).logo
    // Three frames, red, green then blue, stacked in one raw strip.
    const side = 256
    const frames = Buffer.alloc(side * side * 3 * 3)
    for (let i = 0; i < frames.length; i += 3) frames[i + Math.floor(i / (side * side * 3))] = 255
    const animated = new Uint8Array(
      await sharp(frames, { raw: { width: side, height: side * 3, channels: 3, pageHeight: side } })
        .webp({ delay: [200, 200, 200], loop: 0 })
        .toBuffer(),
    )
    expect((await sharp(animated).metadata()).pages).toBe(3)
    const res = await upload(animated, 'moving.webp')
    expect(res.status).toBe(400)
    expect((await jsonOf(res)).error).toMatch(/animated.*still picture/)
    expect((await jsonOf(await t.call('GET', '/api/venue'))).logo).toBe(before)
    expect(fileCount()).toBe(files)
  })

  test('an editor may not change it', async () => {
    const first = 'kettle-first-pass-7731'
    const own = 'kettle lantern orchard 42'
    expect((await t.call('POST', '/api/admin/staff', { token: owner, json: { username: 'edna', role: 'editor', password: first } })).status).toBe(201)
    const login = async (password: string) => (await jsonOf(await t.call('POST', '/api/admin/login', { json: { username: 'edna', password } }))).token as string
    const temporary = await login(first)
    await t.call('POST', '/api/admin/password', { token: temporary, json: { current_password: first, new_password: own } })
    const res = await upload(await makeImage('png', 600, 600), 'logo.png', await login(own))
    expect(res.status).toBe(403)
  })

  test('going back to the original logo removes the uploaded one from disk', async () => {
    const { logo } = await jsonOf(await t.call('GET', '/api/venue'))
    expect(existsSync(join(t.ctx.files.dir, logo.slice('/files/'.length)))).toBe(true)
    const res = await t.call('DELETE', '/api/admin/venue/logo', { token: owner })
    expect(res.status).toBe(200)
    expect((await jsonOf(await t.call('GET', '/api/venue'))).logo).toBe('/logo.svg')
    expect(existsSync(join(t.ctx.files.dir, logo.slice('/files/'.length)))).toBe(false)
  })

  test('an icon the worker cannot draw (its logo gone from disk) is a 503 JSON { error } to try again later, not a 500', async () => {
    const { logo } = await jsonOf(await upload(await makeImage('png', 400, 400, '#4a6fa5'), 'logo.png'))
    rmSync(join(t.ctx.files.dir, logo.slice('/files/'.length)))
    const icon = await t.call('GET', '/icons/icon-512.png')
    expect([icon.status, icon.headers.get('content-type'), icon.headers.get('retry-after')]).toEqual([503, 'application/json; charset=utf-8', '60'])
    expect((await jsonOf(icon)).error).toContain('could not be drawn')
  })
})
