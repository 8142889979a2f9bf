/**
 * The HTML the server sends for a public page holds the data as the database has it now, rendered by
 * the same React components as the browser (the build's server bundle in dist/.server), with that data
 * embedded once for the browser's stores. No browser: the real app (app.handle) on the real build
 * (npm run build first) and a real SQLite file with the demo content. Nothing here runs a script, so
 * what it reads is what a crawler reads. Odd spellings of a page's path get the same rendered page,
 * and a burst of requests right after a staff write all get the new data.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { cpSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { DEMO_ADMIN } from '../../api/src/app'
import { makeServedApp } from './served-app'

const DIST = join(import.meta.dir, '..', 'dist')
const SITE_URL = 'https://www.larkdale.example'

const jsonOf = async (res: Response) => (await res.json()) as any
let t: Awaited<ReturnType<typeof makeServedApp>>
let token: string

beforeAll(async () => {
  if (!existsSync(join(DIST, '.server', 'entry-server.mjs'))) throw new Error('Build first: npm run build (dist/.server/entry-server.mjs is missing)')
  t = await makeServedApp(DIST, { SITE_URL })
  token = (await jsonOf(await t.call('POST', '/api/admin/login', { json: DEMO_ADMIN }))).token
})
afterAll(() => t?.close())

const get = (path: string, headers: Record<string, string> = {}) => t.call('GET', path, { headers })
const html = async (path: string) => (await get(path)).text()
/** What is inside #root: the rendered page (the head and the embedded data left out). */
const rootOf = (page: string) => page.slice(page.indexOf('<div id="root"'), page.lastIndexOf('</body>'))
const escapeHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;')
/** The data embedded for the browser's stores. */
function embeddedData(page: string): { renderedAt: string; stores: Record<string, any> } {
  const match = /<script type="application\/json" id="initial-data">([\s\S]*?)<\/script>/.exec(page)
  if (!match) throw new Error('no #initial-data in the page')
  return JSON.parse(match[1]!)
}

async function pngDataUrl() {
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#4a7' } })
    .png()
    .toBuffer()
  return `data:image/png;base64,${png.toString('base64')}`
}

describe('the served HTML holds current data', () => {
  test("/contact: this week's hours of both venues, in their tables, without a script", async () => {
    const times = await jsonOf(await get('/api/opening-times'))
    const root = rootOf(await html('/contact'))
    expect(root.match(/class="opening-times__table"/g)?.length).toBe(2)
    const hotel = times.monsal.monday_to_friday.hours
    const stables = times.stables.saturday.hours
    expect(root).toContain(`${hotel.open_time} - ${hotel.close_time}`)
    expect(root).toContain(`${stables.open_time} - ${stables.close_time}`)
    expect(root).not.toContain('Loading opening times')
  })

  test("/events: the next event's title; the page's galleries and / show their first images", async () => {
    const events = await jsonOf(await get('/api/events'))
    expect(events.length).toBeGreaterThan(0)
    const root = rootOf(await html('/events'))
    expect(root).toContain(escapeHtml(events[0].title))
    expect(root).not.toContain('Loading events')
    const pictures = await jsonOf(await get('/api/gallery/generic'))
    expect(rootOf(await html('/'))).toContain(pictures[0].image_url)
    const places = await jsonOf(await get('/api/around'))
    expect(rootOf(await html('/around'))).toContain(escapeHtml(places[0].name))
  })

  test('the server bundle is never served', async () => {
    for (const path of ['/.server/entry-server.mjs', '/.server/', '/.server/entry-server.mjs.br']) expect((await get(path)).status).toBe(404)
  })

  test('the data is embedded once, as the API answers it, and React finds it', async () => {
    const page = await html('/contact')
    expect(page.match(/id="initial-data"/g)?.length).toBe(1)
    const data = embeddedData(page)
    expect(data.stores['opening-times']).toEqual(await jsonOf(await get('/api/opening-times')))
    expect(data.stores.holidays).toEqual(await jsonOf(await get('/api/bank-holiday-exceptions')))
    expect(Number.isNaN(Date.parse(data.renderedAt))).toBe(false)
  })
})

