/**
 * The public shell in a real browser against the real server (build first: npm run build):
 * home page content, map and gift card without third parties, cookie notice, splash, contact form,
 * staff login (axe on these pages: a11y-visual.test.ts; pictures to look at: npm run screenshots).
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test'
import { mkdirSync } from 'node:fs'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { DEMO_ADMIN, DESKTOP, launchBrowser, PHONE, startServer, type RunningServer } from './harness'

const SHOTS = '/tmp/shots'
let server: RunningServer
let browser: Browser
/** Contexts still open; closed after each test even when it fails. */
const contexts = new Set<BrowserContext>()

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  server = await startServer()
  browser = await launchBrowser()
})
afterEach(async () => {
  for (const context of contexts) await context.close().catch(() => undefined)
  contexts.clear()
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

async function open(viewport = PHONE, options: { agreed?: boolean } = {}): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  // A first visit as a browser sees it. The service worker has its own tests (offline.test.ts), and
  // routing the requests it makes races Playwright's bookkeeping.
  const context = await browser.newContext({ viewport, serviceWorkers: 'block' })
  contexts.add(context)
  if (options.agreed)
    await context.addInitScript(() => {
      try {
        localStorage.setItem('cookiesAgreed', 'true')
      } catch {
        // frames without storage (the blocked map's error page)
      }
    })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  return { context, page, errors }
}

const splashGone = (page: Page) => page.waitForSelector('[data-testid="splash"]', { state: 'detached', timeout: 6000 })

describe('home page', () => {
  test('hero, tiles, gallery photos, map fallback and gift card link', async () => {
    const { context, page, errors } = await open(PHONE, { agreed: true })
    await page.goto(`${server.url}/`)
    const h1 = page.locator('main h1')
    expect(await h1.textContent()).toBe('Larkdale Hotel')
    const hero = page.locator('.hero__image')
    expect(await hero.getAttribute('fetchpriority')).toBe('high')

    for (const href of ['/drink', '/eat', '/stay']) expect(await page.locator(`.tiles a[href="${href}"] img`).count()).toBe(1)

    // Open-now status for both venues, computed in the browser.
    await page.waitForSelector('.home__status .open-status >> nth=1')
    const statuses = await page.locator('.home__status .open-status__text').allTextContents()
    expect(statuses).toHaveLength(2)
    for (const text of statuses) expect(text).toMatch(/^(Open now · closes at \d\d:\d\d|Closed · opens( \w+day)? at \d\d:\d\d|Closed)$/)

    // Gallery: six demo photos that really load (lazy: scroll them into view).
    await page.locator('.gallery').scrollIntoViewIfNeeded()
    await page.waitForFunction(
      () => {
        const imgs = Array.from(document.querySelectorAll<HTMLImageElement>('.gallery__tile img:not(.gallery__img--prev)'))
        return imgs.length === 6 && imgs.every((img) => img.complete && img.naturalWidth > 0)
      },
      undefined,
      { timeout: 15_000 },
    )

    // The map cannot load here: the notice with the phone number replaces the frame.
    await page.getByRole('heading', { name: 'Visit Us' }).scrollIntoViewIfNeeded()
    expect(await page.getByText('Find directions below:').count()).toBe(1)
    await page.waitForSelector('text=The map service is not available right now', { timeout: 12_000 })
    expect(await page.locator('.map-section iframe').count()).toBe(0)
    expect(await page.locator('.map-section a[href^="tel:"]').count()).toBe(1)

    const gift = page.getByRole('link', { name: /Purchase a Gift Card/ })
    expect(await gift.getAttribute('target')).toBe('_blank')

    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? 'null')
    expect(ld.map((entry: { '@type': string }) => entry['@type'])).toEqual(['Hotel', 'BarOrPub'])
    expect(errors).toEqual([])
    await context.close()
  })

  test('a gallery photo opens full screen and closes with Escape', async () => {
    const { context, page } = await open(DESKTOP, { agreed: true })
    await page.goto(`${server.url}/`)
    await splashGone(page)
    const tile = page.locator('.gallery__tile').first()
    await tile.scrollIntoViewIfNeeded()
    await tile.click()
    const dialog = page.getByRole('dialog')
    await dialog.waitFor()
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Close photo')
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    expect(await page.evaluate(() => document.activeElement?.classList.contains('gallery__tile'))).toBe(true)
    await context.close()
  })
})

