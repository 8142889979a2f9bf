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
import { DESKTOP, PHONE, useServerAndBrowser } from './harness'
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

type FullSheet = 'hanging' | 'applied'

/** A page whose entry script is refused, and whose full sheet is left hanging or comes as usual. */
async function pageWith(viewport: typeof PHONE, fullSheet: FullSheet): Promise<Page> {
  const context = await suite.browser.newContext({ viewport, serviceWorkers: 'block' })
  await context.route(ENTRY_SCRIPT, (route) => route.abort())
  if (fullSheet === 'hanging') await context.route(FULL_SHEET, () => undefined)
  return context.newPage()
}

/**
 * The first screen of `path` on `page`, loaded afresh, as drawn with the full sheet hanging (inline
 * critical CSS only) or applied. Each full load is a new document; only the renderer is reused.
 */
async function firstScreenWith(page: Page, path: string, fullSheet: FullSheet): Promise<string[]> {
  await page.goto(`${suite.server.url}${path}`, { waitUntil: fullSheet === 'hanging' ? 'domcontentloaded' : 'load' })
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
  return firstScreen(page)
}

/** Side by side per size: the loads mostly wait on the network. */
const LANES = 2

test('each public route’s first screen looks the same before the full stylesheet arrives as after', async () => {
  for (const viewport of [PHONE, DESKTOP]) {
    const drawn: { hanging: string[]; applied: string[] }[] = []
    let next = 0
    // Two pages per lane, one for each way, each going through its share of the routes: a page per load
    // cost a new renderer each time, about half a second of a core.
    await pooled(
      Array.from({ length: LANES }),
      async () => {
        const hangingPage = await pageWith(viewport, 'hanging')
        const appliedPage = await pageWith(viewport, 'applied')
        try {
          for (let index = next++; index < ROUTES.length; index = next++) {
            const path = ROUTES[index]!
            drawn[index] = { hanging: await firstScreenWith(hangingPage, path, 'hanging'), applied: await firstScreenWith(appliedPage, path, 'applied') }
          }
        } finally {
          for (const page of [hangingPage, appliedPage]) {
            await page.context().unrouteAll({ behavior: 'ignoreErrors' })
            await page.context().close()
          }
        }
      },
      LANES,
    )
    ROUTES.forEach((path, index) => {
      const { hanging, applied } = drawn[index]!
      expect(hanging.length, `${path} at ${viewport.width}px`).toBeGreaterThan(5)
      expect(hanging, `${path} at ${viewport.width}px: first screen without the full sheet`).toEqual(applied)
    })
  }
}, 300_000)

test('the full stylesheet is fetched without blocking rendering', async () => {
  const { server, browser } = suite
  const context = await browser.newContext({ viewport: PHONE, serviceWorkers: 'block' })
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
