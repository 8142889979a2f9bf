/**
 * What a crawler and a link-preview fetcher read in the served pages: one canonical address per page,
 * Open Graph and Twitter tags with absolute SITE_URL addresses (an event's share link describes that
 * event, with its picture as a 1200×630 JPEG), and honest statuses: an address that is no page
 * answers 404 with the site's not-found page, while every client-side route still gets the app shell.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { sweepFiles } from '../src/files/sweep'
import { STAFF_PATHS } from '../src/shared/rules/staff-routes'
import { makeImage, makeTestApp, type TestApp } from './helpers'
import { PUBLIC_PAGES, writeBuiltSite } from './seo-fixture'

const SITE_URL = 'https://www.larkdale.example'
let t: TestApp
let token: string

beforeAll(async () => {
  t = await makeTestApp({ env: { SITE_URL }, now: () => new Date('2026-06-01T10:00:00Z') })
  writeBuiltSite(t.ctx.config.webDistDir, t.ctx.venue())
  token = await t.token()
})
afterAll(() => t.close())

const decode = (text: string) =>
  text.replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&')

/** The head's tags: canonical link, description, og:* and twitter:*, each once. */
function headTags(html: string) {
  const head = html.slice(0, html.indexOf('</head>'))
  const tags: Record<string, string[]> = {}
  for (const match of head.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g)) (tags[match[1]!] ??= []).push(decode(match[2]!))
  const canonical = [...head.matchAll(/<link rel="canonical" href="([^"]+)">/g)].map((match) => decode(match[1]!))
  const one = (name: string) => {
    expect(tags[name], name).toHaveLength(1)
    return tags[name]![0]!
  }
  return { tags, canonical, one }
}

async function page(path: string) {
  const res = await t.call('GET', path)
  return { res, html: await res.text() }
}

