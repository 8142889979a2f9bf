/**
 * /sitemap.xml lists every public page (menus included) by its absolute SITE_URL address with the
 * time its content last changed; /robots.txt points to it and keeps crawlers out of the staff screens,
 * the login and the API. Both revalidate by an ETag of their content. A server without a web build
 * answers the sitemap with a JSON 404, and the sitemap is made once per data version.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { STAFF_PATHS } from '../src/shared/rules/staff-routes'
import { BUILT_AT, PUBLIC_PAGES, writeBuiltSite } from './seo-fixture'
import { fileOf, jsonOf, makeImage, makeTestApp, type TestApp } from './helpers'
import { processorMs } from './processor-time'

const SITE_URL = 'https://www.larkdale.example/inn'
let t: TestApp
let token: string

beforeAll(async () => {
  t = await makeTestApp({ env: { SITE_URL: `${SITE_URL}/` } })
  writeBuiltSite(t.ctx.config.webDistDir, t.ctx.venue())
  token = await t.token()
})
afterAll(() => t.close())

/** Each <url>'s <loc> and <lastmod>. */
function entries(xml: string): Map<string, string> {
  const urls = [...xml.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod><\/url>/g)]
  return new Map(urls.map((match) => [match[1]!, match[2]!]))
}

async function sitemap() {
  const res = await t.call('GET', '/sitemap.xml')
  expect(res.status).toBe(200)
  return { res, xml: await res.text() }
}

describe('/sitemap.xml', () => {
  test('lists every public page, menus included, by absolute SITE_URL address, and nothing else', async () => {
    const { res, xml } = await sitemap()
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8')
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true)
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    const urls = entries(xml)
    expect([...urls.keys()].sort()).toEqual(PUBLIC_PAGES.map((page) => `${SITE_URL}${page.path === '/' ? '/' : page.path}`).sort())
    expect(urls.has(`${SITE_URL}/menu/menu1`)).toBe(true)
    expect(urls.has(`${SITE_URL}/menu/menu2`)).toBe(true)
    expect(xml).not.toContain('/login')
    expect(xml).not.toContain('/admin')
  })

  test('a page without data changes at the build; a page with data when its data last changed', async () => {
    const before = entries((await sitemap()).xml)
    expect(before.get(`${SITE_URL}/about`)).toBe(BUILT_AT)
    // Empty venue: no events yet, so the events page is as old as the build.
    expect(before.get(`${SITE_URL}/events`)).toBe(BUILT_AT)
    const events = await t.call('POST', '/api/upload-event', {
      token,
      json: {
        title: 'Quiz Night',
        description: 'Eight rounds.',
        startDatetime: '2026-07-01T19:30',
        image_base64: `data:image/png;base64,${Buffer.from(await makeImage('png')).toString('base64')}`,
      },
    })
    expect(events.status).toBe(201)
    const afterEvent = entries((await sitemap()).xml)
    const eventsChanged = afterEvent.get(`${SITE_URL}/events`)!
    expect(Date.parse(eventsChanged)).toBeGreaterThan(Date.parse(BUILT_AT))
    expect(afterEvent.get(`${SITE_URL}/about`)).toBe(BUILT_AT)
    expect(afterEvent.get(`${SITE_URL}/eat`)).toBe(before.get(`${SITE_URL}/eat`)!)

    await Bun.sleep(5) // the next change's time must differ from the last one (millisecond timestamps)
    const form = new FormData()
    form.append('images', fileOf(await makeImage('jpeg', 80, 60), 'cafe.jpg'))
    form.append('type', 'cafe')
    expect((await t.call('POST', '/api/upload-gallery', { token, form })).status).toBe(201)
    const afterGallery = entries((await sitemap()).xml)
    expect(Date.parse(afterGallery.get(`${SITE_URL}/eat`)!)).toBeGreaterThan(Date.parse(eventsChanged))
    expect(afterGallery.get(`${SITE_URL}/events`)).toBe(eventsChanged)
  })

  test('a deletion moves the page on too (the data left has no newer row)', async () => {
    const { id } = ((await (await t.call('GET', '/api/admin/events', { token })).json()) as { id: number }[])[0]!
    const before = entries((await sitemap()).xml).get(`${SITE_URL}/events`)!
    await Bun.sleep(5)
    expect((await t.call('POST', '/api/delete-event', { token, json: { id } })).status).toBe(200)
    const after = entries((await sitemap()).xml).get(`${SITE_URL}/events`)!
    expect(Date.parse(after)).toBeGreaterThan(Date.parse(before))
  })

  test('a page’s own words move only that page on; the venue’s details (on every page) move every page on', async () => {
    const before = entries((await sitemap()).xml)
    await Bun.sleep(5)
    const about = {
      title: 'About us',
      smallHeading: 'Our story',
      intro: 'Two hundred years of muddy boots.',
      picture: '/images/hero-drink.jpg',
      pictureDescription: 'The hills at sunset',
      focalX: 50,
      focalY: 50,
      body: 'A drovers’ inn.',
      items: [],
    }
    expect((await t.call('PUT', '/api/admin/pages/about', { token, json: about })).status).toBe(200)
    const afterWords = entries((await sitemap()).xml)
    expect(Date.parse(afterWords.get(`${SITE_URL}/about`)!)).toBeGreaterThan(Date.parse(before.get(`${SITE_URL}/about`)!))
    expect(afterWords.get(`${SITE_URL}/eat`)).toBe(before.get(`${SITE_URL}/eat`)!)

    await Bun.sleep(5)
    const { venue, updated_at } = (await jsonOf(await t.call('GET', '/api/admin/venue', { token }))) as { venue: { phone: string }; updated_at: string }
    const saved = await t.call('PUT', '/api/admin/venue', { token, json: { ...venue, phone: '015394 32999' }, headers: { 'if-match': `"${updated_at}"` } })
    expect(saved.status).toBe(200)
    const afterVenue = entries((await sitemap()).xml)
    for (const [url, lastmod] of afterVenue) expect([url, Date.parse(lastmod) > Date.parse(afterWords.get(url)!)]).toEqual([url, true])
  })

  test('revalidates by an ETag of its content: 304 while unchanged, a new tag after a change', async () => {
    const { res } = await sitemap()
    const etag = res.headers.get('etag')!
    expect(etag).toMatch(/^"[\w-]+"$/)
    expect(res.headers.get('cache-control')).toBe('no-cache')
    const again = await t.call('GET', '/sitemap.xml', { headers: { 'if-none-match': etag } })
    expect(again.status).toBe(304)
    await Bun.sleep(5)
    const put = await t.call('PUT', '/api/update-times', {
      token,
      json: { name: 'The Stables bar', day: 'monday_to_tuesday', type: 'opening', closed: true },
    })
    expect(put.status).toBe(200)
    const changed = await t.call('GET', '/sitemap.xml', { headers: { 'if-none-match': etag } })
    expect(changed.status).toBe(200)
    expect(changed.headers.get('etag')).not.toBe(etag)
  })
})

