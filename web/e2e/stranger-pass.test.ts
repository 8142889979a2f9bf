/**
 * A first-time visitor's and a new member of staff's pass through the site (build first: npm run
 * build): defects found by clicking through it as a stranger, each pinned by the test that found it.
 */
import { afterEach, expect, test } from 'bun:test'
import type { BrowserContext, Page, Route } from 'playwright-core'
import { DESKTOP, PHONE, useServerAndBrowser } from './harness'
import { poll } from './saved-data-helpers'

const suite = useServerAndBrowser()
/** Contexts still open; closed after each test even when it fails. */
const contexts = new Set<BrowserContext>()
afterEach(async () => {
  for (const context of contexts) {
    await context.unrouteAll({ behavior: 'ignoreErrors' }).catch(() => undefined)
    await context.close().catch(() => undefined)
  }
  contexts.clear()
})

/** Third-party sites answering (a phone with signal): each gets a small page of its own. */
async function stubThirdPartiesOnline(context: BrowserContext, origin: string): Promise<void> {
  await context.route(
    (url) => !url.href.startsWith(origin) && !url.href.startsWith('data:'),
    (route: Route) =>
      route.request().url().endsWith('.js')
        ? route.fulfill({ contentType: 'application/javascript', body: 'window.__thirdPartyScript = true' })
        : route.fulfill({ contentType: 'text/html', body: `<!doctype html><title>stub</title><h1>Third party ${new URL(route.request().url()).host}</h1>` }),
  )
}

async function open(viewport = PHONE): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const { server, browser } = suite
  const context = await browser.newContext({ viewport, serviceWorkers: 'block' })
  contexts.add(context)
  await stubThirdPartiesOnline(context, server.url)
  await context.addInitScript(() => localStorage.setItem('cookiesAgreed', 'true'))
  const page = await context.newPage()
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return { context, page, errors }
}

test('online, with the map service answering, home shows the map — not "The map needs a connection" — and logs no error', async () => {
  const { server } = suite
  const { page, errors } = await open(DESKTOP)
  await page.goto(`${server.url}/`)
  // The section checks the map service answers (a fetch) before trusting the frame.
  const probe = page.waitForResponse((response) => response.url().startsWith('https://maps.example.com/') && response.request().resourceType() === 'fetch', {
    timeout: 15_000,
  })
  await page.getByRole('heading', { name: 'Visit Us' }).scrollIntoViewIfNeeded()
  await probe
  await page
    .frameLocator('iframe[title^="Map showing"]')
    .getByRole('heading', { name: /Third party maps\.example\.com/ })
    .waitFor({ timeout: 15_000 })
  expect(await page.getByText('The map needs a connection').count()).toBe(0)
  expect(errors.filter((text) => text.includes('Content Security Policy'))).toEqual([])
})

test('a first visit to /events while the venue never answers says so after ~3 s, not "Loading events…" alone until the 15 s timeout', async () => {
  const { server } = suite
  const { context, page } = await open(PHONE)
  // The server is reachable but hangs: no API request ever gets an answer. The page the server renders
  // brings its events along (ssr-hydration.test.ts); the page as built, which is sent when it cannot
  // render (an older build, a failed render), brings none: that is the page this visitor gets.
  await context.route('**/api/**', () => undefined)
  await context.route(`${server.url}/events`, (route) => route.continue({ url: `${server.url}/events/index.html` }))
  await page.goto(`${server.url}/events`)
  const started = Date.now()
  await page.locator('.offline-banner', { hasText: 'Couldn’t reach the venue — this page is not saved on this device yet' }).waitFor({ timeout: 8_000 })
  expect(Date.now() - started).toBeLessThan(8_000)
  await context.unrouteAll({ behavior: 'ignoreErrors' })
})

test('with the server down, the dashboard still offers Log out; after it, the login page says the change made meanwhile is waiting', async () => {
  const { server } = suite
  const { page } = await open(DESKTOP)
  page.on('dialog', (dialog) => void dialog.accept())
  await page.goto(`${server.url}/login`)
  await page.getByLabel('Username').fill('admin')
  await page.getByLabel('Password').fill('change-me-please')
  await page.getByRole('button', { name: /log in/i }).click()
  await page.getByText('Access granted!').waitFor({ timeout: 20_000 })
  await page.getByRole('link', { name: /Create Events/ }).click()
  await page.getByLabel('Title').waitFor()
  await server.kill()
  try {
    await page.getByLabel('Title').fill('Lantern Walk')
    await page.getByLabel('Description').fill('Up the beck by lantern light.')
    await page.getByLabel('Start Date/Time').fill('2027-03-05T19:30')
    await page.getByLabel('Image').setInputFiles({ name: 'lantern.png', mimeType: 'image/png', buffer: await tinyPng() })
    await page.getByRole('button', { name: 'Upload event' }).click()
    await page.getByText('Saved on this device').first().waitFor({ timeout: 20_000 })
    await page.getByRole('link', { name: /Back to dashboard/ }).click()
    await page.getByText('The server cannot be reached').waitFor({ timeout: 20_000 })
    const logOut = page.getByRole('button', { name: 'Log out' })
    await logOut.waitFor({ timeout: 5_000 })
    await logOut.click()
    await page.waitForURL('**/login', { timeout: 10_000 })
    await page.getByText('1 change is waiting and will be sent after you log in').waitFor({ timeout: 10_000 })
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull()
  } finally {
    await server.restart()
  }
})

