/**
 * The public content pages in a real browser against the real server with demo content (build first:
 * npm run build): /eat, /drink, /stay, /around, /events and the menu pages, at phone and desktop
 * sizes, with third parties blocked (no booking widget, as on a phone without signal), and screenshots
 * in /tmp/shots (axe on these pages: a11y-visual.test.ts).
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test'
import { mkdirSync, readFileSync } from 'node:fs'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { DESKTOP, launchBrowser, PHONE, startServer, type RunningServer, waitForChunk } from './harness'
import { finiteAnimationsEnded, twoFrames } from './settling'
import { watchConsoleErrors } from './page-console'
import { contextPool } from './context-pool'

const SHOTS = '/tmp/shots'
const SIZES = [
  { name: 'phone', viewport: PHONE, deviceScaleFactor: 2 },
  { name: 'desktop', viewport: DESKTOP, deviceScaleFactor: 1 },
] as const
type Size = (typeof SIZES)[number]

let server: RunningServer
let browser: Browser
let venue: { phone: string; booking: { origin: string; scriptUrl: string } }

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  server = await startServer()
  browser = await launchBrowser()
  venue = (await (await server.api('/api/venue')).json()) as typeof venue
})
// One context per size for the file's tests (context-pool.ts: a test that changed its context, a
// listener or going offline, has it closed; the rest are reset to a visitor's empty browser).
const pool = contextPool(() => server.url)
afterEach(() => pool.giveBack())
afterAll(async () => {
  await pool.closeAll()
  await browser?.close()
  await server?.stop()
})

/** What each pooled page threw: its listener is added once, with the context, and the list is emptied for each test. */
const thrown = new WeakMap<Page, string[]>()

async function newContextOf(size: Size): Promise<{ context: BrowserContext; page: Page }> {
  // The service worker has its own tests (offline.test.ts); here every load comes from the server.
  const context = await browser.newContext({ viewport: size.viewport, deviceScaleFactor: size.deviceScaleFactor, serviceWorkers: 'block', bypassCSP: true })
  await context.addInitScript(() => {
    try {
      localStorage.setItem('cookiesAgreed', 'true')
    } catch {
      // frames without storage
    }
  })
  const page = await context.newPage()
  const errors: string[] = []
  thrown.set(page, errors)
  page.on('pageerror', (error) => errors.push(error.message))
  return { context, page }
}

/**
 * A visitor's page at `size`: from the pool, or (`fresh`) in a context of its own for a check whose
 * premise is a browser that has never loaded the site (a reused context keeps its HTTP cache, which
 * could answer offline for a file never saved on the device).
 */
async function open(size: Size, { fresh = false } = {}): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const page = fresh ? (await newContextOf(size)).page : await pool.take(size.name, () => newContextOf(size))
  const errors = thrown.get(page)!
  errors.length = 0
  return { context: page.context(), page, errors }
}

/**
 * axe-core on the page: no serious or critical violations. Only for the page a11y-visual.test.ts does
 * not visit (an unknown menu): every other public page gets its stricter run there (WCAG 2.2 AA and
 * best practice, every violation), so running axe here again only cost a second of both cores each.
 */
async function axe(page: Page, label: string) {
  await settle(page)
  await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') })
  const result = await page.evaluate(async () => {
    const run = await (
      window as unknown as { axe: { run(): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }
    ).axe.run()
    return run.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }))
  })
  const bad = result.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  if (bad.length) console.error(label, JSON.stringify(bad, null, 2))
  expect(bad).toEqual([])
}

/**
 * Waits out the splash, scrolls through the page so lazy images load and fade-ins finish, and comes
 * back to the top: what a visitor sees once the page has settled (axe then judges final colours).
 */
async function settle(page: Page) {
  await page.waitForSelector('[data-testid="splash"]', { state: 'detached', timeout: 8000 })
  // Scroll through so lazy images and fade-ins are in, then back to the top.
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y)
      // A frame at each stop: the lazy pictures and fade-ins in view start when it is laid out.
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
    }
    window.scrollTo(0, 0)
  })
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete), undefined, { timeout: 10_000 }).catch(() => undefined)
  // Fade-ins done: every animation that ends has ended (the gallery's endless rotation aside).
  await finiteAnimationsEnded(page).catch(() => undefined)
  await twoFrames(page)
}

