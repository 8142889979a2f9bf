/**
 * The inline critical CSS alone draws the first screen exactly as the full stylesheet does (build
 * first: npm run build): on every public route, as the server sends it with current data, at 390×844
 * and 1440×900, each element on screen has the same box and the same look with the full sheet still
 * loading (its request left hanging) as with it applied. So there is no flash of unstyled content and
 * no layout shift when the sheet arrives. The entry script is refused in both, so only CSS differs.
 * Also: the full sheet is never fetched as render-blocking (Chromium's own view of the request).
 */
import { expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { blockThirdParties, DESKTOP, PHONE, useServerAndBrowser } from './harness'
import { pooled } from './parallel-pages'

const ROUTES = ['/', '/about', '/eat', '/drink', '/stay', '/events', '/around', '/contact', '/menu/menu1', '/menu/menu2']
const FULL_SHEET = /\/assets\/index-[^/]+\.css$/
const ENTRY_SCRIPT = /\/assets\/index-[^/]+\.js$/
/** How long the slow full sheet takes: far longer than the entry script needs to run on loopback. */
const SLOW_SHEET_MS = 2000

const suite = useServerAndBrowser()

/** Every element whose box is on the first screen: its place, size and the properties that show. */
function firstScreen(page: Page) {
  return page.evaluate(() => {
    // The splash fades as the page starts: every animation at its start, so both reads see the same frame.
    for (const animation of document.getAnimations()) {
      animation.pause()
      animation.currentTime = 0
    }
    const shown: string[] = []
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect()
      if (box.bottom <= 0 || box.top >= innerHeight || box.width === 0 || box.height === 0) continue
      const style = getComputedStyle(element)
      const look = ['display', 'position', 'color', 'background-color', 'background-image', 'font-size', 'font-family', 'font-weight', 'opacity', 'visibility']
        .map((name) => style.getPropertyValue(name))
        .join(' ')
      shown.push(
        `${element.tagName.toLowerCase()}.${element.className} ${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}×${Math.round(box.height)} ${look}`,
      )
    }
    return shown
  })
}

/** The first screen of `path` as drawn with the full sheet hanging (inline critical CSS only) or applied. */
async function firstScreenWith(viewport: typeof PHONE, path: string, fullSheet: 'hanging' | 'applied'): Promise<string[]> {
  const { server, browser } = suite
  const context = await browser.newContext({ viewport, serviceWorkers: 'block' })
  try {
    await blockThirdParties(context, server.url)
    await context.route(ENTRY_SCRIPT, (route) => route.abort())
    if (fullSheet === 'hanging') await context.route(FULL_SHEET, () => undefined)
    const page = await context.newPage()
    await page.goto(`${server.url}${path}`, { waitUntil: fullSheet === 'hanging' ? 'domcontentloaded' : 'load' })
    if (fullSheet === 'applied') {
      // What the entry script does first (web/src/shell/fullStylesheet.ts).
      await page.evaluate(() => {
        for (const link of document.querySelectorAll<HTMLLinkElement>('link[data-full-css]')) link.media = 'all'
      })
      await page.waitForFunction(() => [...document.styleSheets].some((sheet) => sheet.href?.includes('/assets/index-') && sheet.media.mediaText === 'all'))
    } else {
      expect(await page.evaluate(() => [...document.styleSheets].some((sheet) => sheet.href?.includes('/assets/index-') && sheet.cssRules.length > 0))).toBe(
        false,
      )
    }
    return await firstScreen(page)
  } finally {
    await context.unrouteAll({ behavior: 'ignoreErrors' })
    await context.close()
  }
}

test('each public route’s first screen looks the same before the full stylesheet arrives as after', async () => {
  // Each page in a context of its own, a few at a time: the loads mostly wait on the network.
  const pages = [PHONE, DESKTOP].flatMap((viewport) => ROUTES.map((path) => ({ viewport, path })))
  const drawn = await pooled(pages, async ({ viewport, path }) => ({
    hanging: await firstScreenWith(viewport, path, 'hanging'),
    applied: await firstScreenWith(viewport, path, 'applied'),
  }))
  pages.forEach(({ viewport, path }, index) => {
    const { hanging, applied } = drawn[index]!
    expect(hanging.length, `${path} at ${viewport.width}px`).toBeGreaterThan(5)
    expect(hanging, `${path} at ${viewport.width}px: first screen without the full sheet`).toEqual(applied)
  })
}, 300_000)

test('the full stylesheet is fetched without blocking rendering', async () => {
  const { server, browser } = suite
  const context = await browser.newContext({ viewport: PHONE, serviceWorkers: 'block' })
  await blockThirdParties(context, server.url)
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  const blocking: string[] = []
  cdp.on('Network.requestWillBeSent', (event) => {
    const renderBlocking = (event as { renderBlockingBehavior?: string }).renderBlockingBehavior
    if (event.type === 'Stylesheet' && renderBlocking !== 'NonBlocking') blocking.push(`${event.request.url} ${renderBlocking}`)
  })
  for (const path of ['/', '/contact']) await page.goto(`${server.url}${path}`, { waitUntil: 'load' })
  expect(blocking).toEqual([])
  await cdp.detach()
  await context.unrouteAll({ behavior: 'ignoreErrors' })
  await context.close()
})

test('what the app draws after hydration (the cookie notice) waits for the full stylesheet: nothing moves while it is slow', async () => {
  const { server, browser } = suite
  for (const viewport of [PHONE, DESKTOP]) {
    const context = await browser.newContext({ viewport, serviceWorkers: 'block' })
    await blockThirdParties(context, server.url)
    // A slow sheet: the page is drawn, and the entry has run, long before it arrives.
    await context.route(FULL_SHEET, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, SLOW_SHEET_MS))
      await route.continue().catch(() => undefined)
    })
    const page = await context.newPage()
    await page.addInitScript(() => {
      const shifts: number[] = []
      ;(window as unknown as { shifts: number[] }).shifts = shifts
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) shifts.push(entry.value)
      }).observe({ type: 'layout-shift', buffered: true })
    })
    await page.goto(`${server.url}/eat`, { waitUntil: 'domcontentloaded' })
    await page.getByRole('region', { name: 'Cookie notice' }).waitFor({ timeout: 20_000 })
    await page.waitForLoadState('networkidle')
    const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)
    expect(shifts, `/eat at ${viewport.width}px: layout shifts`).toEqual([])
    await context.unrouteAll({ behavior: 'ignoreErrors' })
    await context.close()
  }
}, 120_000)
