/**
 * Pages the server renders with current data (demo content present) hydrate in real Chromium without
 * a mismatch, and the browser does not fetch again what the page brought embedded (#initial-data):
 * every public route, first visit (no saved data, no service worker), until the network is idle —
 * the idle-time saving of every page's data included.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import type { Browser, Request } from 'playwright-core'
import { blockThirdParties, launchBrowser, PHONE, startServer, type RunningServer } from './harness'

const ROUTES = ['/', '/about', '/eat', '/drink', '/stay', '/events', '/around', '/contact', '/menu/menu1', '/menu/menu2']
/** React's complaints about hydration: main.tsx's own message, React's words, and its minified errors 418-425. */
const HYDRATION_PROBLEM = /hydrat|did not match|Minified React error #4(18|19|2\d)/i

/** The API path each store's data comes from (web/src/stores: its cache key and fetcher). */
function apiPathOf(storeKey: string): string {
  const [kind, id] = storeKey.split(':')
  const paths: Record<string, string> = {
    'opening-times': '/api/opening-times',
    holidays: '/api/bank-holiday-exceptions',
    events: '/api/events',
    attractions: '/api/around',
    gallery: `/api/gallery/${id}`,
    menu: `/api/get-menu/${id}`,
  }
  const path = paths[kind!]
  if (!path) throw new Error(`ssr-hydration: which API path does store "${storeKey}" read? Add it here.`)
  return path
}

let server: RunningServer
let browser: Browser

beforeAll(async () => {
  server = await startServer()
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

test('every public route hydrates without a mismatch and fetches nothing it brought', async () => {
  for (const route of ROUTES) {
    const context = await browser.newContext({ viewport: PHONE, serviceWorkers: 'block' })
    await blockThirdParties(context, server.url)
    const page = await context.newPage()
    const problems: string[] = []
    const apiRequests: string[] = []
    const onConsole = (message: { type(): string; text(): string }) => {
      if ((message.type() === 'error' || message.type() === 'warning') && HYDRATION_PROBLEM.test(message.text())) problems.push(message.text().slice(0, 400))
    }
    const onPageError = (error: Error) => problems.push(`page error: ${error.message}`)
    const onRequest = (request: Request) => {
      const url = new URL(request.url())
      if (url.pathname.startsWith('/api/')) apiRequests.push(url.pathname)
    }
    page.on('console', onConsole)
    page.on('pageerror', onPageError)
    page.on('request', onRequest)
    try {
      await page.goto(`${server.url}${route}`, { waitUntil: 'networkidle' })
      const embedded = await page.evaluate(
        () => JSON.parse(document.getElementById('initial-data')?.textContent ?? 'null') as { stores: Record<string, unknown> } | null,
      )
      expect(embedded, `${route} carries its data`).not.toBeNull()
      const keys = Object.keys(embedded!.stores)
      if (route !== '/about') expect(keys.length, `${route} embeds the data it shows`).toBeGreaterThan(0)
      // The idle-time saving of every page's data starts once the page is idle: let it finish too.
      await page.waitForLoadState('networkidle')
      expect(problems, `${route}: hydration problems`).toEqual([])
      // Gallery photos the server sent may load before hydration: they show all the same (no load event missed).
      await page.waitForFunction(
        () => [...document.querySelectorAll<HTMLImageElement>('img.gallery__img')].every((img) => !img.complete || img.classList.contains('is-loaded')),
        undefined,
        { timeout: 10_000 },
      )
      const refetched = keys.map(apiPathOf).filter((path) => apiRequests.includes(path))
      expect(refetched, `${route}: fetched again although embedded (requests: ${apiRequests.join(', ')})`).toEqual([])
    } finally {
      page.off('console', onConsole)
      page.off('pageerror', onPageError)
      page.off('request', onRequest)
      await context.unrouteAll({ behavior: 'ignoreErrors' })
      await context.close()
    }
  }
}, 120_000)
