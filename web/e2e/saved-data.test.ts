/**
 * Saved data told apart from fresh data, in real Chromium with the service worker against the real
 * server (build first: npm run build):
 * - a server that is killed, or hung (SIGSTOP), while the phone believes it is online: the page shows
 *   the saved copy with the banner and the copy's true time, and the saved time is never re-stamped;
 * - one visit to / saves every public page: offline afterwards, /events, /around, the Eat/Drink/Stay
 *   galleries, the opening times and both menus (drawn) open with the banner;
 * - one banner, true for the page shown, whether the page was typed in or reached by a link.
 *
 * Prints "first visit of / costs <bytes> bytes" (everything the server sent, counted by a loopback proxy).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdirSync } from 'node:fs'
import { createConnection, createServer, type Server, type Socket } from 'node:net'
import type { BrowserContext, Page } from 'playwright-core'
import { blockThirdParties, DESKTOP, launchPersistent, PHONE, startServer, type RunningServer } from './harness'

const SHOTS = '/tmp/shots'

/** Screenshots of the banner on a phone and on a desktop, for looking at (not compared). */
async function screenshots(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true })
  await page.waitForSelector('[data-testid="splash"]', { state: 'detached', timeout: 8_000 })
  await page.screenshot({ path: `${SHOTS}/saved-data-${name}-phone.png` })
  await page.setViewportSize(DESKTOP)
  await page.screenshot({ path: `${SHOTS}/saved-data-${name}-desktop.png` })
  await page.setViewportSize(PHONE)
}

const OFFLINE_SAVED = 'You’re offline — showing information saved on'
const UNREACHABLE_SAVED = 'Couldn’t reach the venue — showing information saved on'

/** What one visit to / must leave on the device: every public store, and both menus' files. */
const PUBLIC_KEYS = [
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
  'menu-pdf:1',
  'menu-pdf:2',
] as const

interface Session {
  context: BrowserContext
  page: Page
  errors: string[]
  close(): Promise<void>
}

async function openSession(origin: string): Promise<Session> {
  const browser = await launchPersistent(PHONE)
  const { context } = browser
  await blockThirdParties(context, origin)
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
async function poll<T>(check: () => Promise<T>, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let last: T | undefined
  for (;;) {
    last = await check().catch(() => undefined)
    if (last) return last
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting until ${what} (last: ${JSON.stringify(last)})`)
    await Bun.sleep(250)
  }
}

async function waitForControl(page: Page) {
  await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), undefined, { timeout: 30_000 })
}

/** The `savedAt` of each key in the app's IndexedDB store (idb-keyval's keyval-store), null when absent. */
function savedTimes(page: Page, keys: readonly string[]): Promise<Record<string, number | null>> {
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

function forget(page: Page, keys: readonly string[]): Promise<void> {
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
function bannerTime(page: Page, savedAt: number): Promise<string> {
  return page.evaluate(
    (t) =>
      new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit', hour12: true }).format(
        new Date(t),
      ),
    savedAt,
  )
}

const bannerText = (page: Page) =>
  page
    .locator('.offline-banner')
    .textContent({ timeout: 500 })
    .catch(() => null)

/** In-app navigation, as a tapped link does it (no page load). */
async function navigateInApp(page: Page, path: string) {
  await page.evaluate((p) => {
    history.pushState(null, '', p)
    dispatchEvent(new PopStateEvent('popstate'))
  }, path)
}

/** The server process's id, found by the port it listens on (the harness started it; only it is paused). */
function serverPid(server: RunningServer): number {
  const port = new URL(server.url).port
  const out = Bun.spawnSync(['ss', '-ltnpH', `sport = :${port}`]).stdout.toString()
  const pid = Number(/pid=(\d+)/.exec(out)?.[1])
  if (!pid) throw new Error(`no process listens on port ${port}: ${out}`)
  return pid
}

describe('an unreachable server while the phone believes it is online', () => {
  let server: RunningServer
  let eventTitle: string
  beforeAll(async () => {
    server = await startServer()
    eventTitle = ((await (await server.api('/api/events')).json()) as { title: string }[])[0]!.title
  })
  afterAll(async () => {
    await server?.stop()
  })

  /** Visits /events online until its events are saved, and returns the saved copy's time. */
  async function visitEvents(session: Session): Promise<number> {
    const { page } = session
    await page.goto(`${server.url}/events`, { waitUntil: 'domcontentloaded' })
    await page.getByText(eventTitle).first().waitFor({ timeout: 20_000 })
    await waitForControl(page)
    return (await poll(async () => (await savedTimes(page, ['events'])).events, 'the events are saved')) as number
  }

  /** The page shows the saved events, says so with their true time, and the saved copy keeps that time. */
  async function expectSavedEventsShown(page: Page, savedAt: number) {
    await page.getByText(eventTitle).first().waitFor({ timeout: 10_000 })
    const expected = `${UNREACHABLE_SAVED} ${await bannerTime(page, savedAt)}`
    const shown = await poll(async () => ((await bannerText(page)) === expected ? expected : null), `the banner reads "${expected}"`, 20_000).catch(
      async (error: Error) => {
        throw new Error(`${error.message}; the banner reads: ${JSON.stringify(await bannerText(page))}`)
      },
    )
    expect(shown).toBe(expected)
    expect((await savedTimes(page, ['events'])).events).toBe(savedAt)
  }

  test(
    'a hung server (it accepts connections, never answers): the saved events show at once, then the banner with their true time',
    async () => {
      const session = await openSession(server.url)
      const pid = serverPid(server)
      try {
        const savedAt = await visitEvents(session)
        process.kill(pid, 'SIGSTOP')
        await session.page.reload({ waitUntil: 'domcontentloaded' })
        await expectSavedEventsShown(session.page, savedAt)
        expect(session.errors).toEqual([])
      } finally {
        process.kill(pid, 'SIGCONT')
        await session.close()
      }
    },
    120_000,
  )

  test(
    'a killed server: the saved events show with the banner and their true time, and the saved time is not re-stamped',
    async () => {
      const session = await openSession(server.url)
      try {
        const savedAt = await visitEvents(session)
        await server.kill()
        await session.page.reload({ waitUntil: 'domcontentloaded' })
        await expectSavedEventsShown(session.page, savedAt)
        // A later visit, still without the server, still claims the first time.
        await session.page.reload({ waitUntil: 'domcontentloaded' })
        await expectSavedEventsShown(session.page, savedAt)
        await screenshots(session.page, 'server-down-events')
        expect(session.errors).toEqual([])
      } finally {
        await session.close()
      }
    },
    120_000,
  )
})

/** A loopback TCP proxy in front of the server that counts every byte the server sends. */
async function countingProxy(target: URL): Promise<{ url: string; received(): number; close(): Promise<void> }> {
  let received = 0
  const sockets = new Set<Socket>()
  const proxy: Server = createServer((client) => {
    const upstream = createConnection(Number(target.port), target.hostname)
    for (const socket of [client, upstream]) {
      sockets.add(socket)
      socket.on('error', () => {
        client.destroy()
        upstream.destroy()
      })
      socket.on('close', () => sockets.delete(socket))
    }
    upstream.on('data', (chunk: Buffer) => (received += chunk.length))
    client.pipe(upstream)
    upstream.pipe(client)
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  const { port } = proxy.address() as { port: number }
  return {
    url: `http://127.0.0.1:${port}`,
    received: () => received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        proxy.close(() => resolve())
      }),
  }
}

