/**
 * Helpers of the saved-data browser tests (saved-data.test.ts, one-visit.test.ts): a session in a
 * fresh persistent profile, bounded polling, and reading what the app keeps in IndexedDB and shows in
 * its banner.
 */
import { mkdirSync } from 'node:fs'
import type { BrowserContext, Page } from 'playwright-core'
import { DESKTOP, launchPersistent, PHONE } from './harness'
import { SERVED_PAGES_CACHE } from '../src/offline/offlineCopy'

export const SHOTS = '/tmp/shots'

/** Screenshots of the banner on a phone and on a desktop, for looking at (not compared). */
export async function screenshots(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true })
  await page.waitForSelector('[data-testid="splash"]', { state: 'detached', timeout: 8_000 })
  await page.screenshot({ path: `${SHOTS}/saved-data-${name}-phone.png` })
  await page.setViewportSize(DESKTOP)
  await page.screenshot({ path: `${SHOTS}/saved-data-${name}-desktop.png` })
  await page.setViewportSize(PHONE)
}

export const OFFLINE_SAVED = 'You’re offline — showing information saved on'
export const UNREACHABLE_SAVED = 'Couldn’t reach the venue — showing information saved on'

/** What one visit to / must leave on the device: every public store (the menus' carry their text). */
export const PUBLIC_KEYS = [
  'opening-times',
  'holidays',
  'events',
  'attractions',
  'gallery:generic',
  'gallery:cafe',
  'gallery:rooms',
  'gallery:stables',
  'gallery:events',
  'menu:1',
  'menu:2',
] as const

export interface Session {
  context: BrowserContext
  page: Page
  errors: string[]
  close(): Promise<void>
}

export async function openSession(): Promise<Session> {
  const browser = await launchPersistent(PHONE)
  const { context } = browser
  await context.addInitScript(() => {
    try {
      localStorage.setItem('cookiesAgreed', 'true')
    } catch {
      // frames without storage
    }
  })
  const page = context.pages()[0] ?? (await context.newPage())
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  return {
    context,
    page,
    errors,
    close: async () => {
      await context.unrouteAll({ behavior: 'ignoreErrors' })
      await browser.close()
    },
  }
}

/** Polls `check` until it returns something truthy (bounded); the last value is in the error. */
export async function poll<T>(check: () => Promise<T>, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let last: T | undefined
  for (;;) {
    last = await check().catch(() => undefined)
    if (last) return last
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting until ${what} (last: ${JSON.stringify(last)})`)
    await Bun.sleep(250)
  }
}

export async function waitForControl(page: Page) {
  await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), undefined, { timeout: 30_000 })
}

/** The `savedAt` of each key in the app's IndexedDB store (idb-keyval's keyval-store), null when absent. */
export function savedTimes(page: Page, keys: readonly string[]): Promise<Record<string, number | null>> {
  return page.evaluate(
    (keys) =>
      new Promise<Record<string, number | null>>((resolve, reject) => {
        const open = indexedDB.open('keyval-store')
        open.onupgradeneeded = () => open.result.createObjectStore('keyval')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const db = open.result
          const store = db.transaction('keyval').objectStore('keyval')
          const found: Record<string, number | null> = {}
          let left = keys.length
          for (const key of keys) {
            const request = store.get(key)
            request.onsuccess = () => {
              found[key] = (request.result as { savedAt?: number } | undefined)?.savedAt ?? null
              if (--left === 0) {
                db.close()
                resolve(found)
              }
            }
            request.onerror = () => reject(request.error)
          }
        }
      }),
    keys,
  )
}

export async function forget(page: Page, keys: readonly string[], pages: readonly string[] = []): Promise<void> {
  // The pages' copies as the server last sent them carry their data too (offline/swPages.ts).
  await page.evaluate(
    async ({ pages, cacheName }) => {
      const cache = await caches.open(cacheName)
      for (const path of pages) await cache.delete(new URL(path, location.origin).href)
    },
    { pages, cacheName: SERVED_PAGES_CACHE },
  )
  return page.evaluate(
    (keys) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('keyval-store')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const db = open.result
          const tx = db.transaction('keyval', 'readwrite')
          for (const key of keys) tx.objectStore('keyval').delete(key)
          tx.oncomplete = () => {
            db.close()
            resolve()
          }
          tx.onerror = () => reject(tx.error)
        }
      }),
    keys,
  )
}

/** How the banner writes a time (the en-GB, Europe/London format of OfflineBanner.tsx), formatted in the page. */
export function bannerTime(page: Page, savedAt: number): Promise<string> {
  return page.evaluate(
    (t) =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/London',
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        hour: 'numeric',
        minute: '2-digit',
        hour12: true,
      }).format(new Date(t)),
    savedAt,
  )
}

export const bannerText = (page: Page) =>
  page
    .locator('.offline-banner')
    .textContent({ timeout: 500 })
    .catch(() => null)

/** In-app navigation, as a tapped link does it (no page load). */
export async function navigateInApp(page: Page, path: string) {
  await page.evaluate((p) => {
    history.pushState(null, '', p)
    dispatchEvent(new PopStateEvent('popstate'))
  }, path)
}
