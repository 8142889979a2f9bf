/**
 * The venues' structured data on the real server with the real build: the HTML of / and /contact
 * carries each venue's current hours and upcoming exceptions (a staff change shows in the next page
 * served), with absolute URLs from SITE_URL, and the pages hydrate in Chromium without a word on the
 * console although that data differs from what the build wrote.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import { DESKTOP, launchBrowser, PHONE, startServer, type RunningServer } from './harness'

const SITE_URL = 'https://www.larkdale.example'
const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
const GROUP_DAYS: Record<string, number[]> = {
  monday_to_friday: [1, 2, 3, 4, 5],
  monday_to_tuesday: [1, 2],
  wednesday_to_friday: [3, 4, 5],
  saturday: [6],
  sunday: [0],
}
const PAGES = [
  { path: '/', ready: '.home__status .open-status + .open-status' },
  { path: '/contact', ready: '.opening-times__table' },
]

type Node = Record<string, any>
type Groups = Record<string, { closed: boolean; hours: { open_time: string; close_time: string } | null }>

let server: RunningServer
let browser: Browser

beforeAll(async () => {
  server = await startServer({ SITE_URL })
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

/** The block in <head> the server keeps current (the only JSON-LD on these pages). */
function venueData(html: string): Node[] {
  const head = html.slice(0, html.indexOf('</head>'))
  const block = /<script type="application\/ld\+json" id="venue-structured-data">([\s\S]*?)<\/script>/.exec(head)
  expect(block, 'a structured-data block in <head>').not.toBeNull()
  expect(html.match(/application\/ld\+json/g)).toHaveLength(1)
  return JSON.parse(block![1]!) as Node[]
}

const expectedWeek = (groups: Groups) =>
  Object.entries(groups).flatMap(([key, group]) =>
    group.closed || !group.hours
      ? []
      : [
          {
            '@type': 'OpeningHoursSpecification',
            dayOfWeek: GROUP_DAYS[key]!.map((day) => DAY_NAMES[day]),
            opens: group.hours.open_time,
            closes: group.hours.close_time,
          },
        ],
  )

interface Exception {
  venue: 'hotel' | 'stables'
  holiday_date: string
  open_time: string | null
  close_time: string | null
  closed: boolean
}

/** Upcoming exceptions as schema.org states them; closed all day is 00:00-00:00. */
const expectedExceptions = (exceptions: Exception[], venue: Exception['venue']) =>
  exceptions
    .filter((day) => day.venue === venue)
    .map((day) => ({
      '@type': 'OpeningHoursSpecification',
      validFrom: day.holiday_date,
      validThrough: day.holiday_date,
      opens: day.closed ? '00:00' : day.open_time,
      closes: day.closed ? '00:00' : day.close_time,
    }))

/** The data equals what the opening-times and bank-holiday APIs say now. */
async function expectCurrentHours(nodes: Node[]) {
  const times = (await (await server.api('/api/opening-times')).json()) as { monsal: Groups; stables: Groups }
  const exceptions = (await (await server.api('/api/bank-holiday-exceptions')).json()) as Exception[]
  expect(nodes.map((node) => node['@type'])).toEqual(['Hotel', 'BarOrPub'])
  expect(nodes[0]!.openingHoursSpecification).toEqual(expectedWeek(times.monsal))
  expect(nodes[1]!.openingHoursSpecification).toEqual(expectedWeek(times.stables))
  expect(nodes[1]!.openingHoursSpecification.some((spec: Node) => spec.opens === '08:00')).toBe(false)
  expect(nodes[0]!.specialOpeningHoursSpecification ?? []).toEqual(expectedExceptions(exceptions, 'hotel'))
  expect(nodes[1]!.specialOpeningHoursSpecification ?? []).toEqual(expectedExceptions(exceptions, 'stables'))
}

/** Tomorrow at the venue, as YYYY-MM-DD (an exception that is upcoming whenever the test runs). */
function venueTomorrow(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date(Date.now() + 86_400_000))
}

