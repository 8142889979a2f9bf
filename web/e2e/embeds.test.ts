/**
 * The three third-party embeds (map, booking widget, gift-card shop) under the real Content-Security-
 * Policy, with each provider stubbed ONLINE (Playwright fulfils a page for its origin), UNREACHABLE
 * (the request is aborted) and with the device OFFLINE. Online they show; otherwise the visitor gets
 * a notice that says what is true (no connection, or the service not answering) and the phone number.
 */
import { afterEach, beforeAll, describe, expect, test } from 'bun:test'
import type { BrowserContext, Page } from 'playwright-core'
import { DESKTOP, PHONE, useServerAndBrowser } from './harness'
import { watchConsoleErrors } from './page-console'

const suite = useServerAndBrowser()

interface Venue {
  phone: string
  mapEmbedUrl: string
  giftCardUrl: string
  booking: { scriptUrl: string; origin: string; widgetId: string }
}
let venue: Venue
const origin = (url: string) => new URL(url).origin

beforeAll(async () => {
  venue = (await (await suite.server.api('/api/venue')).json()) as Venue
})

/** 'scriptFails': the provider answers, but its script then cannot be had (the rare case left to the browser's own report). */
type Provider = 'online' | 'unreachable' | 'scriptFails'

/** What the stubbed booking provider's script does: put its calendar frame in the page's container. */
const bookingScript = (bookingOrigin: string) => `(() => {
  const BOOKING_ORIGIN = ${JSON.stringify(bookingOrigin)}
  const box = document.getElementById('booking-widget')
  const frame = document.createElement('iframe')
  frame.src = BOOKING_ORIGIN + '/calendar?widget=' + encodeURIComponent(box.dataset.widgetId)
  frame.title = 'Booking calendar'
  box.append(frame)
})()`

interface Opened {
  context: BrowserContext
  page: Page
  /** Requests the page (or its workers) made to each third-party origin. */
  thirdParty: string[]
  /** The same, as "METHOD url". */
  asked: string[]
  violations: string[]
  errors: string[]
  /** The page's console errors as Lighthouse counts them (page-console.ts). */
  consoleErrors: string[]
}
const open: Opened[] = []

async function openSite(provider: Provider, viewport = DESKTOP): Promise<Opened> {
  const { server, browser } = suite
  // The real CSP applies (no bypassCSP); the service worker has its own tests (offline.test.ts).
  const context = await browser.newContext({ viewport, serviceWorkers: 'block' })
  const thirdParties = [origin(venue.mapEmbedUrl), origin(venue.giftCardUrl), venue.booking.origin]
  const thirdParty: string[] = []
  const asked: string[] = []
  await context.addInitScript(() => {
    try {
      localStorage.setItem('cookiesAgreed', 'true')
    } catch {
      // frames without storage
    }
  })
  await context.route('**/*', (route) => {
    const url = route.request().url()
    if (url.startsWith(server.url) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue()
    const from = thirdParties.find((o) => url.startsWith(o))
    if (!from) return route.abort('internetdisconnected')
    thirdParty.push(url)
    asked.push(`${route.request().method()} ${url}`)
    if (provider === 'unreachable') return route.abort('connectionrefused')
    if (provider === 'scriptFails' && url === venue.booking.scriptUrl && route.request().method() === 'GET') return route.abort('connectionrefused')
    if (url === venue.booking.scriptUrl) return route.fulfill({ status: 200, contentType: 'text/javascript', body: bookingScript(venue.booking.origin) })
    return route.fulfill({ status: 200, contentType: 'text/html', body: `<!doctype html><title>Stub</title><h1>Stub page of ${from}</h1>` })
  })
  const page = await context.newPage()
  const consoleErrors = await watchConsoleErrors(page, { serviceWorkersBlocked: true })
  const violations: string[] = []
  await page.exposeFunction('__reportViolation', (text: string) => violations.push(text))
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { __reportViolation(t: string): void }).__reportViolation(`${event.violatedDirective} ${event.blockedURI}`),
    )
  })
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  const opened = { context, page, thirdParty, asked, violations, errors, consoleErrors }
  open.push(opened)
  return opened
}

afterEach(async () => {
  for (const { context, page } of open.splice(0)) {
    page.removeAllListeners('pageerror')
    await context.unrouteAll({ behavior: 'ignoreErrors' })
    await context.close().catch(() => undefined)
  }
})

const noticeText = async (page: Page, selector: string) => ((await page.locator(selector).textContent()) ?? '').replace(/\s+/g, ' ').trim()
const telHref = () => `tel:${venue.phone.replace(/\s+/g, '')}`

async function toVisitUs(page: Page) {
  await page.getByRole('heading', { name: 'Visit Us' }).scrollIntoViewIfNeeded()
}

