/**
 * A page's data downloads alongside its code (build first: npm run build). Opening a page whose code
 * has not come yet, by keyboard from the home page, must ask the server for the page's lists once,
 * not once while the code comes and again when the page mounts; and photos that cannot come while the
 * code does are reported without moving the page.
 */
import { describe, expect, test } from 'bun:test'
import type { Route } from 'playwright-core'
import { DESKTOP, PHONE, useServerAndBrowser } from './harness'
import { contextsOf, settled } from './a11y-helpers'
import { picturesSettled, twoFrames } from './settling'

const suite = useServerAndBrowser()
const visit = contextsOf(suite)

// Each page, its chunk's name and the lists it shows.
const PAGES = [
  { path: '/events', chunk: 'Events', lists: ['/api/gallery/events', '/api/events'] },
  { path: '/eat', chunk: 'Eat', lists: ['/api/gallery/cafe'] },
  { path: '/around', chunk: 'Around', lists: ['/api/around'] },
] as const

describe('a page opened before its code came asks for its data once', () => {
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)
    for (const { path, chunk, lists } of PAGES)
      test(`${size}, keyboard: ${path} on a weak signal (its code takes 1 s) fetches each list once`, async () => {
        const page = await visit({ viewport, agreed: true })
        // Refused while the home page loads (so the idle fetch ahead of need cannot save it), then slow.
        let opened = false
        await page.route(new RegExp(`/assets/${chunk}-[^/]*\\.js$`), async (route: Route) => {
          if (!opened) return route.abort('internetdisconnected')
          // The slow code is the scenario (a weak signal), not a wait for something.
          await new Promise((resolve) => setTimeout(resolve, 1000))
          await route.continue().catch(() => undefined)
        })
        const asked: string[] = []
        // List requests not yet answered, and who waits for there to be none.
        let inFlight = 0
        let answered = () => {}
        const isList = (url: string) => (lists as readonly string[]).includes(new URL(url).pathname)
        page.on('request', (request) => {
          if (!opened || !isList(request.url())) return
          asked.push(new URL(request.url()).pathname)
          inFlight++
        })
        const done = (request: { url(): string }) => {
          if (opened && isList(request.url()) && --inFlight === 0) answered()
        }
        page.on('requestfinished', done)
        page.on('requestfailed', done)
        await page.goto(`${suite.server.url}/`)
        await settled(page)
        if (await page.locator('.navbar__toggle').isVisible()) {
          await page.locator('.navbar__toggle').focus()
          await page.keyboard.press('Enter')
        }
        await page.locator(`.navbar a[href="${path}"]`).first().focus()
        opened = true
        await page.keyboard.press('Enter')
        await page.waitForFunction(() => document.activeElement?.tagName === 'H1', null, { timeout: 15_000 }).catch(() => undefined)
        // The page has mounted (its heading took focus): a second request it would send on mounting has
        // been sent by two frames on. Then every list request has to be answered before counting.
        await twoFrames(page)
        if (inFlight > 0) await new Promise<void>((resolve) => (answered = resolve))
        expect(asked.sort()).toEqual([...lists].sort())
      }, 60_000)
})

describe('the photos cannot come while the code does', () => {
  test('desktop, keyboard: /events with its gallery refused says so without moving the events list', async () => {
    const page = await visit({ viewport: DESKTOP, agreed: true })
    let opened = false
    await page.route(/\/assets\/Events-[^/]*\.js$/, (route: Route) => (opened ? route.continue() : route.abort('internetdisconnected')))
    await page.route('**/api/gallery/events', (route: Route) => (opened ? route.abort('internetdisconnected') : route.continue()))
    await page.goto(`${suite.server.url}/`)
    await settled(page)
    await page.locator('.navbar a[href="/events"]').focus()
    await page.evaluate(() => {
      // Each shift of 0.01 or more, not just after input, with what moved.
      const seen = window as unknown as { shifts: string[] }
      seen.shifts = []
      type Shift = { value: number; hadRecentInput: boolean; sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] }
      const box = (rect: DOMRectReadOnly) => `${Math.round(rect.x)},${Math.round(rect.y)} ${Math.round(rect.width)}×${Math.round(rect.height)}`
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as Shift[]) {
          if (entry.value < 0.01 || entry.hadRecentInput) continue
          const what = entry.sources.map(({ node, previousRect, currentRect }) => {
            const element = node instanceof Element ? node : node?.parentElement
            return `${element ? `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}` : 'a pseudo-element'} ${box(previousRect)} → ${box(currentRect)}`
          })
          seen.shifts.push(`${entry.value.toFixed(3)}: ${what.join('; ')}`)
        }
      }).observe({ type: 'layout-shift' })
    })
    opened = true
    await page.keyboard.press('Enter')
    await page.waitForFunction(() => document.activeElement?.textContent === "What's on", null, { timeout: 15_000 }).catch(() => undefined)
    await page.getByText('Couldn’t reach the venue').waitFor({ timeout: 15_000 })
    // What could still move the list after the notice: pictures loading, and the notice's own layout.
    await picturesSettled(page).catch(() => undefined)
    await page.screenshot({ path: '/tmp/shots/gallery-refused-with-code.png' })
    expect(await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts)).toEqual([])
  }, 60_000)
})