describe('site chrome', () => {
  test('the splash covers the first load, the page renders beneath it, and it is gone after 4 s', async () => {
    const { context, page } = await open(PHONE, { agreed: true })
    // Read in the page's own time, from the parsed document on: checked after goto's load event, the
    // splash had sometimes already gone on a busy machine (load after 4 s), and the test failed.
    await page.addInitScript(() => {
      const seen = { atStart: false, pageBeneath: false, fadeAt: -1, goneAt: -1 }
      Object.assign(window, { splashSeen: seen })
      document.addEventListener('DOMContentLoaded', () => {
        seen.atStart = document.querySelector('[data-testid="splash"]') !== null
        seen.pageBeneath = document.querySelector('main h1') !== null
        const watch = new MutationObserver(() => {
          const splash = document.querySelector('[data-testid="splash"]')
          if (seen.fadeAt < 0 && (!splash || splash.classList.contains('splash--fading'))) seen.fadeAt = performance.now()
          if (splash) return
          seen.goneAt = performance.now()
          watch.disconnect()
        })
        watch.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] })
      })
    })
    await page.goto(`${server.url}/`, { waitUntil: 'commit' })
    type Seen = { atStart: boolean; pageBeneath: boolean; fadeAt: number; goneAt: number }
    await page.waitForFunction(() => (window as unknown as { splashSeen: Seen }).splashSeen.goneAt >= 0, undefined, { timeout: 15_000 })
    const seen = await page.evaluate(() => (window as unknown as { splashSeen: Seen }).splashSeen)
    const times = `fade at ${Math.round(seen.fadeAt)} ms, gone at ${Math.round(seen.goneAt)} ms`
    expect(seen.atStart).toBe(true)
    expect(seen.pageBeneath).toBe(true)
    // The fade starts 3 s after the load began and the splash is gone at 4 s. Both are timed by the
    // app once it runs: when it starts after 3 s (a busy machine) it fades from then, and when it starts
    // after 4 s it goes at once; timers may also run a little late. A timer set for 3,000 ms may also be read
    // a fraction of a millisecond early: the page's clock is coarsened (to 0.1 ms, with jitter) and timers are
    // kept on another clock in whole milliseconds (one read 2,999.9 ms).
    expect(seen.fadeAt, times).toBeGreaterThanOrEqual(2999)
    expect(seen.goneAt, times).toBeLessThan(Math.max(4000, seen.fadeAt) + 600)
    // In-app navigation does not bring it back.
    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.getByRole('link', { name: 'Contact', exact: true }).click()
    await page.waitForURL(/\/contact$/)
    expect(await page.locator('[data-testid="splash"]').count()).toBe(0)
    await context.close()
  })

  test('cookie notice: shown, Agree stores the flag, and it stays away after a reload', async () => {
    const { context, page } = await open(PHONE)
    await page.goto(`${server.url}/about`)
    const agree = page.getByRole('button', { name: 'Agree' })
    await agree.click()
    expect(await page.evaluate(() => localStorage.getItem('cookiesAgreed'))).toBe('true')
    expect(await page.locator('.cookie-notice').count()).toBe(0)
    await page.reload()
    await page.waitForSelector('main h1')
    // The notice decides in an idle callback once the app has started: two idle periods after the
    // load, that decision has been made and drawn.
    await page.evaluate(() => new Promise((done) => requestIdleCallback(() => requestIdleCallback(done, { timeout: 3000 }), { timeout: 3000 })))
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
    expect(await page.locator('.cookie-notice').count()).toBe(0)
    await context.close()
  })

  test('mobile menu: opens with its button, closes on a click outside and on navigation', async () => {
    const { context, page } = await open(PHONE, { agreed: true })
    await page.goto(`${server.url}/about`)
    await splashGone(page)
    const toggle = page.locator('.navbar__toggle')
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
    await toggle.click()
    expect(await toggle.getAttribute('aria-expanded')).toBe('true')
    expect(await page.getByRole('button', { name: 'Close menu' }).count()).toBe(1)
    await page.screenshot({ path: `${SHOTS}/shell-menu-phone.png` })
    await page.mouse.click(200, 700)
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
    await toggle.click()
    await page.getByRole('link', { name: 'Nearby', exact: true }).click()
    await page.waitForURL(/\/around$/)
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
    await context.close()
  })

  test('the navbar goes from see-through to solid as the page scrolls', async () => {
    const { context, page } = await open(DESKTOP, { agreed: true })
    await page.goto(`${server.url}/`)
    const alpha = () => page.evaluate(() => document.querySelector<HTMLElement>('.site-header')!.style.getPropertyValue('--nav-alpha'))
    expect(await alpha()).toBe('0.6')
    await page.evaluate(() => window.scrollTo(0, 60))
    await page.waitForFunction(() => document.querySelector<HTMLElement>('.site-header')!.style.getPropertyValue('--nav-alpha') === '0.8')
    await page.evaluate(() => window.scrollTo(0, 400))
    await page.waitForFunction(() => document.querySelector<HTMLElement>('.site-header')!.style.getPropertyValue('--nav-alpha') === '1')
    await context.close()
  })
})