describe('canonical link and link-preview tags', () => {
  test('every public page: its own absolute canonical address, a real description, 1200×630 og:image', async () => {
    const descriptions = new Set<string>()
    for (const { path, title } of PUBLIC_PAGES) {
      const { res, html } = await page(path)
      expect(res.status, path).toBe(200)
      const { canonical, one } = headTags(html)
      const url = `${SITE_URL}${path}`
      expect(canonical, path).toEqual([url])
      expect(one('og:url')).toBe(url)
      expect(one('og:title')).toBe(title)
      expect(one('og:type')).toBe('website')
      expect(one('og:site_name')).toBe('Larkdale Hotel')
      const description = one('description')
      expect(one('og:description')).toBe(description)
      expect(description.length, path).toBeGreaterThanOrEqual(50)
      expect(description.length, path).toBeLessThanOrEqual(200)
      descriptions.add(description)
      expect(one('og:image')).toMatch(new RegExp(`^${SITE_URL}/images/og/hero-[a-z]+\\.jpg$`))
      expect(one('og:image:width')).toBe('1200')
      expect(one('og:image:height')).toBe('630')
      expect(one('og:image:alt').length).toBeGreaterThan(5)
      expect(one('twitter:card')).toBe('summary_large_image')
      expect(one('twitter:title')).toBe(title)
      expect(one('twitter:description')).toBe(description)
      expect(one('twitter:image')).toBe(one('og:image'))
      // The build's address never leaks through.
      expect(html).not.toContain('build.invalid')
    }
    expect(descriptions.size).toBe(PUBLIC_PAGES.length)
  })

  test('a page’s description and share picture follow its words: staff’s intro, hero and the hero’s description', async () => {
    const before = headTags((await page('/about')).html)
    const intro = `Two hundred years of muddy boots, good ale and long conversations by the fire. ${'Walkers, drovers and dogs have always been welcome here. '.repeat(3)}`
    const words = {
      title: 'About us',
      smallHeading: '',
      intro,
      picture: '/images/hero-stay.jpg',
      pictureDescription: 'Morning over the dale',
      focalX: 50,
      focalY: 50,
      body: '',
      items: [],
    }
    expect((await t.call('PUT', '/api/admin/pages/about', { token, json: words })).status).toBe(200)
    const after = headTags((await page('/about')).html)
    const description = after.one('description')
    expect(description).not.toBe(before.one('description'))
    expect(description.startsWith('Two hundred years of muddy boots')).toBe(true)
    expect([...description].length).toBeLessThanOrEqual(160)
    expect(description.endsWith('…')).toBe(true)
    expect(after.one('og:description')).toBe(description)
    expect(after.one('og:image')).toBe(`${SITE_URL}/images/og/hero-stay.jpg`)
    expect(after.one('og:image:alt')).toBe('Morning over the dale')
    // A picture without a share copy keeps the page's own share picture; an empty intro its own description.
    expect((await t.call('PUT', '/api/admin/pages/about', { token, json: { ...words, intro: '', picture: '/images/unknown.jpg' } })).status).toBe(200)
    const plain = headTags((await page('/about')).html)
    expect(plain.one('description')).toBe(before.one('description'))
    expect(plain.one('og:image')).toBe(before.one('og:image'))
  })

  test('a trailing slash serves the same page, canonicalised to the bare path', async () => {
    for (const path of ['/eat/', '/menu/menu1/', '/contact//']) {
      const { res, html } = await page(path)
      expect(res.status, path).toBe(200)
      expect(headTags(html).canonical).toEqual([`${SITE_URL}${path.replace(/\/+$/, '')}`])
    }
    expect(headTags((await page('/?utm_source=x')).html).canonical).toEqual([`${SITE_URL}/`])
  })

  test("an event's share link answers /events with that event's title, description and picture", async () => {
    const poster = await makeImage('jpeg', 900, 1200, '#a53')
    const created = await t.call('POST', '/api/upload-event', {
      token,
      json: {
        title: 'Folk & Ale "Night"',
        description: 'Fiddles by the fire, ales from the dale.',
        startDatetime: '2026-07-01T19:30',
        image_base64: `data:image/jpeg;base64,${Buffer.from(poster).toString('base64')}`,
      },
    })
    expect(created.status).toBe(201)
    const { id } = ((await created.json()) as { event: { id: number } }).event
    const shareUrl = `${SITE_URL}/events?event=${id}`
    const { res, html } = await page(`/events?event=${id}`)
    expect(res.status).toBe(200)
    const { canonical, one } = headTags(html)
    expect(canonical).toEqual([`${SITE_URL}/events`])
    expect(one('og:url')).toBe(shareUrl)
    expect(one('og:title')).toBe('Folk & Ale "Night"')
    expect(one('twitter:title')).toBe('Folk & Ale "Night"')
    expect(one('og:description')).toBe('Fiddles by the fire, ales from the dale.')
    const image = one('og:image')
    expect(image).toMatch(new RegExp(`^${SITE_URL}/files/[a-f0-9]{32}-og\\.jpg$`))
    // The picture answers, as a 1200×630 JPEG cropped from the poster.
    const picture = await t.call('GET', image.slice(SITE_URL.length))
    expect(picture.status).toBe(200)
    expect(picture.headers.get('content-type')).toBe('image/jpeg')
    const meta = await sharp(new Uint8Array(await picture.arrayBuffer())).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630])
    expect(picture.headers.get('cache-control')).toContain('immutable')

    // The plain events page keeps its own tags; an unknown or malformed event falls back to them.
    const plain = headTags((await page('/events')).html)
    for (const path of ['/events?event=999999', '/events?event=abc']) {
      const other = await page(path)
      expect(other.res.status, path).toBe(200)
      expect(headTags(other.html).one('og:title')).toBe(plain.one('og:title'))
      expect(headTags(other.html).one('og:url')).toBe(`${SITE_URL}/events`)
    }
    expect(plain.one('og:title')).toBe('Events — Larkdale Hotel')
  })

  test('a share picture is kept by the start-up sweep while its image is, and deleted with it', async () => {
    const [event] = (await (await t.call('GET', '/api/admin/events', { token })).json()) as { id: number; image_url: string }[]
    const name = `${event!.image_url.slice('/files/'.length, '/files/'.length + 32)}-og.jpg`
    const path = join(t.ctx.variants.dir, name)
    expect((await t.call('GET', `/files/${name}`)).status).toBe(200)
    expect(sweepFiles(t.ctx.db, t.ctx.files.dir, t.ctx.variants).removedVariants).not.toContain(name)
    expect(existsSync(path)).toBe(true)
    expect((await t.call('POST', '/api/delete-event', { token, json: { id: event!.id } })).status).toBe(200)
    expect(existsSync(path)).toBe(false)
  })

  test('a share picture of an unknown image answers 404 JSON', async () => {
    const res = await t.call('GET', `/files/${'0'.repeat(32)}-og.jpg`)
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ error: 'No such file.' })
  })
})

describe('no soft 404s', () => {
  test('an address that is no page answers 404 with the site’s not-found page', async () => {
    for (const path of ['/no-such-page', '/sitemap.xmlx', '/robots.txt/x', '/eat/more', '/adminx', '/index.htm', '/404.html']) {
      const { res, html } = await page(path)
      expect(res.status, path).toBe(404)
      expect(res.headers.get('content-type'), path).toContain('text/html')
      expect(html, path).toContain('We can’t find that page')
      expect(html, path).not.toContain('rel="canonical"')
    }
  })

  test('a menu that does not exist answers 404 with “Menu not found!”', async () => {
    for (const path of ['/menu/menu9', '/menu/menu3/', '/menu/x']) {
      const { res, html } = await page(path)
      expect(res.status, path).toBe(404)
      expect(html, path).toContain('Menu not found!')
    }
  })

  test('client-side routes keep the app shell: every staff screen, the login, with or without a slash', async () => {
    for (const path of [...STAFF_PATHS, '/login', '/login/', '/admin/']) {
      const { res, html } = await page(path)
      expect(res.status, path).toBe(200)
      expect(html, path).toContain('<div id="root"></div>')
    }
  })

  test('the old dashboard address moves permanently to the dashboard', async () => {
    const res = await t.call('GET', '/adminDashboard')
    expect(res.status).toBe(301)
    expect(res.headers.get('location')).toBe('/admin')
  })

  test('API and file unknowns keep their JSON 404', async () => {
    for (const path of ['/api/nothing', '/files/nothing.jpg']) {
      const res = await t.call('GET', path)
      expect(res.status, path).toBe(404)
      expect(res.headers.get('content-type')).toContain('application/json')
    }
  })
})