describe('/robots.txt', () => {
  test('points to the sitemap and keeps crawlers out of every staff screen, the login and the API', async () => {
    const res = await t.call('GET', '/robots.txt')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    const text = await res.text()
    const lines = text.split('\n')
    expect(lines).toContain('User-agent: *')
    expect(lines).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`)
    // SITE_URL has a path: the rules are under it.
    for (const path of [...STAFF_PATHS, '/login', '/api/']) expect(lines).toContain(`Disallow: /inn${path}`)
    expect(lines.filter((line) => line.startsWith('Disallow:'))).toHaveLength(STAFF_PATHS.length + 2)
    const etag = res.headers.get('etag')!
    expect((await t.call('GET', '/robots.txt', { headers: { 'if-none-match': etag } })).status).toBe(304)
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
      writeBuiltSite(site.ctx.config.webDistDir, site.ctx.venue())
      // A year of failed logins from many addresses: rows the sitemap's "last deleted" query walks past.
      const insert = site.ctx.db.query("INSERT INTO activity (at, username, kind, action, summary) VALUES (?, 'x', 'login', 'failed', 'Failed login')")
      const start = Date.parse('2026-01-01T00:00:00Z')
      site.ctx.db.transaction(() => {
        for (let i = 0; i < 300_000; i++) insert.run(new Date(start + i * 60_000).toISOString())
      })()
      const first = await site.call('GET', '/sitemap.xml')
      const xml = await first.text()
      // Uncached, each request scans the trail once per page (about 150 ms of processor time here); cached, it is a lookup.
      const thirty = await processorMs(async () => {
        for (let i = 0; i < 30; i++) expect(await (await site.call('GET', '/sitemap.xml')).text()).toBe(xml)
      })
      expect(thirty).toBeLessThan(1500)
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