describe('contact form', () => {
  test('sends the message, shows the server’s reply, clears the form; the message is stored', async () => {
    const { context, page } = await open(PHONE, { agreed: true })
    await page.goto(`${server.url}/contact`)
    await splashGone(page)
    const stamp = `E2E ${Date.now()}`
    const form = page.locator('.contact-form').first()
    await form.getByLabel('Name').fill('Ada Walker')
    await form.getByLabel('Phone').fill('07700 900123')
    await form.getByLabel('Email').fill('ada@example.org')
    await form.getByLabel('Message').fill(`${stamp}: a table for four on Saturday?`)
    await form.getByRole('button', { name: 'Send message' }).click()
    await form.locator('.form__status--ok').waitFor()
    expect(await form.locator('.form__status').textContent()).toMatch(/^Thank you — your message has been (sent|received)/)
    expect(await form.getByLabel('Name').inputValue()).toBe('')

    const res = await server.api('/api/admin/messages', { headers: { authorization: `Bearer ${await server.token()}` } })
    expect(res.status).toBe(200)
    const messages = (await res.json()) as { name: string; phone: string; email: string; message: string }[]
    const stored = messages.find((m) => m.message.includes(stamp))
    expect(stored).toMatchObject({ name: 'Ada Walker', phone: '07700 900123', email: 'ada@example.org' })
    await context.close()
  })
})

describe('staff login', () => {
  test('the demo admin lands on /admin with "Access granted!"', async () => {
    const { context, page } = await open(PHONE, { agreed: true })
    await page.goto(`${server.url}/login`)
    await splashGone(page)
    await page.getByLabel('Username').fill(DEMO_ADMIN.username)
    await page.getByLabel('Password').fill(DEMO_ADMIN.password)
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.waitForURL(/\/admin$/)
    await page.getByText('Access granted!').waitFor()
    expect(await page.getByRole('link', { name: 'Manage Galleries' }).getAttribute('href')).toBe('/manageGalleries')
    expect(await page.evaluate(() => Boolean(localStorage.getItem('adminToken')))).toBe(true)
    // The navbar is solid on staff screens.
    expect(await page.evaluate(() => document.querySelector<HTMLElement>('.site-header')!.style.getPropertyValue('--nav-alpha'))).toBe('1')
    await context.close()
  })

  test('a wrong password shows the server’s message', async () => {
    const { context, page } = await open(PHONE, { agreed: true })
    await page.goto(`${server.url}/login`)
    await splashGone(page)
    await page.getByLabel('Username').fill(DEMO_ADMIN.username)
    await page.getByLabel('Password').fill('wrong password')
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.getByText('Invalid username or password.').waitFor()
    expect(page.url()).toMatch(/\/login$/)
    await context.close()
  })
})
