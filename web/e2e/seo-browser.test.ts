/**
 * Search and link previews in real Chromium against the real server (build first: npm run build): an
 * event's share address highlights and shows that event; the not-found pages (404) hydrate without a
 * mismatch; with the service worker in charge, /sitemap.xml and /robots.txt still come from the server
 * (never the app shell), and offline an unknown address shows the not-found page.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { BrowserContext, Page } from 'playwright-core'
import { launchPersistent, startServer, type RunningServer } from './harness'

let server: RunningServer
let browser: { context: BrowserContext; close(): Promise<void> }
let page: Page
const problems: string[] = []

beforeAll(async () => {
  server = await startServer()
  browser = await launchPersistent()
  await browser.context.addInitScript(() => localStorage.setItem('cookiesAgreed', 'true'))
  page = browser.context.pages()[0] ?? (await browser.context.newPage())
  page.on('pageerror', (error) => problems.push(error.message))
  // The document's own 404 is logged as a failed resource: that is the status working, not a fault.
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().includes('status of 404')) problems.push(message.text())
  })
})
afterAll(async () => {
  page?.removeAllListeners()
  await browser?.close()
  await server?.stop()
})

const heading = (p: Page) => p.locator('h1').first().textContent()

describe('search and link previews in the browser', () => {
  test("an event's share address outlines that event and scrolls it into view", async () => {
    const events = (await (await server.api('/api/events')).json()) as { id: number; title: string }[]
    const event = events.at(-1)!
    await page.goto(`${server.url}/events?event=${event.id}`)
    const card = page.locator('.event-card--shared')
    await card.waitFor({ timeout: 20_000 })
    expect(await card.locator('.event-card__title').textContent()).toBe(event.title)
    await page.waitForFunction(
      () => {
        const box = document.querySelector('.event-card--shared')!.getBoundingClientRect()
        return box.bottom > 0 && box.top < window.innerHeight
      },
      undefined,
      { timeout: 10_000 },
    )
    expect(await page.locator('.event-card--shared').count()).toBe(1)
  })

  test('the not-found pages answer 404 and hydrate without a mismatch', async () => {
    const missing = await page.goto(`${server.url}/no-such-page`)
    expect(missing?.status()).toBe(404)
    expect(await heading(page)).toBe('We can’t find that page')
    const menu = await page.goto(`${server.url}/menu/menu9`)
    expect(menu?.status()).toBe(404)
    expect(await heading(page)).toBe('Menu not found!')
    // Hydration ran (the page's links work in the app) and found the same tree.
    await page.getByRole('link', { name: 'The cafe' }).click()
    await page.waitForURL(`${server.url}/eat`)
    expect(problems).toEqual([])
  })

  test('with the service worker in charge the crawlers’ files still come from the server; offline an unknown address says not found', async () => {
    await page.goto(`${server.url}/`)
    await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), undefined, { timeout: 30_000 })
    const sitemap = await page.goto(`${server.url}/sitemap.xml`)
    expect(sitemap?.headers()['content-type']).toBe('application/xml; charset=utf-8')
    const robots = await page.goto(`${server.url}/robots.txt`)
    expect(robots?.headers()['content-type']).toBe('text/plain; charset=utf-8')
    expect(await robots?.text()).toContain('Sitemap: ')
    await page.goto(`${server.url}/`)
    await browser.context.setOffline(true)
    try {
      await page.goto(`${server.url}/not-a-page-offline`)
      await page.getByRole('heading', { level: 1, name: 'We can’t find that page' }).waitFor({ timeout: 10_000 })
    } finally {
      await browser.context.setOffline(false)
    }
  }, 90_000)
})