/** Saves a viewport and a full-page screenshot of the settled page. */
async function shoot(page: Page, name: string) {
  await settle(page)
  await page.screenshot({ path: `${SHOTS}/${name}.png` })
  await page.screenshot({ path: `${SHOTS}/${name}-full.png`, fullPage: true })
}

describe.each(SIZES)('at $name size', (size) => {
  test('/eat: the cafe with breakfast and lunch times, "View The Menu" leading to the drawn PDF', async () => {
    const { page, errors } = await open(size)
    await page.goto(`${server.url}/eat`)
    expect(await page.locator('main h1').textContent()).toBe('The Cafe')
    const text = (await page.locator('main').textContent()) ?? ''
    expect(text).toMatch(/Breakfast\s*from 8am/)
    expect(text).toMatch(/Lunch\s*from noon/)
    const link = page.getByRole('link', { name: 'View The Menu' })
    await link.waitFor()
    expect(await link.getAttribute('href')).toBe('/menu/menu2')
    await page.getByRole('heading', { name: 'From the cafe' }).waitFor()
    await page.getByRole('heading', { name: 'Get in touch' }).waitFor()
    await shoot(page, `eat-${size.name}`)
    await link.click()
    await page.waitForURL(/\/menu\/menu2$/)
    await expectDrawnMenu(page, size)
    expect(errors).toEqual([])
  })

  test('/drink: the Stables with breakfast and pub grub times, "View The Menu" leading to the drawn PDF', async () => {
    const { page, errors } = await open(size)
    await page.goto(`${server.url}/drink`)
    expect(await page.locator('main h1').textContent()).toBe('The Stables bar')
    const text = (await page.locator('main').textContent()) ?? ''
    expect(text).toMatch(/Breakfast\s*from 8am/)
    expect(text).toMatch(/Pub grub\s*from noon/)
    const link = page.getByRole('link', { name: 'View The Menu' })
    await link.waitFor()
    expect(await link.getAttribute('href')).toBe('/menu/menu1')
    await page.locator('.gallery__tile').first().waitFor()
    await shoot(page, `drink-${size.name}`)
    await link.click()
    await page.waitForURL(/\/menu\/menu1$/)
    await expectDrawnMenu(page, size)
    expect(errors).toEqual([])
  })

  test('/menu/menu1 and /menu/menu2 opened directly: the PDF drawn to canvases, with an "Open the PDF" link', async () => {
    const { page, errors } = await open(size)
    for (const [id, heading] of [
      ['menu1', /Stables bar menu/],
      ['menu2', /cafe menu/],
    ] as const) {
      await page.goto(`${server.url}/menu/${id}`)
      expect(await page.locator('main h1').textContent()).toMatch(heading)
      await expectDrawnMenu(page, size)
      const open = page.getByRole('link', { name: /Open the PDF/ })
      const href = (await open.getAttribute('href'))!
      expect(href).toMatch(/^\/files\/[0-9a-f]{32}\.pdf$/)
      const pdf = await server.api(href)
      expect(pdf.headers.get('content-type')).toContain('application/pdf')
      await shoot(page, `menu-${id}-${size.name}`)
    }
    expect(errors).toEqual([])
  })

  test('/menu/nope: "Menu not found!"', async () => {
    const { page, errors } = await open(size)
    await page.goto(`${server.url}/menu/nope`)
    // The app shell renders this page once its chunk arrives, after the load event.
    await page.locator('main h1').waitFor()
    expect(await page.locator('main h1').textContent()).toBe('Menu not found!')
    expect(await page.locator('canvas').count()).toBe(0)
    await axe(page, `/menu/nope ${size.name}`)
    await shoot(page, `menu-nope-${size.name}`)
    expect(errors).toEqual([])
  })

  test('/stay: rooms, a room picture, and (booking blocked) the phone notice, no booking script, no console error; none after leaving', async () => {
    const { page, errors } = await open(size)
    const warned: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'warning') warned.push(message.text())
    })
    const consoleErrors = await watchConsoleErrors(page, { serviceWorkersBlocked: true })
    await page.goto(`${server.url}/stay`)
    const main = page.locator('main')
    expect(await main.textContent()).toMatch(/five double rooms and 2 family rooms/)
    const text = (await main.textContent()) ?? ''
    expect(text).toMatch(/Dogs welcome/)
    expect(text).toMatch(/Non-smoking/)
    await page.locator('.room-rotator__image.is-visible').waitFor()
    // The booking provider did not answer (no internet), so its script was never added: the visitor gets the phone number instead.
    const notice = page.locator('.booking-widget .offline-notice__text')
    await notice.waitFor({ timeout: 15_000 })
    expect(await notice.textContent()).toBe(`The booking service is not available right now. Call us on ${venue.phone} to book a room.`)
    expect(await notice.locator('a[href^="tel:"]').getAttribute('href')).toBe(`tel:${venue.phone.replace(/\s+/g, '')}`)
    expect(await page.locator('#booking-widget').isVisible()).toBe(false)
    expect(await page.locator('#booking-widget iframe').count()).toBe(0)
    expect(await page.locator(`script[src="${venue.booking.scriptUrl}"]`).count()).toBe(0)
    expect(warned.some((line) => line.includes('booking widget is not shown'))).toBe(true)
    // Nothing for Lighthouse's errors-in-console: no failed load of the page's own, no console.error.
    expect(consoleErrors).toEqual([])
    await shoot(page, `stay-${size.name}`)
    // The rotating picture changes. The swap waits for the next picture to load, and on a freshly seeded
    // server that picture's size may still be being made on demand, so allow several rotations.
    const before = await page.locator('.room-rotator__image.is-visible').getAttribute('src')
    await page.waitForFunction((src) => document.querySelector('.room-rotator__image.is-visible')?.getAttribute('src') !== src, before, { timeout: 30_000 })
    // Leave by an in-app link: nothing from the booking origin stays behind.
    if (size.name === 'phone') await page.getByRole('button', { name: 'Open menu' }).click()
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events', exact: true }).click()
    await page.waitForURL(/\/events$/)
    await page.getByRole('heading', { name: 'Events We Are Running' }).waitFor()
    const left = await page.evaluate((origin) => Array.from(document.scripts).filter((s) => s.src.startsWith(origin)).length, venue.booking.origin)
    expect(left).toBe(0)
    expect(errors).toEqual([])
  })

  test('/around: the demo places with images and "Visit" links in a new tab', async () => {
    const { page, errors } = await open(size)
    await page.goto(`${server.url}/around`)
    await page.getByRole('heading', { level: 2, name: 'Places to visit on your stay' }).waitFor()
    const places = (await (await server.api('/api/around')).json()) as { name: string; url: string }[]
    expect(places.length).toBeGreaterThan(0)
    await page.locator('.place-card').first().waitFor()
    expect(await page.locator('.place-card').count()).toBe(places.length)
    for (const place of places) {
      await page.getByRole('heading', { level: 3, name: place.name }).waitFor()
      const visit = page.getByRole('link', { name: new RegExp(`^Visit ${place.name}`) })
      expect(await visit.getAttribute('href')).toBe(place.url)
      expect(await visit.getAttribute('target')).toBe('_blank')
      expect(await visit.getAttribute('rel')).toBe('noopener noreferrer')
    }
    const img = page.locator('.place-card img').first()
    expect(await img.getAttribute('loading')).toBe('lazy')
    expect(Number(await img.getAttribute('width'))).toBeGreaterThan(0)
    expect(Number(await img.getAttribute('height'))).toBeGreaterThan(0)
    await shoot(page, `around-${size.name}`)
    expect(errors).toEqual([])
  })

  test('/events: gallery, then every demo event soonest first with its booking rule, calendar file and JSON-LD', async () => {
    const { page, errors } = await open(size)
    await page.goto(`${server.url}/events`)
    await page.getByRole('heading', { level: 2, name: 'Events We Are Running' }).waitFor()
    const events = (await (await server.api('/api/events')).json()) as { title: string; ticket_url: string | null; contact_to_book: 0 | 1 }[]
    expect(events.length).toBeGreaterThan(0)
    await page.locator('.event-card').first().waitFor()
    const cards = page.locator('.event-card')
    expect(await cards.count()).toBe(events.length)
    // Gallery first, then the list.
    const order = await page.evaluate(() => {
      const gallery = document.querySelector('.gallery')
      const list = document.querySelector('.event-list')
      return gallery && list ? gallery.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING : -1
    })
    expect(order).toBeGreaterThan(0)
    const times = await page.locator('.event-card time').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('datetime')!))
    expect(times).toEqual([...times].sort())
    for (const [index, event] of events.entries()) {
      const card = cards.nth(index)
      expect(await card.locator('h3').textContent()).toBe(event.title)
      const date = (await card.locator('.event-card__date').textContent()) ?? ''
      expect(date).toMatch(/^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday),? \d{1,2} [A-Z][a-z]+ \d{4},? (at )?\d{1,2}:\d{2}\s?(am|pm)$/)
      const body = (await card.textContent()) ?? ''
      if (event.contact_to_book === 1) {
        expect(body).toContain('Contact us to book this event.')
        expect(await card.getByRole('link', { name: /Buy tickets/ }).count()).toBe(0)
      } else if (event.ticket_url) {
        const tickets = card.getByRole('link', { name: /Buy tickets/ })
        expect(await tickets.getAttribute('href')).toBe(event.ticket_url)
        expect(await tickets.getAttribute('target')).toBe('_blank')
      } else {
        expect(body).toContain('No Ticket Required!')
      }
    }
    const kinds = events.map((e) => (e.contact_to_book ? 'contact' : e.ticket_url ? 'tickets' : 'free'))
    expect(new Set(kinds)).toEqual(new Set(['contact', 'tickets', 'free']))
    // schema.org Event data for each event (the server's block in <head> lists them all).
    const ld = await page.locator('script[type="application/ld+json"]').evaluateAll((nodes) => nodes.flatMap((n) => JSON.parse(n.textContent!)))
    const ldEvents = ld.filter((entry) => entry['@type'] === 'Event')
    expect(ldEvents.map((e) => e.name)).toEqual(events.map((e) => e.title))
    expect(ldEvents[0].location['@type']).toBe('Place')
    // Absolute, from the configured public address (SITE_URL; the demo default is http://localhost:PORT).
    expect(ldEvents[0].image[0]).toStartWith(`${server.url.replace('127.0.0.1', 'localhost')}/files/`)
    // Add to calendar: a real .ics download.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      cards
        .first()
        .getByRole('button', { name: /Add to calendar/ })
        .click(),
    ])
    expect(download.suggestedFilename()).toMatch(/\.ics$/)
    const ics = readFileSync((await download.path())!, 'utf8')
    expect(ics).toStartWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')
    expect(ics).toContain(`SUMMARY:${events[0]!.title}`)
    expect(ics).toMatch(/DTSTART:\d{8}T\d{6}Z\r\n/)
    await shoot(page, `events-${size.name}`)
    expect(errors).toEqual([])
  })
})