describe('one visit to / saves every public page', () => {
  let server: RunningServer
  let proxy: Awaited<ReturnType<typeof countingProxy>>
  let session: Session
  let origin: string
  beforeAll(async () => {
    server = await startServer()
    proxy = await countingProxy(new URL(server.url))
    origin = proxy.url
    session = await openSession(origin)
  })
  afterAll(async () => {
    await session?.close()
    await proxy?.close()
    await server?.stop()
  })

  test(
    'after only / was opened online, every public page opens offline with its data and the banner; menus are drawn',
    async () => {
      const { page, context } = session
      const [eventTitles, placeNames] = await Promise.all([
        server.api('/api/events').then(async (r) => ((await r.json()) as { title: string }[]).map((e) => e.title)),
        server.api('/api/around').then(async (r) => ((await r.json()) as { name: string }[]).map((a) => a.name)),
      ])
      await page.goto(`${origin}/`, { waitUntil: 'load' })
      await page.locator('.open-status').nth(1).waitFor({ timeout: 20_000 })
      await waitForControl(page)

      // The first visit is over once nothing more arrives for 3 s (the worker's install and the background saving included).
      let last = -1
      let quietSince = Date.now()
      await poll(
        async () => {
          const now = proxy.received()
          if (now !== last) {
            last = now
            quietSince = Date.now()
          }
          return Date.now() - quietSince >= 3_000
        },
        'the first visit stops downloading',
        90_000,
      )
      console.log(`first visit of / costs ${proxy.received()} bytes`)

      const saved = await savedTimes(page, PUBLIC_KEYS)
      expect(Object.entries(saved).filter(([, at]) => at === null).map(([key]) => key)).toEqual([])
      const viewer = await page.evaluate(async () => {
        const cache = await caches.open('pdf-viewer-v1')
        return (await cache.keys()).map((request) => new URL(request.url).pathname)
      })
      expect(viewer.some((path) => /^\/assets\/pdf-[\w-]+\.js$/.test(path))).toBe(true)
      expect(viewer.some((path) => /^\/assets\/pdf\.worker\.min-[\w-]+\.mjs$/.test(path))).toBe(true)

      await context.setOffline(true)
      try {
        const timeout = 20_000
        const visit = async (route: string) => {
          await page.goto(`${origin}${route}`, { waitUntil: 'domcontentloaded' })
          await poll(async () => (await bannerText(page))?.startsWith(OFFLINE_SAVED), `the saved-data banner on ${route}`, timeout)
        }
        await visit('/events')
        await page.locator('.event-list .event-card').first().waitFor({ timeout })
        expect(await page.locator('.event-card__title').allTextContents()).toContain(eventTitles[0]!)
        await page.locator('.gallery__img').first().waitFor({ timeout, state: 'attached' })

        await visit('/around')
        await page.locator('.place-card').first().waitFor({ timeout })
        expect((await page.locator('.place-card__title').allTextContents()).sort()).toEqual([...placeNames].sort())

        for (const route of ['/eat', '/drink']) {
          await visit(route)
          await page.locator('.gallery__img').first().waitFor({ timeout, state: 'attached' })
          await page.getByRole('link', { name: 'View The Menu' }).waitFor({ timeout })
        }
        await visit('/stay')
        await page.locator('.room-rotator__image').first().waitFor({ timeout, state: 'attached' })

        await visit('/contact')
        const rows = await page.locator('.opening-times__table tbody tr').allTextContents()
        expect(rows.some((row) => /\d{2}:\d{2}/.test(row))).toBe(true)

        for (const route of ['/menu/menu1', '/menu/menu2']) {
          await visit(route)
          await page
            .locator('figure.pdf-page[data-drawn="true"]')
            .first()
            .waitFor({ timeout: 30_000 })
            .catch(async (error: Error) => {
              throw new Error(`${route} was not drawn; it shows: ${(await page.locator('main').innerText()).slice(0, 300)}`, { cause: error })
            })
        }
      } finally {
        await context.setOffline(false)
      }
      expect(session.errors).toEqual([])
    },
    240_000,
  )

  test(
    'offline, one banner true for the page: the same whether typed in or reached in the app, and no saved time claimed for data that is not saved',
    async () => {
      const { page, context } = session
      // Both pages seen online (this test does not rely on the background saving of the one before).
      const visited = Date.now()
      for (const route of ['/', '/events']) {
        await page.goto(`${origin}${route}`, { waitUntil: 'domcontentloaded' })
        await waitForControl(page)
      }
      const needed = ['opening-times', 'holidays', 'gallery:generic', 'events', 'gallery:events']
      await poll(async () => Object.values(await savedTimes(page, needed)).every((at) => at !== null && at >= visited), 'the data of / and /events is saved', 60_000)
      // The events list of this device is lost (as if never saved); the past-events gallery stays.
      await forget(page, ['events'])
      const homeSaved = await savedTimes(page, ['opening-times', 'holidays', 'gallery:generic'])
      const galleryTime = await bannerTime(page, (await savedTimes(page, ['gallery:events']))['gallery:events']!)
      await context.setOffline(true)
      try {
        const settled = async (what: string) => poll(async () => ((await page.locator('.offline-banner').count()) ? await bannerText(page) : null), what, 20_000)

        // Home: its saved data with the oldest of its times.
        await page.goto(`${origin}/`, { waitUntil: 'domcontentloaded' })
        const oldestHome = await bannerTime(page, Math.min(...Object.values(homeSaved).map(Number)))
        await poll(async () => (await bannerText(page)) === `${OFFLINE_SAVED} ${oldestHome}`, 'the home banner names the oldest saved time', 20_000)

        // A page without server data: the same banner whether typed in or reached from the home page.
        await navigateInApp(page, '/about')
        await page.getByRole('heading', { level: 1, name: 'About us' }).waitFor({ timeout: 10_000 })
        const aboutInApp = await poll(async () => {
          const text = await bannerText(page)
          return text && !text.includes('saved on') ? text : null
        }, 'the banner on /about stops naming the home page’s saved time')
        await page.goto(`${origin}/about`, { waitUntil: 'domcontentloaded' })
        expect(await settled('the banner on a typed /about')).toBe(aboutInApp)

        // /events: the past-events gallery is saved, the list is not. The banner names the gallery's
        // time and says part of the page is not saved; the list says it could not be loaded.
        const expectEventsBanner = async () => {
          await page.locator('.events__empty', { hasText: 'could not be loaded' }).waitFor({ timeout: 20_000 })
          const text = await poll(async () => {
            const shown = await bannerText(page)
            return shown?.includes(galleryTime) && shown.includes('not saved') ? shown : null
          }, 'the /events banner names the gallery’s time and the unsaved list').catch(async (error: Error) => {
            throw new Error(`${error.message}; the banner reads ${JSON.stringify(await bannerText(page))}, the gallery's time is ${galleryTime}`)
          })
          expect(text!.startsWith(`${OFFLINE_SAVED} ${galleryTime}`)).toBe(true)
          return text!
        }
        const typed = await (async () => {
          await page.goto(`${origin}/events`, { waitUntil: 'domcontentloaded' })
          return expectEventsBanner()
        })()
        await page.goto(`${origin}/`, { waitUntil: 'domcontentloaded' })
        await page.locator('.open-status').nth(1).waitFor({ timeout: 20_000 })
        await navigateInApp(page, '/events')
        expect(await expectEventsBanner()).toBe(typed)
        await page.locator('.events__empty').scrollIntoViewIfNeeded()
        await screenshots(page, 'offline-events-list-not-saved')
        expect(await page.locator('.saved-copy-notice').count()).toBe(0)
      } finally {
        await context.setOffline(false)
      }
    },
    180_000,
  )
})