describe('a staff change shows in the next page served', () => {
  test('a new event and new opening hours; the ETag follows', async () => {
    const before = await get('/events')
    const beforeTag = before.headers.get('etag')
    const title = `Cheese & ale tasting ${Date.now()}`
    const created = await t.call('POST', '/api/upload-event', {
      token,
      json: { title, description: 'Six cheeses, six ales.', startDatetime: '2099-01-02T19:30', image_base64: await pngDataUrl() },
    })
    expect(created.status).toBe(201)
    const after = await get('/events')
    expect(rootOf(await after.text())).toContain(escapeHtml(title))
    expect(after.headers.get('etag')).not.toBe(beforeTag)

    const contactTag = (await get('/contact')).headers.get('etag')
    const changed = await t.call('PUT', '/api/update-times', {
      token,
      json: { name: 'The Stables bar', day: 'saturday', open_time: '10:45', close_time: '23:15', type: 'opening' },
    })
    expect(changed.status).toBe(200)
    const contact = await get('/contact')
    expect(rootOf(await contact.text())).toContain('10:45 - 23:15')
    expect(contact.headers.get('etag')).not.toBe(contactTag)
  })

  test('an unchanged version sends the same bytes and ETag, and 304 on If-None-Match', async () => {
    for (const encoding of ['br', 'gzip', '']) {
      const headers: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {}
      const first = await get('/contact', headers)
      const second = await get('/contact', headers)
      expect(first.status).toBe(200)
      expect(second.headers.get('etag')).toBe(first.headers.get('etag'))
      expect(Buffer.from(await second.arrayBuffer()).equals(Buffer.from(await first.arrayBuffer()))).toBe(true)
      const revalidated = await get('/contact', { ...headers, 'if-none-match': first.headers.get('etag')! })
      expect(revalidated.status).toBe(304)
      expect(first.headers.get('cache-control')).toBe('no-cache')
    }
  })

  test('the embedded data cannot close its script: a title with </script> stays data', async () => {
    const title = '</script><script>alert("x")</script><!--'
    const created = await t.call('POST', '/api/upload-event', {
      token,
      json: { title, description: 'U+2028 \u2028 and <b>', startDatetime: '2099-01-03T19:30', image_base64: await pngDataUrl() },
    })
    expect(created.status).toBe(201)
    const page = await html('/events')
    expect(page).not.toContain('<script>alert("x")')
    expect(page).not.toContain('<!--"')
    const events = embeddedData(page).stores.events as { title: string }[]
    expect(events.map((event) => event.title)).toContain(title)
  })
})

describe('without the server bundle (an older build)', () => {
  test('the pre-rendered file is sent as built', async () => {
    const older = join(t.dataDir, 'older-build')
    cpSync(DIST, older, { recursive: true, filter: (source) => !source.includes(`${join(DIST, '.server')}`) })
    const old = await makeServedApp(older)
    try {
      const page = await (await old.call('GET', '/events')).text()
      expect(page).not.toContain('id="initial-data"')
      expect(page).toContain('Loading events')
    } finally {
      old.close()
    }
  })
})

describe('structured data from the served data', () => {
  const blocks = (page: string) =>
    [...page.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].flatMap(
      (match) => [JSON.parse(match[1]!)].flat() as Record<string, any>[],
    )

  test('/events: one Event per upcoming event with what Google requires; / and /contact: the venues with hasMenu', async () => {
    const events = await jsonOf(await get('/api/events'))
    const served = blocks(await html('/events')).filter((node) => node['@type'] === 'Event')
    expect(served.map((node) => node.name)).toEqual(events.map((event: { title: string }) => event.title))
    for (const node of served) {
      expect(node.startDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/)
      expect(node.location.address.postalCode).toBeTruthy()
      expect(node.image[0]).toStartWith(`${SITE_URL}/files/`)
      expect(node.eventStatus).toBe('https://schema.org/EventScheduled')
    }
    for (const path of ['/', '/contact']) {
      const businesses = blocks(await html(path)).filter((node) => node.hasMenu)
      expect(businesses.map((node) => node.hasMenu).sort()).toEqual([`${SITE_URL}/menu/menu1`, `${SITE_URL}/menu/menu2`])
      for (const node of businesses) expect(node.openingHoursSpecification.length).toBeGreaterThan(0)
    }
  })
})