/** Every page of the menu drawn onto a canvas as wide as its box, at the screen's pixel density, and not blank. */
async function expectDrawnMenu(page: Page, size: Size) {
  // A phone shows the menu as text first (menu-phone.test.ts checks it); the drawing is one tap away.
  if (size.name === 'phone') {
    await page.locator('.menu-text').waitFor({ timeout: 20_000 })
    await page.getByRole('button', { name: 'Original PDF' }).click()
  }
  await page.waitForSelector('.pdf-page[data-drawn="true"]', { timeout: 20_000 })
  const pages = await page.locator('.pdf-page canvas').evaluateAll((canvases) =>
    (canvases as HTMLCanvasElement[]).map((canvas) => {
      const ctx = canvas.getContext('2d')!
      const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data
      let ink = 0
      for (let i = 0; i < data.length; i += 4 * 97) if (data[i]! < 200 || data[i + 1]! < 200 || data[i + 2]! < 200) ink++
      return { width: canvas.width, cssWidth: canvas.getBoundingClientRect().width, ink, label: canvas.getAttribute('aria-label') }
    }),
  )
  expect(pages.length).toBeGreaterThan(0)
  for (const drawn of pages) {
    expect(Math.abs(drawn.width - drawn.cssWidth * size.deviceScaleFactor)).toBeLessThanOrEqual(2)
    expect(drawn.ink).toBeGreaterThan(20)
    expect(drawn.label).toMatch(/page 1 of|page \d+ of \d+/)
  }
}