describe('map', () => {
  test('provider online: the map frame shows the provider page, with no CSP violation', async () => {
    const { page, violations, errors } = await openSite('online')
    await page.goto(`${suite.server.url}/`)
    await toVisitUs(page)
    await page.locator('.map-section__frame[data-state="ready"]').waitFor({ timeout: 15_000 })
    const frame = page.locator('.map-section iframe')
    expect(await frame.getAttribute('src')).toBe(venue.mapEmbedUrl)
    expect(await frame.isVisible()).toBe(true)
    expect(await page.locator('.map-section__fallback').count()).toBe(0)
    const inner = page.frames().find((f) => f.url() === venue.mapEmbedUrl)
    expect(await inner?.locator('h1').textContent()).toContain('Stub page')
    expect(violations).toEqual([])
    expect(errors).toEqual([])
  })

  test('online, with the map service answering, home shows the map — not "The map needs a connection" — and logs no error', async () => {
    const { page, errors } = await openSite('online', DESKTOP)
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    await page.goto(`${suite.server.url}/`)
    // The section checks the map service answers (a fetch) before trusting the frame.
    const probe = page.waitForResponse(
      (response) => response.url().startsWith(`${origin(venue.mapEmbedUrl)}/`) && response.request().resourceType() === 'fetch',
      {
        timeout: 15_000,
      },
    )
    await toVisitUs(page)
    await probe
    await page
      .frameLocator('iframe[title^="Map showing"]')
      .getByRole('heading', { name: /Stub page of https:\/\/maps\.example\.com/ })
      .waitFor({ timeout: 15_000 })
    expect(await page.getByText('The map needs a connection').count()).toBe(0)
    expect(errors.filter((text) => text.includes('Content Security Policy'))).toEqual([])
  })

  test('provider unreachable: "not available right now" with the phone and a directions link', async () => {
    const { page, violations } = await openSite('unreachable')
    await page.goto(`${suite.server.url}/`)
    await toVisitUs(page)
    await page.locator('.map-section__frame[data-state="unavailable"]').waitFor({ timeout: 15_000 })
    expect(await noticeText(page, '.map-section__fallback')).toBe(
      `The map service is not available right now. Call us on ${venue.phone} or open directions (opens in a new tab)`,
    )
    expect(await page.locator('.map-section__fallback a[href^="tel:"]').getAttribute('href')).toBe(telHref())
    expect(await page.locator('.map-section iframe').count()).toBe(0)
    expect(violations).toEqual([])
  })

  test('offline: "needs a connection"; back online the map returns', async () => {
    const { context, page } = await openSite('online')
    await page.goto(`${suite.server.url}/`)
    await toVisitUs(page)
    await page.locator('.map-section__frame[data-state="ready"]').waitFor({ timeout: 15_000 })
    await context.setOffline(true)
    await page.locator('.map-section__frame[data-state="offline"]').waitFor()
    expect(await noticeText(page, '.map-section__fallback')).toBe(
      `The map needs a connection. Call us on ${venue.phone} or open directions (opens in a new tab)`,
    )
    expect(await page.locator('.map-section iframe').count()).toBe(0)
    await context.setOffline(false)
    await page.locator('.map-section__frame[data-state="ready"]').waitFor({ timeout: 15_000 })
  })
})