describe('page tags on the rendered pages', () => {
  const tag = (page: string, property: string) => new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(page)?.[1]
  const canonical = (page: string) => /<link rel="canonical" href="([^"]*)"/.exec(page)?.[1]

  test('each rendered page has its canonical and Open Graph address at the server SITE_URL, beside its current data', async () => {
    for (const path of ['/', '/contact', '/events']) {
      const page = await html(path)
      expect(page).toContain('id="initial-data"')
      expect(canonical(page)).toBe(`${SITE_URL}${path === '/' ? '/' : path}`)
      expect(tag(page, 'og:url')).toBe(canonical(page))
      expect(tag(page, 'og:image')).toStartWith(`${SITE_URL}/`)
    }
  })

  test("an event's share link is rendered with current data and that event's tags; the plain page keeps its own", async () => {
    const events = (await jsonOf(await get('/api/events'))) as { id: number; title: string }[]
    const event = events[0]!
    const shared = await get(`/events?event=${event.id}`)
    expect(shared.status).toBe(200)
    const page = await shared.text()
    expect(page).toContain('id="initial-data"')
    expect(tag(page, 'og:title')).toContain(escapeHtml(event.title))
    expect(tag(page, 'og:url')).toBe(`${SITE_URL}/events?event=${event.id}`)
    const plain = await html('/events')
    expect(tag(plain, 'og:title')).not.toContain(escapeHtml(event.title))
    expect(shared.headers.get('etag')).not.toBe((await get('/events')).headers.get('etag'))
  })
})

describe('menus as text in the served HTML', () => {
  test('/menu/menu1 and /menu/menu2 hold their menu text (headings and dishes) without a script', async () => {
    for (const [path, id] of [
      ['/menu/menu1', 1],
      ['/menu/menu2', 2],
    ] as const) {
      const menu = (await jsonOf(await get(`/api/get-menu/${id}`))) as { sections: { heading: string; items: { name: string }[] }[] }
      const dishes = menu.sections.flatMap((section) => section.items.map((item) => item.name))
      expect(dishes.length).toBeGreaterThan(0)
      const root = rootOf(await html(path))
      expect(root).toContain('class="menu-text"')
      for (const dish of dishes.slice(0, 5)) expect(root).toContain(escapeHtml(dish))
      // Before scripts choose, CSS shows this text on phones; wider screens get the drawing's place instead.
      expect(root).toMatch(/<div class="menu-first menu-first--text">[\s\S]*class="menu-text"/)
    }
  })
})

describe('every spelling of a page’s path gets the page with current data', () => {
  test('//eat, /eat//, /./events and //events?event=1 are rendered like /eat and /events, not sent as built', async () => {
    for (const [spelling, page] of [
      ['//eat', '/eat'],
      ['/eat//', '/eat'],
      ['//events?event=1', '/events?event=1'],
      ['/./events', '/events'],
      ['///menu//menu1', '/menu/menu1'],
    ]) {
      const expected = await t.call('GET', page!)
      const res = await t.call('GET', spelling!)
      expect([spelling, res.status]).toEqual([spelling, 200])
      const body = await res.text()
      expect([spelling, /<script type="application\/json" id="initial-data">/.test(body)]).toEqual([spelling, true])
      expect([spelling, res.headers.get('etag')]).toEqual([spelling, expected.headers.get('etag')])
      await expected.arrayBuffer()
    }
  })
})

describe('a burst right after a staff write', () => {
  test('hundreds of parallel requests all get the new data, one page (one ETag) per path', async () => {
    const events = (await (await t.call('GET', '/api/admin/events', { token })).json()) as { id: number; description: string; start_datetime: string }[]
    const event = events[0]!
    const title = 'Burst </script><!-- "quiz" & night'
    const write = await t.call('POST', '/api/update-event', {
      token,
      json: { id: event.id, title, description: event.description, start_datetime: event.start_datetime },
    })
    expect(write.status).toBe(200)
    const paths = ['/events', '/', '/eat', `/events?event=${event.id}`]
    const replies = await Promise.all(
      Array.from({ length: 300 }, async (_, i) => {
        const path = paths[i % paths.length]!
        const res = await t.call('GET', path, { headers: { 'accept-encoding': i % 3 === 0 ? 'gzip' : '' } })
        return { path, status: res.status, etag: res.headers.get('etag'), encoding: res.headers.get('content-encoding'), body: await res.arrayBuffer() }
      }),
    )
    for (const path of paths) {
      const mine = replies.filter((reply) => reply.path === path)
      expect(mine.every((reply) => reply.status === 200)).toBe(true)
      expect(new Set(mine.filter((reply) => !reply.encoding).map((reply) => reply.etag)).size).toBe(1)
    }
    const page = new TextDecoder().decode(replies.find((reply) => reply.path === '/events' && !reply.encoding)!.body)
    const shown = embeddedData(page).stores.events.map((e: { title: string }) => e.title)
    expect(shown).toContain(title)
    expect(page.match(/<\/script>/g)?.length).toBe(page.match(/<script\b/g)?.length)
    const shared = new TextDecoder().decode(replies.find((reply) => reply.path.includes('?event=') && !reply.encoding)!.body)
    expect(shared).toContain('<meta property="og:title" content="Burst &lt;/script&gt;&lt;!-- &quot;quiz&quot; &amp; night">')
  })
})