test('the home page never downloads pdf.js; the menu page does, for the drawing', async () => {
  const context = await browser.newContext({ viewport: PHONE, serviceWorkers: 'block' })
  const page = await context.newPage()
  const requested: string[] = []
  const collect = (request: { url(): string }) => requested.push(request.url())
  page.on('request', collect)
  await page.goto(`${server.url}/`)
  await page.waitForLoadState('networkidle')
  // The pages' code fetched ahead once the home page is idle: by then anything it fetches is asked for.
  await waitForChunk(page, 'Events')
  const isPdfJs = (url: string) => /\/assets\/pdf[-.][^/]*\.m?js$|pdf\.worker/.test(url)
  expect(requested.some((url) => url.includes('/assets/'))).toBe(true)
  expect(requested.filter(isPdfJs)).toEqual([])
  // An in-app visit to other public pages does not either.
  for (const path of ['/eat', '/events', '/stay']) {
    const before = await page.title()
    await page.evaluate((p) => history.pushState(null, '', p), path)
    // The new page is shown: its title is set and it is no longer waiting for its code or data.
    await page.waitForFunction((was) => document.title !== was && document.querySelector('main h1') && !document.querySelector('[aria-busy="true"]'), before, {
      timeout: 15_000,
    })
  }
  expect(requested.filter(isPdfJs)).toEqual([])
  await page.goto(`${server.url}/menu/menu2`)
  // On a phone the menu shows as text first (read on the server): pdf.js comes with the drawing.
  await page.waitForSelector('.menu-text .menu-text__price', { timeout: 20_000 })
  expect(requested.filter(isPdfJs)).toEqual([])
  await page.getByRole('button', { name: 'Original PDF' }).click()
  await page.waitForSelector('.pdf-page[data-drawn="true"]', { timeout: 20_000 })
  expect(requested.filter(isPdfJs).length).toBeGreaterThanOrEqual(2) // the library chunk and its worker
  page.off('request', collect) // no request events in flight while the context closes (playwright#22210)
  await context.close()
})

