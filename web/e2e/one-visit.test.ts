/**
 * One visit to / saves every public page, in real Chromium with the service worker against the real
 * server (build first: npm run build): offline afterwards, /events, /around, the Eat/Drink/Stay
 * galleries, the opening times and both menus (as text, never opened online) open with the banner;
 * the menu PDFs and pdf.js are not downloaded by the visit; and the banner is one,
 * true for the page shown, whether the page was typed in or reached by a link.
 *
 * Prints "first visit of / costs <bytes> bytes" (everything the server sent, counted by a loopback proxy).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createConnection, createServer, type Server, type Socket } from 'node:net'
import { cafeMenu, stablesMenu } from '../../api/src/features/menus/demo'
import { startServer, type RunningServer } from './harness'
import {
  bannerText,
  bannerTime,
  forget,
  navigateInApp,
  OFFLINE_SAVED,
  openSession,
  poll,
  PUBLIC_KEYS,
  savedTimes,
  screenshots,
  waitForControl,
  type Session,
} from './saved-data-helpers'

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
    session = await openSession()
  })
  afterAll(async () => {
    await session?.close()
    await proxy?.close()
    await server?.stop()
  })

  test('after only / was opened online, every public page opens offline with its data and the banner; menus as text', async () => {
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
    expect(
      Object.entries(saved)
        .filter(([, at]) => at === null)
        .map(([key]) => key),
    ).toEqual([])
    // The menus' text came with their data: neither PDF nor pdf.js was fetched by the visit.
    const fetched = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname))
    expect(fetched.filter((path) => /\.pdf$|\/pdf[.-][\w.-]*\.m?js$/.test(path))).toEqual([])
    const kept = await page.evaluate(async () => {
      const names = await caches.keys()
      const urls = await Promise.all(names.map(async (name) => (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname)))
      return urls.flat().filter((path) => /\.pdf$|\/pdf[.-][\w.-]*\.m?js$/.test(path))
    })
    expect(kept).toEqual([])

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

      for (const [route, sections] of [
        ['/menu/menu1', stablesMenu],
        ['/menu/menu2', cafeMenu],
      ] as const) {
        await visit(route)
        await page
          .locator('.menu-text')
          .waitFor({ timeout })
          .catch(async (error: Error) => {
            throw new Error(`${route} shows no text; it shows: ${(await page.locator('main').innerText()).slice(0, 300)}`, { cause: error })
          })
        const shown = await page.locator('.menu-text').innerText()
        for (const section of sections) {
          expect(shown).toContain(section.heading)
          for (const [name, price] of section.items) expect(shown).toMatch(new RegExp(`${RegExp.escape(name)}\\s+${RegExp.escape(price)}`))
        }
        // The drawing was never seen, so it is not on the device: said plainly, and the text stays.
        await page.getByRole('button', { name: 'Original PDF' }).click()
        // The Original PDF view's own note (the header says the same words where its links would be, from the start).
        await page.getByText('Here is the menu as text.').waitFor({ timeout })
        // The text is drawn again in that view, a moment after its note.
        await page.locator('.menu-text').waitFor({ state: 'visible', timeout })
        await screenshots(page, `offline-${route.slice(6)}-text`)
      }
    } finally {
      await context.setOffline(false)
    }
    expect(session.errors).toEqual([])
  }, 240_000)

  test('offline, one banner true for the page: the same whether typed in or reached in the app, and no saved time claimed for data that is not saved', async () => {
    const { page, context } = session
    // Both pages seen online (this test does not rely on the background saving of the one before).
    // Each page's data saved before the next is opened: leaving a page stops its reads.
    const visited = Date.now()
    for (const [route, needed] of [
      ['/', ['opening-times', 'holidays', 'gallery:generic']],
      ['/events', ['events', 'gallery:events']],
    ] as const) {
      await page.goto(`${origin}${route}`, { waitUntil: 'domcontentloaded' })
      await waitForControl(page)
      await poll(async () => Object.values(await savedTimes(page, needed)).every((at) => at !== null && at >= visited), `the data of ${route} is saved`, 30_000)
    }
    // About's words are saved in the background from the home page, like every page's (maybe by the test before).
    await poll(async () => (await savedTimes(page, ['page:about']))['page:about'] !== null, 'the words of /about are saved', 30_000)
    // The events list of this device is lost (as if never saved); the past-events gallery stays.
    await forget(page, ['events'], ['/events'])
    const homeSaved = await savedTimes(page, ['opening-times', 'holidays', 'gallery:generic'])
    const galleryTime = await bannerTime(page, (await savedTimes(page, ['gallery:events']))['gallery:events']!)
    await context.setOffline(true)
    try {
      const settled = async (what: string) => poll(async () => ((await page.locator('.offline-banner').count()) ? await bannerText(page) : null), what, 20_000)

      // Home: its saved data with the oldest of its times.
      await page.goto(`${origin}/`, { waitUntil: 'domcontentloaded' })
      const oldestHome = await bannerTime(page, Math.min(...Object.values(homeSaved).map(Number)))
      await poll(async () => (await bannerText(page)) === `${OFFLINE_SAVED} ${oldestHome}`, 'the home banner names the oldest saved time', 20_000)

      // A page with only its own words: the same banner whether typed in or reached from the home page, naming their saved time.
      const aboutTime = await bannerTime(page, (await savedTimes(page, ['page:about']))['page:about']!)
      await navigateInApp(page, '/about')
      await page.getByRole('heading', { level: 1, name: 'About us' }).waitFor({ timeout: 10_000 })
      const aboutInApp = await poll(async () => {
        const text = await bannerText(page)
        return text === `${OFFLINE_SAVED} ${aboutTime}` ? text : null
      }, 'the banner on /about names the saved time of its words')
      await page.goto(`${origin}/about`, { waitUntil: 'domcontentloaded' })
      expect(await settled('the banner on a typed /about')).toBe(aboutInApp)

      // /events: the past-events gallery is saved, the list is not. The banner names the gallery's
      // time and says part of the page is not saved; the list says it could not be loaded.
      const expectEventsBanner = async () => {
        await page
          .locator('.events__empty', { hasText: 'could not be loaded' })
          .waitFor({ timeout: 20_000 })
          .catch(async (error: Error) => {
            const shown = await page.evaluate(() => ({
              app: document.getElementById('root')?.hasAttribute('data-app'),
              events: document.querySelector('.events-section, main')?.textContent?.replace(/\s+/g, ' ').slice(0, 400),
            }))
            throw new Error(`${error.message}; the page shows ${JSON.stringify(shown)}`, { cause: error })
          })
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
  }, 180_000)
})
