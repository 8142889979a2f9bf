/**
 * A served public page is complete HTML: on a slow phone it is read, scrolled and followed by its links
 * before the app (React) runs, and the app starts when the visitor first acts on the page or after a
 * quiet moment once loaded (web/src/shell/appOnDemand.ts), never during the load. What the visitor did
 * meanwhile is not lost: a message sent before the app arrived is sent by it.
 */
import { expect, test } from 'bun:test'
import type { BrowserContext, Page } from 'playwright-core'
import { appOnDemand, DESKTOP, PHONE, useServerAndBrowser } from './harness'

const suite = useServerAndBrowser()

/** A visitor's phone: the app as visitors get it (not started at once), cookies agreed; when the app starts is recorded. */
async function visitorContext(viewport = PHONE): Promise<BrowserContext> {
  const phone = viewport === PHONE
  const context = await suite.browser.newContext({ viewport, hasTouch: phone, isMobile: phone, serviceWorkers: 'block' })
  await appOnDemand(context)
  await context.addInitScript(() => {
    localStorage.setItem('cookiesAgreed', 'true')
    const started = new MutationObserver(() => {
      if (!document.getElementById('root')?.hasAttribute('data-app')) return
      ;(window as { appStartedAt?: number }).appStartedAt = performance.now()
      started.disconnect()
    })
    const placed = new MutationObserver(() => {
      const card = document.querySelector('.splash[data-placed]')
      if (!card) return
      ;(window as { splashWhenPlaced?: unknown }).splashWhenPlaced = {
        visibility: getComputedStyle(card).visibility,
        app: document.getElementById('root')!.hasAttribute('data-app'),
      }
      placed.disconnect()
    })
    placed.observe(document, { attributes: true, subtree: true, attributeFilter: ['data-placed'] })
    document.addEventListener('DOMContentLoaded', () => started.observe(document.getElementById('root')!, { attributes: true }))
  })
  return context
}

const appStarted = (page: Page) => page.evaluate(() => document.getElementById('root')!.hasAttribute('data-app'))
const waitForApp = (page: Page) => page.waitForFunction(() => document.getElementById('root')!.hasAttribute('data-app'), null, { timeout: 30_000 })

test('with nobody acting, the splash shows and goes and the app starts only after a quiet moment once the page has loaded', async () => {
  const context = await visitorContext()
  try {
    const page = await context.newPage()
    await page.goto(`${suite.server.url}/events`, { waitUntil: 'load' })
    expect(await appStarted(page)).toBe(false)
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBeTruthy()
    // The splash card, placed and drawn by the page's own script (its rules inline in the served page),
    // before the app: as it was the moment it was placed (on a busy machine it may be fading already).
    const splash = await page.waitForFunction(() => (window as { splashWhenPlaced?: { visibility: string; app: boolean } }).splashWhenPlaced, null, {
      timeout: 10_000,
    })
    expect(await splash.jsonValue()).toEqual({ visibility: 'visible', app: false })
    await waitForApp(page)
    // Gone by then (3 s, then a 1 s fade), and the app takes the card out of the page.
    await page.locator('.splash').waitFor({ state: 'detached', timeout: 10_000 })
    const { loaded, started } = await page.evaluate(() => ({
      loaded: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
      started: (window as { appStartedAt?: number }).appStartedAt ?? 0,
    }))
    // APP_START_QUIET_MS after the load, then an idle moment.
    expect(started - loaded).toBeGreaterThanOrEqual(5000)
  } finally {
    await context.close()
  }
}, 90_000)

test('the first key press starts the app; a message sent before it arrived is sent once it has', async () => {
  const context = await visitorContext()
  try {
    // The app's code held back, as on a slow line: everything the visitor does meanwhile is on the served page.
    let release = () => {}
    const released = new Promise<void>((resolve) => (release = resolve))
    const asked: string[] = []
    await context.route(/\/assets\/app-[^/]+\.js$/, async (route) => {
      asked.push(route.request().url())
      await released
      await route.continue()
    })
    const page = await context.newPage()
    await page.goto(`${suite.server.url}/contact`, { waitUntil: 'load' })
    expect(await appStarted(page)).toBe(false)
    await page.getByLabel('Name').fill('Ada Walker')
    await page.getByLabel('Phone').fill('07700 900123')
    await page.getByLabel('Email').fill('ada@example.org')
    await page.getByLabel('Message').fill('Is the bar open on Boxing Day?')
    const sending = page.waitForResponse((response) => response.url().endsWith('/api/email/send-email'), { timeout: 30_000 })
    await page.getByRole('button', { name: 'Send message' }).press('Enter')
    // Held, not sent by the browser as a plain form (that would reload the page with the words in its address).
    expect(page.url()).toBe(`${suite.server.url}/contact`)
    expect(asked.length).toBeGreaterThan(0)
    release()
    const reply = await sending
    expect(reply.status()).toBe(200)
    expect(JSON.parse(reply.request().postData() ?? '{}')).toMatchObject({ name: 'Ada Walker', message: 'Is the bar open on Boxing Day?' })
    await page.getByText('Thank you', { exact: false }).first().waitFor({ timeout: 15_000 })
    expect(await appStarted(page)).toBe(true)
  } finally {
    await context.close()
  }
}, 90_000)

test('a menu page on a wide screen, whose drawing only the app can show, starts the app at once; on a phone its text is there and the app waits', async () => {
  for (const [viewport, atOnce] of [
    [DESKTOP, true],
    [PHONE, false],
  ] as const) {
    const context = await visitorContext(viewport)
    try {
      const page = await context.newPage()
      await page.goto(`${suite.server.url}/menu/menu1`, { waitUntil: 'load' })
      if (atOnce) {
        await page.locator('.pdf-page[data-drawn="true"]').first().waitFor({ timeout: 30_000 })
        const { loaded, started } = await page.evaluate(() => ({
          loaded: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
          started: (window as { appStartedAt?: number }).appStartedAt ?? Number.POSITIVE_INFINITY,
        }))
        expect(started).toBeLessThan(loaded + 5000)
      } else {
        expect(await page.locator('.menu-text').isVisible()).toBe(true)
        expect(await appStarted(page)).toBe(false)
      }
    } finally {
      await context.close()
    }
  }
}, 90_000)

test("before the app, the home page's gallery shows its pictures as they load (they fade in once loaded, and nobody else would say so)", async () => {
  const context = await visitorContext()
  try {
    const page = await context.newPage()
    await page.goto(`${suite.server.url}/`, { waitUntil: 'load' })
    const pictures = page.locator('img.gallery__img')
    expect(await pictures.count()).toBeGreaterThanOrEqual(3)
    // The visitor scrolls down to it (reading: the app does not start for a scroll), so its lazy pictures load.
    await page.mouse.wheel(0, 2000)
    // Every picture that loaded is shown (its fade ends at full opacity), the app still not started.
    await page.waitForFunction(
      () => {
        const loaded = [...document.querySelectorAll<HTMLImageElement>('img.gallery__img')].filter((img) => img.complete && img.naturalWidth > 0)
        return loaded.length >= 3 && loaded.every((img) => getComputedStyle(img).opacity === '1')
      },
      null,
      { timeout: 10_000 },
    )
    expect(await appStarted(page)).toBe(false)
  } finally {
    await context.close()
  }
}, 60_000)