describe('structured data served with the pre-rendered pages', () => {
  test('/ and /contact carry each venue’s hours from the database, and a staff change a moment ago', async () => {
    for (const { path } of PAGES) {
      const res = await server.api(path)
      expect(res.status).toBe(200)
      const nodes = venueData(await res.text())
      await expectCurrentHours(nodes)
      for (const node of nodes) for (const key of ['@id', 'url', 'image']) expect(node[key], `${path} ${key}`).toStartWith(`${SITE_URL}/`)
    }
    // Only the pages about the venues carry it.
    expect(await (await server.api('/eat')).text()).not.toContain('application/ld+json')
    const etag = (await server.api('/contact')).headers.get('etag')

    const token = await server.token()
    const staff = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
    const update = await server.api('/api/update-times', {
      method: 'PUT',
      headers: staff,
      body: JSON.stringify({ name: 'The Stables bar', day: 'wednesday_to_friday', open_time: '11:30', close_time: '23:30', type: 'opening' }),
    })
    expect(update.status).toBe(200)
    const date = venueTomorrow()
    const holiday = await server.api('/api/add-bank-holiday-times', {
      method: 'POST',
      headers: staff,
      body: JSON.stringify({ location: 'The Stables bar', holiday_date: date, open_time: '14:00', close_time: '20:00' }),
    })
    expect(holiday.status).toBe(201)

    for (const { path } of PAGES) {
      const res = await server.api(path)
      const nodes = venueData(await res.text())
      await expectCurrentHours(nodes)
      expect(nodes[1]!.openingHoursSpecification).toContainEqual({
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Wednesday', 'Thursday', 'Friday'],
        opens: '11:30',
        closes: '23:30',
      })
      expect(nodes[1]!.specialOpeningHoursSpecification).toContainEqual({
        '@type': 'OpeningHoursSpecification',
        validFrom: date,
        validThrough: date,
        opens: '14:00',
        closes: '20:00',
      })
      if (path === '/contact') expect(res.headers.get('etag')).not.toBe(etag)
    }
  }, 60_000)

  test('build-internal files are not served', async () => {
    for (const path of ['/.vite/manifest.json', '/.vite/chunk-modules.json']) {
      const res = await server.api(path)
      expect(res.status, path).toBe(404)
      expect(((await res.json()) as { error: string }).error).toBeTruthy()
    }
  })

  for (const [label, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    test(`${label}: / and /contact hydrate with the current data and nothing on the console`, async () => {
      // Service workers allowed: a visitor's browser registers one, and blocking it makes noise of its own.
      const context = await browser.newContext({ viewport })
      const page = await context.newPage()
      const messages: string[] = []
      page.on('pageerror', (error) => messages.push(`page error: ${error.message}`))
      page.on('console', (message) => {
        if (message.type() !== 'error' && message.type() !== 'warning') return
        // Third parties are refused on purpose (no internet here); their failed loads are not the page's doing.
        const from = message.location().url
        if (/^Failed to load resource/.test(message.text()) && from && !from.startsWith(server.url)) return
        messages.push(`${message.type()}: ${message.text().slice(0, 400)} (${from})`)
      })
      for (const { path, ready } of PAGES) {
        const served = venueData(await (await server.api(path)).text())
        await page.goto(`${server.url}${path}`)
        // Shown only once React has hydrated the page and loaded the opening times.
        await page.locator(ready).first().waitFor({ timeout: 20_000 })
        await page.waitForLoadState('networkidle')
        const inPage = await page.evaluate(() => {
          const script = document.getElementById('venue-structured-data')
          return { text: script?.textContent ?? null, inRoot: Boolean(script?.closest('#root')), inHead: script?.parentElement === document.head }
        })
        expect(inPage.inHead, path).toBe(true)
        expect(inPage.inRoot, path).toBe(false)
        expect(JSON.parse(inPage.text!), path).toEqual(served)
        await expectCurrentHours(JSON.parse(inPage.text!))
      }
      expect(messages).toEqual([])
      await context.close()
    }, 90_000)
  }
})
