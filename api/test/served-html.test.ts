/**
 * The HTML the server sends for a pre-rendered page carries the venues' structured data as it is in
 * the database now, not as it was at build time: each venue's own weekly hours and upcoming
 * exceptions, absolute URLs from SITE_URL, an ETag that follows the data, and precompressed copies
 * made from the rewritten page. Build-internal files are never served.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { EXTERNAL_CHANGES_CHECK_MS } from '../src/db/data-version'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { loadConfig } from '../src/config'
import { GROUP_DAYS, HOTEL_GROUPS, STABLES_GROUPS, type OpeningTimes } from '../src/features/opening-times/model'
import { jsonOf, makeTestApp, type TestApp } from './helpers'

const SITE_URL = 'https://www.larkdale.example'
// 23:30 UTC on 1 June 2026 is already 2 June at the venue (BST).
let now = new Date('2026-06-01T23:30:00Z')
const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']

/**
 * What the build writes (web/build/prerender.ts): the page in #root and, in <head>, the venues' data
 * as known at build time (no hours: the build has no database). Stale on purpose: the 08:00-22:00 of
 * the first release, and a relative URL.
 */
const BUILD_TIME_DATA = JSON.stringify([
  {
    '@context': 'https://schema.org',
    '@type': 'Hotel',
    name: 'Larkdale Hotel',
    url: '/',
    openingHoursSpecification: [{ '@type': 'OpeningHoursSpecification', dayOfWeek: DAY_NAMES, opens: '08:00', closes: '22:00' }],
  },
  {
    '@context': 'https://schema.org',
    '@type': 'BarOrPub',
    name: 'The Stables bar',
    url: '/drink',
    openingHoursSpecification: [{ '@type': 'OpeningHoursSpecification', dayOfWeek: DAY_NAMES, opens: '08:00', closes: '22:00' }],
  },
])
const page = (module: string, withData: boolean) =>
  `<!doctype html><html lang="en-GB"><head><meta charset="UTF-8"><title>Larkdale</title>` +
  (withData ? `<script type="application/ld+json" id="venue-structured-data">${BUILD_TIME_DATA}</script>` : '') +
  `<script type="module" src="/assets/index-abc.js"></script></head><body><div id="root" data-page="${module}"><main><h1>${module}</h1>${'<p>Walk in from the hills.</p>'.repeat(60)}</main></div></body></html>`

let t: TestApp
let token: string
let dist: string

beforeAll(async () => {
  t = await makeTestApp({ env: { SITE_URL: `${SITE_URL}/` }, now: () => now })
  token = await t.token()
  dist = join(t.dataDir, 'no-web-build')
  const write = (name: string, text: string | Uint8Array) => {
    mkdirSync(join(dist, name, '..'), { recursive: true })
    writeFileSync(join(dist, name), text)
  }
  write('index.html', page('Home', true))
  write('contact/index.html', page('Contact', true))
  write('eat/index.html', page('Eat', false))
  write('app-shell.html', '<!doctype html><html><head></head><body><div id="root"></div></body></html>')
  // The build's precompressed copies hold the build-time data; they must not be sent for rewritten pages.
  write('index.html.gz', Bun.gzipSync(page('Home', true)))
  write('.vite/manifest.json', '{"src/main.tsx":{"file":"assets/index-abc.js"}}')
  write('.vite/chunk-modules.json', '{}')
  write('assets/index-abc.js', 'console.log(1)')
})
afterAll(() => t.close())

type Node = Record<string, any>

function structuredData(html: string): Node[] {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)]
  return blocks.flatMap((match) => [JSON.parse(match[1]!)].flat() as Node[])
}

const LOCAL_BUSINESS = new Set(['LocalBusiness', 'Hotel', 'BarOrPub', 'LodgingBusiness', 'FoodEstablishment', 'Restaurant', 'CafeOrCoffeeShop'])
const businesses = (html: string) => structuredData(html).filter((node) => LOCAL_BUSINESS.has(node['@type']))

async function served(path: string, headers: Record<string, string> = {}) {
  const res = await t.call('GET', path, { headers })
  return { res, html: res.status === 200 ? await res.text() : '' }
}

/** Weekly hours as schema.org should state them, read from the opening-times API: closed groups are left out. */
function expectedWeek(groups: Record<string, { closed: boolean; hours: { open_time: string; close_time: string } | null }>, order: readonly string[]) {
  return order.flatMap((key) => {
    const group = groups[key]!
    if (group.closed || !group.hours) return []
    return [
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: GROUP_DAYS[key as keyof typeof GROUP_DAYS].map((day) => DAY_NAMES[day]),
        opens: group.hours.open_time,
        closes: group.hours.close_time,
      },
    ]
  })
}