describe('menus without a signal', () => {
  test('a menu seen once opens again offline, from the copy saved on the device', async () => {
    const { context, page, errors } = await open(SIZES[0], { fresh: true })
    await page.goto(`${server.url}/eat`)
    await page.getByRole('link', { name: 'View The Menu' }).click()
    await expectDrawnMenu(page, SIZES[0])
    await context.setOffline(true)
    // Away and back again inside the app.
    await page.getByRole('link', { name: /Back to the cafe/ }).click()
    await page.waitForURL(/\/eat$/)
    await page.getByRole('link', { name: 'View The Menu' }).click()
    await page.waitForURL(/\/menu\/menu2$/)
    await expectDrawnMenu(page, SIZES[0])
    expect(await page.locator('.offline-notice').count()).toBe(0)
    expect(errors).toEqual([])
    await context.close()
  })

  test('a menu never opened before: offline, its text (read on the server, come with the page) and a plain word about the PDF', async () => {
    const { context, page, errors } = await open(SIZES[0], { fresh: true })
    await page.goto(`${server.url}/drink`)
    const link = page.getByRole('link', { name: 'View The Menu' })
    await link.waitFor()
    // Everything the page fetches ahead has arrived before the signal goes: the menu page's code for sure.
    await waitForChunk(page, 'Menu')
    await page.waitForLoadState('networkidle')
    await context.setOffline(true)
    await link.click()
    await page.waitForURL(/\/menu\/menu1$/)
    // The /drink page fetched menu 1 to show its link, text included: a phone reads it without a signal.
    await page.locator('.menu-text .menu-text__price').first().waitFor({ timeout: 10_000 })
    await page.getByRole('button', { name: 'Original PDF' }).click()
    // The Original PDF view's own note, once the device knows the file is not there (the header says the same words beforehand).
    await page.getByText('Here is the menu as text.').waitFor({ timeout: 10_000 })
    await page.locator('.menu-text').waitFor({ state: 'visible', timeout: 10_000 })
    expect(await page.locator('.menu-text').isVisible()).toBe(true)
    expect(await page.locator('canvas').count()).toBe(0)
    // No link to a file that cannot open without a signal.
    expect(await page.getByRole('link', { name: /Open the PDF/ }).count()).toBe(0)
    await shoot(page, 'menu-offline-phone')
    expect(errors).toEqual([])
    await context.close()
  })
})