describe('booking widget', () => {
  for (const size of [DESKTOP, PHONE]) {
    test(`provider online (${size.width} px): asked first, then the provider's calendar frame shows, full width`, async () => {
      const { page, violations, errors, asked, consoleErrors } = await openSite('online', size)
      await page.goto(`${suite.server.url}/stay`)
      const frame = page.locator('#booking-widget iframe')
      await frame.waitFor({ timeout: 15_000 })
      expect(await page.locator('#booking-widget').isVisible()).toBe(true)
      expect(await page.locator('.booking-widget .offline-notice').count()).toBe(0)
      const box = await page.locator('#booking-widget').boundingBox()
      const frameBox = await frame.boundingBox()
      expect(Math.round(frameBox!.width)).toBe(Math.round(box!.width))
      expect(Math.round(frameBox!.height)).toBe(size === DESKTOP ? 2000 : 1500)
      expect(await page.locator('.booking-widget').getAttribute('data-state')).toBe('ready')
      // The script's address answered a HEAD request (from the probe worker) before the page added the script.
      const script = venue.booking.scriptUrl
      expect(asked.filter((line) => line.endsWith(` ${script}`))).toEqual([`HEAD ${script}`, `GET ${script}`])
      expect(violations).toEqual([])
      expect(errors).toEqual([])
      expect(consoleErrors).toEqual([])
    })
  }

  test('provider unreachable: "not available right now" and the phone; the script is never requested, no console error', async () => {
    const { page, violations, asked, consoleErrors } = await openSite('unreachable')
    const warnings: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text())
    })
    await page.goto(`${suite.server.url}/stay`)
    const notice = page.locator('.booking-widget .offline-notice__text')
    await notice.waitFor({ timeout: 15_000 })
    expect(await noticeText(page, '.booking-widget .offline-notice__text')).toBe(
      `The booking service is not available right now. Call us on ${venue.phone} to book a room.`,
    )
    expect(await notice.locator('a[href^="tel:"]').getAttribute('href')).toBe(telHref())
    expect(await page.locator('#booking-widget').isVisible()).toBe(false)
    expect(await page.locator('.booking-widget').getAttribute('data-state')).toBe('unavailable')
    expect(violations).toEqual([])
    // Only the probe asked (and failed, in its worker): the page itself requested nothing from the provider.
    expect(asked.filter((line) => line.includes(venue.booking.origin))).toEqual([`HEAD ${venue.booking.scriptUrl}`])
    expect(await page.locator(`script[src^="${venue.booking.origin}"]`).count()).toBe(0)
    expect(consoleErrors).toEqual([])
    expect(warnings.some((text) => text.includes('booking widget is not shown (the booking service did not answer)'))).toBe(true)
  })

  test("provider answers but its script fails: the phone notice; only the browser's own note of the failed load", async () => {
    const { page, consoleErrors } = await openSite('scriptFails')
    await page.goto(`${suite.server.url}/stay`)
    await page.locator('.booking-widget .offline-notice__text').waitFor({ timeout: 15_000 })
    expect(await noticeText(page, '.booking-widget .offline-notice__text')).toBe(
      `The booking service is not available right now. Call us on ${venue.phone} to book a room.`,
    )
    expect(await page.locator('#booking-widget').isVisible()).toBe(false)
    // Our code reports no error of its own; the browser notes the load that failed, as it should.
    expect(consoleErrors).toEqual([`network ${venue.booking.scriptUrl}: Failed to load resource: net::ERR_CONNECTION_REFUSED`])
  })

  test('offline: "needs a connection" without asking the provider; back online the widget loads', async () => {
    const { context, page, thirdParty } = await openSite('online')
    await page.goto(`${suite.server.url}/stay`)
    await page.locator('#booking-widget iframe').waitFor({ timeout: 15_000 })
    // Leave in the app, lose the signal, come back to /stay (its code is already in the page).
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events', exact: true }).click()
    await page.getByRole('heading', { name: 'Events We Are Running' }).waitFor()
    // Leaving took the provider's script with it.
    expect(await page.locator(`script[src^="${venue.booking.origin}"]`).count()).toBe(0)
    await context.setOffline(true)
    const asked = thirdParty.length
    await page.goBack()
    await page.locator('.booking-widget .offline-notice__text').waitFor({ timeout: 15_000 })
    expect(await noticeText(page, '.booking-widget .offline-notice__text')).toBe(`Online booking needs a connection. Call us on ${venue.phone} to book a room.`)
    expect(thirdParty.length).toBe(asked)
    await context.setOffline(false)
    await page.locator('#booking-widget iframe').waitFor({ timeout: 15_000 })
    expect(await page.locator('.booking-widget .offline-notice').count()).toBe(0)
  })
})

describe('gift-card shop', () => {
  test('provider online: the link opens the shop in a new tab', async () => {
    const { context, page, violations } = await openSite('online')
    await page.goto(`${suite.server.url}/`)
    const link = page.getByRole('link', { name: /Purchase a Gift Card/ })
    await link.scrollIntoViewIfNeeded()
    expect(await link.getAttribute('href')).toBe(venue.giftCardUrl)
    const [shop] = await Promise.all([context.waitForEvent('page'), link.click()])
    await shop.locator('h1').waitFor()
    expect(await shop.locator('h1').textContent()).toContain('Stub page')
    expect(shop.url()).toBe(venue.giftCardUrl)
    await shop.close()
    expect(violations).toEqual([])
  })

  test('provider unreachable: the page never contacts the shop itself; the link is still offered', async () => {
    const { page, thirdParty } = await openSite('unreachable')
    await page.goto(`${suite.server.url}/`)
    const link = page.getByRole('link', { name: /Purchase a Gift Card/ })
    await link.scrollIntoViewIfNeeded()
    await page.waitForLoadState('networkidle')
    expect(await link.isVisible()).toBe(true)
    expect(thirdParty.filter((url) => url.startsWith(origin(venue.giftCardUrl)))).toEqual([])
  })

  test('offline: the phone number instead of the link; back online the link returns', async () => {
    const { context, page } = await openSite('online')
    await page.goto(`${suite.server.url}/`)
    await page.getByRole('link', { name: /Purchase a Gift Card/ }).waitFor()
    // The block is below the first screen, in a chunk fetched once the app starts: until it has come, the
    // link is the server's markup, kept as it is (shell/lazyPart.ts). The app is started once the network is quiet.
    await page.waitForLoadState('networkidle')
    await context.setOffline(true)
    const notice = page.locator('.giftcard__offline')
    await notice.waitFor()
    expect(await noticeText(page, '.giftcard__offline')).toBe(
      `Gift cards are sold online and need a connection. Call us on ${venue.phone} and we will arrange one for you.`,
    )
    expect(await notice.locator('a[href^="tel:"]').getAttribute('href')).toBe(telHref())
    expect(await page.getByRole('link', { name: /Purchase a Gift Card/ }).count()).toBe(0)
    await context.setOffline(false)
    await page.getByRole('link', { name: /Purchase a Gift Card/ }).waitFor()
  })
})
