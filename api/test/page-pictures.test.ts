// A page's hero picture uploaded by staff: through the file worker, shown with its sizes, refused with a
// reason when it is no picture, and removed (with its sizes) once no page shows it, never while one does.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { wordsOfPage } from '../src/features/pages'
import { sweepFiles } from '../src/files/sweep'
import { pageMetaFor, withPageWords } from '../src/shared/page-meta'
import { fileOf, jsonOf, makeImage, makeTestApp, type TestApp } from './helpers'

let t: TestApp
let owner: string
beforeAll(async () => {
  t = await makeTestApp({ seedDemo: true })
  owner = await t.token()
})
afterAll(() => t.close())

const staffPage = async (page: string) =>
  ((await jsonOf(await t.call('GET', '/api/admin/pages', { token: owner }))) as { page: string; picture: string; updated_at: string }[]).find(
    (p) => p.page === page,
  )!

async function upload(page: string, bytes: Uint8Array, name: string, description = 'Morning light over the dale', extra: Record<string, string> = {}) {
  const form = new FormData()
  form.append('picture', fileOf(bytes, name))
  form.append('pictureDescription', description)
  for (const [key, value] of Object.entries(extra)) form.append(key, value)
  return t.call('POST', `/api/admin/pages/${page}/picture`, { token: owner, form })
}
const onDisk = (path: string) => existsSync(join(t.ctx.files.dir, path.slice('/files/'.length)))

describe('a page’s hero picture uploaded by staff', () => {
  test('is saved through the worker, shown to visitors with its sizes, and written in the trail', async () => {
    const res = await upload('stay', await makeImage('png', 1600, 1000, '#7a9'), 'dale.png')
    expect(res.status).toBe(200)
    const { page } = await jsonOf(res)
    expect(page.picture).toMatch(/^\/files\/[a-f0-9]{32}\.(jpg|png|webp)$/)
    expect(page.pictureDescription).toBe('Morning light over the dale')
    expect([page.focalX, page.focalY]).toEqual([50, 50])
    expect(onDisk(page.picture)).toBe(true)
    const shown = await jsonOf(await t.call('GET', '/api/pages/stay'))
    expect(shown.picture).toBe(page.picture)
    expect(shown.pictureVariants.length).toBeGreaterThan(0)
    for (const variant of shown.pictureVariants) expect(variant.url).toMatch(/^\/files\/[a-f0-9]{32}-\d+\.(avif|webp)$/)
    const trail = (await jsonOf(await t.call('GET', '/api/admin/activity?kind=page', { token: owner }))) as {
      record_id: string
      changes: { field: string }[]
    }[]
    expect(trail[0]!.record_id).toBe('stay')
    expect(trail[0]!.changes.map((change) => change.field)).toContain('picture')
  })

  test('a file that is no picture, or a picture without its description, is refused with the reason and changes nothing', async () => {
    const before = await staffPage('eat')
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
    const refused = await upload('eat', svg, 'evil.svg')
    expect(refused.status).toBe(415)
    expect((await jsonOf(refused)).error).toMatch(/^Page picture must be/)
    const silent = await upload('eat', await makeImage('jpeg', 200, 120), 'x.jpg', '   ')
    expect(silent.status).toBe(400)
    expect((await jsonOf(silent)).error).toMatch(/^pictureDescription: /)
    expect((await t.call('POST', '/api/admin/pages/nowhere/picture', { token: owner, form: new FormData() })).status).toBeGreaterThanOrEqual(400)
    expect(await staffPage('eat')).toEqual(before)
  })

  test('a save naming a picture nobody uploaded is refused; one keeping the uploaded picture keeps it', async () => {
    const uploaded = (await jsonOf(await upload('drink', await makeImage('jpeg', 800, 500, '#345'), 'bar.jpg'))).page
    const { page: _key, updated_at: _version, ...fields } = uploaded
    const forged = await t.call('PUT', '/api/admin/pages/drink', { token: owner, json: { ...fields, picture: `/files/${'0'.repeat(32)}.jpg` } })
    expect(forged.status).toBe(400)
    expect((await jsonOf(forged)).error).toContain('is not a picture uploaded to this site')
    const kept = await t.call('PUT', '/api/admin/pages/drink', { token: owner, json: { ...fields, title: 'The bar' } })
    expect(kept.status).toBe(200)
    expect((await jsonOf(kept)).page.picture).toBe(uploaded.picture)
    expect(onDisk(uploaded.picture)).toBe(true)
    // The start-up sweep counts a page's picture as a use.
    sweepFiles(t.ctx.db, t.ctx.files.dir, t.ctx.variants)
    expect(onDisk(uploaded.picture)).toBe(true)
  })

  test('a replaced picture goes from disk once no page shows it, and stays while another page does', async () => {
    const bytes = await makeImage('jpeg', 900, 600, '#a53')
    const first = (await jsonOf(await upload('around', bytes, 'one.jpg'))).page.picture as string
    // The same picture on another page: the same file (content-addressed).
    expect((await jsonOf(await upload('contact', bytes, 'one-again.jpg'))).page.picture).toBe(first)
    await upload('around', await makeImage('jpeg', 900, 600, '#35a'), 'two.jpg')
    expect(onDisk(first)).toBe(true)
    const {
      page: _key,
      updated_at: _version,
      ...contact
    } = await (async () => {
      const all = (await jsonOf(await t.call('GET', '/api/admin/pages', { token: owner }))) as Record<string, unknown>[]
      return all.find((p) => p.page === 'contact')!
    })()
    expect((await t.call('PUT', '/api/admin/pages/contact', { token: owner, json: { ...contact, picture: '/images/hero-contact.jpg' } })).status).toBe(200)
    expect(onDisk(first)).toBe(false)
  })

  test('an upload based on an older version of the page meets the newer one: 409 with the page as it is now', async () => {
    const old = await staffPage('about')
    const {
      page: _key,
      updated_at: _version,
      ...fields
    } = (await jsonOf(await t.call('GET', '/api/admin/pages', { token: owner }))).find((p: { page: string }) => p.page === 'about')
    expect((await t.call('PUT', '/api/admin/pages/about', { token: owner, json: { ...fields, title: 'Our story' } })).status).toBe(200)
    const stale = await upload('about', await makeImage('jpeg', 400, 250), 'a.jpg', 'The inn', { updated_at: old.updated_at })
    expect(stale.status).toBe(409)
    expect((await jsonOf(stale)).current.title).toBe('Our story')
  })

  test('an uploaded hero is the page’s share picture: its 1200×630 copy, with the picture’s description', async () => {
    const res = await upload('eat', await makeImage('jpeg', 1800, 1200, '#a97'), 'breakfast.jpg', 'Breakfast laid out by the window')
    const { page } = await jsonOf(res)
    const words = wordsOfPage(t.ctx, '/eat')!
    expect(words.shareImage).toBe(`${page.picture.slice(0, '/files/'.length + 32)}-og.jpg`)
    const meta = withPageWords(pageMetaFor('/eat', 'Eat', t.ctx.venue()), words)
    expect([meta.image, meta.imageAlt]).toEqual([words.shareImage!, 'Breakfast laid out by the window'])
    const shared = await t.call('GET', words.shareImage!)
    expect(shared.status).toBe(200)
    const { width, height, format } = await sharp(new Uint8Array(await shared.arrayBuffer())).metadata()
    expect([width, height, format]).toEqual([1200, 630, 'jpeg'])
  })
})
