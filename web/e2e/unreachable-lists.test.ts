/**
 * A page whose lists the venue's server does not give (build first: npm run build). A first visit to
 * /events while the server never answers says so after a few seconds, not "Loading events…" until the
 * request times out. A returning visitor (the service worker installed) opening a page while the
 * server refuses every API call is told once that its lists could not be loaded; the idle "save every
 * page for offline" must not put its placeholders back for a second try and take them away again
 * (each swap moved the page by a quarter of the screen).
 */
import { afterEach, describe, expect, test } from 'bun:test'
import type { BrowserContext, Page } from 'playwright-core'
import { PHONE, DESKTOP, useServerAndBrowser } from './harness'
import { waitForControl } from './saved-data-helpers'

const suite = useServerAndBrowser()
const open = new Set<BrowserContext>()
afterEach(async () => {
  for (const context of open) await context.close().catch(() => undefined)
  open.clear()
})

/** A context whose service worker runs (the contexts of a11y-helpers block it) and whose API calls are all refused. */
async function returningVisitorWithServerRefusing(viewport: { width: number; height: number }): Promise<BrowserContext> {
  const context = await suite.browser.newContext({ viewport, reducedMotion: 'reduce' })
  open.add(context)
  await context.route('**/api/**', (route) => route.abort('connectionrefused'))
  // The page itself is refused too: the server would otherwise send it rendered with its lists.
  await context.route(`${suite.server.url}/events`, (route) => route.abort('connectionrefused'))
  await context.addInitScript(() => localStorage.setItem('cookiesAgreed', 'true'))
  const first = await context.newPage()
  await first.goto(`${suite.server.url}/`)
  await waitForControl(first).catch(async () => {
    // The first load installs the worker; the next one is controlled by it.
    await first.reload()
    await waitForControl(first)
  })
  await first.close()
  return context
}

/** Every state the events section shows, in order, and each layout shift (with what moved) once it has said the events could not be loaded. */
async function watchEvents(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen = window as unknown as { states: string[]; shifts: string[]; failedAt: number; asked: string[]; pending: number }
    seen.states = []
    seen.shifts = []
    seen.failedAt = Number.POSITIVE_INFINITY
    seen.asked = []
    seen.pending = 0
    const pageFetch = window.fetch
    window.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      seen.asked.push(new URL(input instanceof Request ? input.url : String(input), location.href).pathname)
      seen.pending++
      return pageFetch(input, init).finally(() => seen.pending--)
    }) as typeof fetch
    const sample = () => {
      const text = document.querySelector('main .events')?.textContent ?? ''
      // Failed once both lists have: the events say so and the past events' photos have gone.
      const photos = document.querySelector('main .gallery') !== null
      const state = /Loading events/.test(text) ? 'loading' : /could not be loaded/.test(text) ? (photos ? 'failing' : 'failed') : text ? 'other' : 'none'
      if (seen.states.at(-1) !== state) seen.states.push(state)
      // Shifts count from two frames after it first said so: the frame that laid that sentence out is
      // the swap from the saved page's placeholders, another matter.
      if (state === 'failed' && seen.failedAt === Number.POSITIVE_INFINITY) {
        seen.failedAt = Number.NaN
        requestAnimationFrame(() => requestAnimationFrame(() => (seen.failedAt = performance.now())))
      }
    }
    // Seen as the page changes, before the frame that lays the change out (and times its shift).
    new MutationObserver(sample).observe(document, { childList: true, subtree: true, characterData: true })
    type Shift = { value: number; startTime: number; hadRecentInput: boolean; sources: { node: Node | null; currentRect: DOMRectReadOnly }[] }
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Shift[]) {
        // Placeholders back and gone again moved it by 0.22–0.25 each time; the events' spacing settling
        // a frame after the photos went (a rule for the gallery-and-events pair) moved it by 0.02.
        if (entry.hadRecentInput || !(entry.startTime > seen.failedAt)) continue
        const what = entry.sources.map(({ node }) => (node instanceof Element ? node : node?.parentElement)?.className ?? '?')
        seen.shifts.push(`${entry.value.toFixed(3)}: ${what.join('; ')}`)
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
}

describe('a page whose lists the server refuses, for a returning visitor', () => {
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)
    test(`${size}: /events says the events could not be loaded and stays so (no second round of placeholders)`, async () => {
      const context = await returningVisitorWithServerRefusing(viewport)
      const page = await context.newPage()
      await watchEvents(page)
      await page.goto(`${suite.server.url}/events`)
      // The idle save of every page for offline loads every list once the page is idle: it has run once
      // it asked for the nearby places (which /events never shows) and every request has been
      // answered. On a busy machine it can come before both lists failed, or join the page's own
      // load; either way, what it showed is in `states`, and a layout it caused two frames later.
      await page.waitForFunction(
        () => {
          const { asked, pending, states } = window as unknown as { asked: string[]; pending: number; states: string[] }
          return states.includes('failed') && asked.includes('/api/around') && pending === 0
        },
        null,
        { timeout: 60_000 },
      )
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
      const { states, shifts } = await page.evaluate(() => {
        const { states, shifts } = window as unknown as { states: string[]; shifts: string[] }
        return { states, shifts }
      })
      const failedAt = states.indexOf('failed')
      expect({ after: states.slice(failedAt), shifts }).toEqual({ after: ['failed'], shifts: [] })
      expect(await page.locator('.offline-banner').textContent()).toContain('Couldn’t reach the venue')
    }, 120_000)
})

test('a first visit to /events while the venue never answers says so after ~3 s, not "Loading events…" alone until the 15 s timeout', async () => {
  const { server, browser } = suite
  const context = await browser.newContext({ viewport: PHONE, serviceWorkers: 'block' })
  open.add(context)
  await context.addInitScript(() => localStorage.setItem('cookiesAgreed', 'true'))
  const page = await context.newPage()
  // The server is reachable but hangs: no API request ever gets an answer. The page the server renders
  // brings its events along (prerender.test.ts); the page as built, which is sent when it cannot
  // render (an older build, a failed render), brings none: that is the page this visitor gets.
  await context.route('**/api/**', () => undefined)
  await context.route(`${server.url}/events`, (route) => route.continue({ url: `${server.url}/events/index.html` }))
  await page.goto(`${server.url}/events`)
  const started = Date.now()
  await page.locator('.offline-banner', { hasText: 'Couldn’t reach the venue — this page is not saved on this device yet' }).waitFor({ timeout: 8_000 })
  expect(Date.now() - started).toBeLessThan(8_000)
  await context.unrouteAll({ behavior: 'ignoreErrors' })
})