async function expectHoursOfApi(html: string) {
  const times = await jsonOf<OpeningTimes>(await t.call('GET', '/api/opening-times'))
  const [hotel, bar] = businesses(html)
  expect(hotel!['@type']).toBe('Hotel')
  expect(bar!['@type']).toBe('BarOrPub')
  expect(hotel!.openingHoursSpecification).toEqual(expectedWeek(times.monsal, HOTEL_GROUPS))
  expect(bar!.openingHoursSpecification).toEqual(expectedWeek(times.stables, STABLES_GROUPS))
  return { hotel: hotel!, bar: bar! }
}

describe('structured data in the served pages', () => {
  test('/ and /contact: two LocalBusiness nodes, each with its own hours as the opening-times API has them', async () => {
    for (const path of ['/', '/contact', '/contact/']) {
      const { res, html } = await served(path)
      expect(res.status, path).toBe(200)
      expect(res.headers.get('content-type')).toContain('text/html')
      expect(res.headers.get('cache-control')).toBe('no-cache')
      expect(businesses(html), path).toHaveLength(2)
      const { hotel, bar } = await expectHoursOfApi(html)
      expect(hotel.name).toBe('Larkdale Hotel')
      expect(bar.name).toBe('The Stables bar')
      const venue = t.ctx.venue()
      for (const node of [hotel, bar]) {
        expect(node['@context']).toBe('https://schema.org')
        expect(node.telephone).toBe(venue.phone)
        expect(node.email).toBe(venue.email)
        expect(node.address).toMatchObject({ '@type': 'PostalAddress', streetAddress: venue.address.street, postalCode: venue.address.postcode })
        expect(node.geo).toEqual({ '@type': 'GeoCoordinates', latitude: venue.geo.latitude, longitude: venue.geo.longitude })
      }
      // The bug: the Stables opens at 11:00 or 12:00, never 08:00.
      const barOpens = new Set(bar.openingHoursSpecification.map((spec: Node) => spec.opens))
      expect([...barOpens].sort()).toEqual(['11:00', '12:00'])
      expect(bar.openingHoursSpecification.some((spec: Node) => spec.opens === '08:00' && spec.closes === '22:00')).toBe(false)
      // One block, in <head>, outside the hydrated root: the page itself is left as the build made it.
      expect(html.match(/application\/ld\+json/g)).toHaveLength(1)
      expect(html.indexOf('application/ld+json')).toBeLessThan(html.indexOf('</head>'))
      expect(html).toContain(`<div id="root" data-page="${path === '/' ? 'Home' : 'Contact'}"><main>`)
    }
  })

  test('every URL is absolute, from SITE_URL', async () => {
    const { html } = await served('/')
    for (const node of businesses(html)) {
      for (const key of ['@id', 'url', 'image']) expect(node[key], key).toStartWith(`${SITE_URL}/`)
    }
    const [hotel, bar] = businesses(html)
    expect(hotel!.url).toBe(`${SITE_URL}/`)
    expect(bar!.url).toBe(`${SITE_URL}/drink`)
  })

  test('a page without structured data and the app shell are sent as built', async () => {
    const eat = await served('/eat')
    expect(eat.html).toBe(page('Eat', false))
    const shell = await served('/login')
    expect(shell.html).not.toContain('ld+json')
  })

  test('a staff change to the hours and a new exception show in the next page served', async () => {
    const before = await served('/')
    const etagBefore = before.res.headers.get('etag')!
    expect(etagBefore).toBeTruthy()
    expect((await t.call('GET', '/', { headers: { 'if-none-match': etagBefore } })).status).toBe(304)

    const update = await t.call('PUT', '/api/update-times', {
      token,
      json: { name: 'The Stables bar', day: 'saturday', open_time: '10:30', close_time: '23:30', type: 'opening' },
    })
    expect(update.status).toBe(200)
    const afterHours = await served('/contact')
    const { bar } = await expectHoursOfApi(afterHours.html)
    expect(bar.openingHoursSpecification).toContainEqual({ '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday'], opens: '10:30', closes: '23:30' })

    const closedDay = await t.call('POST', '/api/add-bank-holiday-times', {
      token,
      json: { location: 'Larkdale Hotel', holiday_date: '2026-06-03', closed: true },
    })
    expect(closedDay.status).toBe(201)
    const shortDay = await t.call('POST', '/api/add-bank-holiday-times', {
      token,
      json: { location: 'The Stables bar', holiday_date: '2026-08-31', open_time: '13:00', close_time: '18:00' },
    })
    expect(shortDay.status).toBe(201)

    const after = await served('/')
    const { hotel, bar: barAfter } = await expectHoursOfApi(after.html)
    // Closed all day: opens and closes both 00:00, as search engines read it.
    expect(hotel.specialOpeningHoursSpecification).toEqual([
      { '@type': 'OpeningHoursSpecification', validFrom: '2026-06-03', validThrough: '2026-06-03', opens: '00:00', closes: '00:00' },
    ])
    expect(barAfter.specialOpeningHoursSpecification).toEqual([
      { '@type': 'OpeningHoursSpecification', validFrom: '2026-08-31', validThrough: '2026-08-31', opens: '13:00', closes: '18:00' },
    ])

    const etagAfter = after.res.headers.get('etag')!
    expect(etagAfter).not.toBe(etagBefore)
    expect((await t.call('GET', '/', { headers: { 'if-none-match': etagBefore } })).status).toBe(200)
    const notModified = await t.call('GET', '/', { headers: { 'if-none-match': etagAfter } })
    expect(notModified.status).toBe(304)
    expect(notModified.headers.get('etag')).toBe(etagAfter)
    expect(await notModified.text()).toBe('')
  })

  test('a closed group is left out of the week', async () => {
    const res = await t.call('PUT', '/api/update-times', { token, json: { name: 'The Stables bar', day: 'monday_to_tuesday', type: 'opening', closed: true } })
    expect(res.status).toBe(200)
    const { bar } = await expectHoursOfApi((await served('/')).html)
    expect(bar.openingHoursSpecification.flatMap((spec: Node) => spec.dayOfWeek)).not.toContain('Monday')
    const reopened = await t.call('PUT', '/api/update-times', {
      token,
      json: { name: 'The Stables bar', day: 'monday_to_tuesday', type: 'opening', open_time: '12:00', close_time: '22:00' },
    })
    expect(reopened.status).toBe(200)
    expect((await expectHoursOfApi((await served('/')).html)).bar.openingHoursSpecification[0].dayOfWeek).toEqual(['Monday', 'Tuesday'])
  })

  test('a change written by another connection (a restore, a script) shows too', async () => {
    const other = new Database(t.ctx.config.databaseFile)
    other.query("UPDATE opening_times SET open_time = '07:30' WHERE venue = 'hotel' AND group_key = 'sunday'").run()
    other.close()
    // Another process's writes are looked for every EXTERNAL_CHANGES_CHECK_MS, not on every read.
    const deadline = Date.now() + 20 * EXTERNAL_CHANGES_CHECK_MS
    while (!(await served('/')).html.includes('07:30') && Date.now() < deadline) await Bun.sleep(EXTERNAL_CHANGES_CHECK_MS / 5)
    const { hotel } = await expectHoursOfApi((await served('/')).html)
    expect(hotel.openingHoursSpecification).toContainEqual({ '@type': 'OpeningHoursSpecification', dayOfWeek: ['Sunday'], opens: '07:30', closes: '21:00' })
  })

  test("another connection's write shows in the API from the moment a served page shows it", async () => {
    // The pages look for other processes' writes first, the API a little later: with a check of its
    // own, the API would go on sending the old hours for up to EXTERNAL_CHANGES_CHECK_MS after a page
    // showed the new ones (the clean-clone run of a44fc0f failed on exactly that).
    expect((await served('/')).html).not.toContain('21:15')
    await Bun.sleep(EXTERNAL_CHANGES_CHECK_MS * 0.6)
    await t.call('GET', '/api/opening-times')
    const other = new Database(t.ctx.config.databaseFile)
    other.query("UPDATE opening_times SET close_time = '21:15' WHERE venue = 'stables' AND group_key = 'sunday'").run()
    other.close()
    const deadline = Date.now() + 20 * EXTERNAL_CHANGES_CHECK_MS
    while (!(await served('/')).html.includes('21:15') && Date.now() < deadline) await Bun.sleep(EXTERNAL_CHANGES_CHECK_MS / 25)
    const times = await jsonOf<OpeningTimes>(await t.call('GET', '/api/opening-times'))
    expect(times.stables.sunday!.hours?.close_time).toBe('21:15')
  })

  test('an exception drops out once its day has passed at the venue', async () => {
    expect(businesses((await served('/')).html)[0]!.specialOpeningHoursSpecification).toHaveLength(1)
    const etag = (await served('/')).res.headers.get('etag')
    now = new Date('2026-06-03T23:30:00Z') // 4 June at the venue
    const { res, html } = await served('/')
    expect(businesses(html)[0]!.specialOpeningHoursSpecification ?? []).toEqual([])
    expect(businesses(html)[1]!.specialOpeningHoursSpecification).toHaveLength(1)
    expect(res.headers.get('etag')).not.toBe(etag)
  })

  test('a write that changes nothing the page shows keeps its ETag', async () => {
    const etag = (await served('/')).res.headers.get('etag')
    const sent = await t.call('POST', '/api/email/send-email', {
      json: { name: 'Ann', phone: '01632 960 000', email: 'ann@example.com', message: 'Is the bar dog friendly?' },
    })
    expect(sent.status).toBe(200)
    expect((await served('/')).res.headers.get('etag')).toBe(etag)
  })

  test('br and gzip copies are made from the rewritten page, each with its own ETag', async () => {
    const plain = await served('/')
    const gz = await t.call('GET', '/', { headers: { 'accept-encoding': 'gzip' } })
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(gz.headers.get('vary')).toContain('accept-encoding')
    const gzBody = new TextDecoder().decode(gunzipSync(new Uint8Array(await gz.arrayBuffer())))
    expect(gzBody).toBe(plain.html)
    const br = await t.call('GET', '/', { headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(new TextDecoder().decode(brotliDecompressSync(new Uint8Array(await br.arrayBuffer())))).toBe(plain.html)
    const etags = new Set([plain.res.headers.get('etag'), gz.headers.get('etag'), br.headers.get('etag')])
    expect(etags.size).toBe(3)
    expect((await t.call('GET', '/', { headers: { 'accept-encoding': 'br', 'if-none-match': br.headers.get('etag')! } })).status).toBe(304)
  })
})

describe('build-internal files', () => {
  test('nothing under /.vite/, no dotfile and no precompressed copy is served', async () => {
    for (const path of [
      '/.vite/manifest.json',
      '/.vite/chunk-modules.json',
      '/.vite/',
      '/%2Evite/manifest.json',
      '/assets/../.vite/manifest.json',
      '/.env',
      '/index.html.gz',
    ]) {
      const res = await t.call('GET', path)
      expect(res.status, path).toBe(404)
      expect(res.headers.get('content-type'), path).toContain('application/json')
      expect((await jsonOf(res)).error, path).toBeTruthy()
    }
    expect((await t.call('GET', '/assets/index-abc.js')).status).toBe(200)
  })
})

describe('SITE_URL', () => {
  test('defaults to this server on localhost, keeps a path and drops a trailing slash', () => {
    expect(loadConfig({}).siteUrl).toBe('http://localhost:3000')
    expect(loadConfig({ PORT: '8080' }).siteUrl).toBe('http://localhost:8080')
    expect(loadConfig({ SITE_URL: 'https://larkdale.example/' }).siteUrl).toBe('https://larkdale.example')
    expect(loadConfig({ SITE_URL: 'https://example.org/larkdale/' }).siteUrl).toBe('https://example.org/larkdale')
  })

  test('anything but an http(s) address is refused with a clear message', () => {
    for (const bad of ['larkdale.example', 'ftp://larkdale.example', 'https://larkdale.example/?a=1', 'https://larkdale.example/#x']) {
      expect(() => loadConfig({ SITE_URL: bad }), bad).toThrow(/SITE_URL/)
    }
  })
})

describe('venue names that look like markup', () => {
  test("a name with '</script>' or '$&' stays data: one block, read back exactly", async () => {
    const hotelName = `Larkdale </script><script>alert(1)</script> $& $' Inn`
    const venueDir = mkdtempSync(join(tmpdir(), 'venue-file-'))
    const venueFile = join(venueDir, 'venue.json')
    writeFileSync(venueFile, JSON.stringify({ hotelName }))
    const odd = await makeTestApp({ env: { SITE_URL, VENUE_FILE: venueFile } })
    try {
      mkdirSync(odd.ctx.config.webDistDir, { recursive: true })
      writeFileSync(join(odd.ctx.config.webDistDir, 'index.html'), page('Home', true))
      const html = await (await odd.call('GET', '/')).text()
      expect(html.match(/<script/g)).toHaveLength(2) // the block and the entry script: nothing injected
      expect(businesses(html)[0]!.name).toBe(hotelName)
    } finally {
      odd.close()
      rmSync(venueDir, { recursive: true, force: true })
    }
  })
})