test('a change that waited out several failed tries goes as soon as the server answers again, not when its backoff (minutes) ends', async () => {
  const { server } = suite
  const { page } = await open(DESKTOP)
  await page.goto(`${server.url}/login`)
  await page.getByLabel('Username').fill('admin')
  await page.getByLabel('Password').fill('change-me-please')
  await page.getByRole('button', { name: /log in/i }).click()
  await page.getByText('Access granted!').waitFor({ timeout: 20_000 })
  await page.getByRole('link', { name: /Add Opening Times Exception/ }).click()
  await page.getByLabel('Date').waitFor()
  await server.kill()
  let restarted = false
  try {
    await page.getByLabel('Date').fill('2027-01-02')
    await page.getByLabel('Location').selectOption({ label: 'The Stables bar' })
    await page.getByLabel('Closed all day').check()
    await page.getByRole('button', { name: 'Add exception' }).click()
    await page.getByText('Saved on this device').first().waitFor({ timeout: 20_000 })
    await page.getByRole('link', { name: /Back to dashboard/ }).click()
    await page.getByText('The server cannot be reached').waitFor({ timeout: 20_000 })
    // Staff try again a few times while the server is still down: each failure doubles the wait (7 tries: ≥ 96 s).
    const item = page.locator('.admin-pending__item[data-state="waiting"]').first()
    for (let attempt = 0; attempt < 7; attempt++) {
      await item.getByRole('button', { name: 'Try now' }).click()
      await item.getByRole('button', { name: 'Try now' }).and(page.locator(':enabled')).waitFor({ timeout: 10_000 })
    }
    // The device has its connection; only the venue's server is down, and the panel says so.
    await item.getByText('Last try: The server could not be reached.').waitFor({ timeout: 5_000 })
    expect(await page.getByText('You appear to be offline').count()).toBe(0)
    await server.restart()
    restarted = true
    // The server answers the dashboard again; what waits must go now.
    await page.getByRole('button', { name: 'Try again' }).click()
    await page.getByText('Access granted!').waitFor({ timeout: 20_000 })
    await page.getByText('Nothing is waiting').waitFor({ timeout: 15_000 })
    const holidays = (await (await server.api('/api/bank-holiday-exceptions')).json()) as { holiday_date: string }[]
    expect(holidays.some((holiday) => holiday.holiday_date.startsWith('2027-01-02'))).toBe(true)
  } finally {
    if (!restarted) await server.restart()
  }
})

test('a page opened by a link starts at the top; Back returns to where the visitor was, Forward too', async () => {
  const { server } = suite
  const { page } = await open(PHONE)
  const scrollY = () => page.evaluate(() => Math.round(window.scrollY))
  /** Polls until the page has settled at a position near `expected` (pages load their data and pictures). */
  const settlesNear = async (expected: number, what: string) => {
    // Within the page's own restore window (10 s): data and pictures arrive late on a loaded machine.
    const deadline = Date.now() + 12_000
    let last = await scrollY()
    while (Math.abs(last - expected) > 40) {
      if (Date.now() > deadline) throw new Error(`${what}: scrollY is ${last}, expected about ${expected}`)
      await page.waitForTimeout(100)
      last = await scrollY()
    }
  }
  // Where the visitor was at the moment of the click (the page may still grow while it loads, and the
  // click scrolls the link into view again): that is where Back must return.
  await page.addInitScript(() => {
    document.addEventListener('click', () => ((window as unknown as { scrollAtClick: number }).scrollAtClick = Math.round(window.scrollY)), { capture: true })
  })
  await page.goto(`${server.url}/`)
  await page.locator('footer').waitFor()
  // Down to the footer's link, as a visitor would scroll to it.
  const link = page.locator('footer').getByRole('link', { name: 'Things to do nearby' })
  await link.scrollIntoViewIfNeeded()
  expect(await scrollY()).toBeGreaterThan(1000)
  await link.click()
  const left = await page.evaluate(() => (window as unknown as { scrollAtClick: number }).scrollAtClick)
  expect(left).toBeGreaterThan(1000)
  await page.waitForURL('**/around')
  await page.getByRole('heading', { level: 1, name: 'Around & about' }).waitFor()
  await settlesNear(0, 'a new page (/around) opened from the footer')
  // The visitor scrolls down once the page is long enough (its places and pictures arrive late on a
  // loaded machine: a scroll before then stops short, as it would for a person).
  await poll(async () => (await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)) >= 640, '/around long enough to scroll 600 px')
  await page.evaluate(() => window.scrollTo(0, 600))
  await settlesNear(600, '/around scrolled down')
  await page.goBack()
  await page.waitForURL(`${server.url}/`)
  await settlesNear(left, 'Back to home')
  await page.goForward()
  await page.waitForURL('**/around')
  await settlesNear(600, 'Forward to /around')
})

/** A valid 1×1 PNG, so the test needs no image file. */
async function tinyPng(): Promise<Buffer> {
  return Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')
}
