/**
 * A first visit gets its page before anything is saved for offline use (build first: npm run build):
 * in real Chromium with a slow full stylesheet (the page is drawn and hydrated from its inline
 * CSS, but its load event comes late), the service worker is
 * registered, and the other pages' data fetched, only after the page's load event has ended (when the
 * browser is next idle); the saving then still happens (the worker takes charge, the menus' data arrive).
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { launchPersistent, startServer, type RunningServer } from './harness'

let server: RunningServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(async () => {
  await server?.stop()
})

/** How long the full stylesheet takes to arrive: long enough for hydration and an idle moment before the load event. */
const SLOW_SHEET_MS = 2500

test('the service worker and the saving of the other pages start only after the page has loaded', async () => {
  const { context, close } = await launchPersistent()
  try {
    await context.route(/\/assets\/index-[^/]+\.css$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, SLOW_SHEET_MS))
      await route.continue().catch(() => undefined)
    })
    await context.addInitScript(() => {
      const marks = window as unknown as { registeredAt?: number }
      const register = ServiceWorkerContainer.prototype.register
      ServiceWorkerContainer.prototype.register = function (this: ServiceWorkerContainer, ...args: Parameters<typeof register>) {
        marks.registeredAt ??= performance.now()
        return register.apply(this, args)
      }
    })
    const page = context.pages()[0] ?? (await context.newPage())
    await page.goto(`${server.url}/`)
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), undefined, { timeout: 60_000 })
    const savedMenu = await page.waitForFunction(
      () => performance.getEntriesByType('resource').find((entry) => entry.name.includes('/api/get-menu/'))?.startTime,
      undefined,
      { timeout: 60_000 },
    )
    const menuFetchedAt = (await savedMenu.jsonValue()) as number
    const { registeredAt, loadedAt } = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
      // Once the load event's handlers have all run (workbox-window on its own registers in one of them).
      return { registeredAt: (window as unknown as { registeredAt?: number }).registeredAt, loadedAt: navigation?.loadEventEnd }
    })
    expect(loadedAt).toBeGreaterThan(SLOW_SHEET_MS)
    expect(registeredAt).toBeGreaterThan(loadedAt!)
    expect(menuFetchedAt).toBeGreaterThan(loadedAt!)
    await context.unrouteAll({ behavior: 'ignoreErrors' })
  } finally {
    await close()
  }
}, 120_000)
