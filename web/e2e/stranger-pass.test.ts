/**
 * A first-time visitor's and a new member of staff's pass through the site (build first: npm run
 * build): defects found by clicking through it as a stranger, each pinned by the test that found it.
 */
import { afterEach, expect, test } from 'bun:test'
import type { BrowserContext, Page, Route } from 'playwright-core'
import { DESKTOP, PHONE, useServerAndBrowser } from './harness'

const suite = useServerAndBrowser()
/** Contexts still open; closed after each test even when it fails. */
const contexts = new Set<BrowserContext>()
afterEach(async () => {
  for (const context of contexts) {
    await context.unrouteAll({ behavior: 'ignoreErrors' }).catch(() => undefined)
    await context.close().catch(() => undefined)
  }
  contexts.clear()
})

/** Third-party sites answering (a phone with signal): each gets a small page of its own. */
async function stubThirdPartiesOnline(context: BrowserContext, origin: string): Promise<void> {
  await context.route(
    (url) => !url.href.startsWith(origin) && !url.href.startsWith('data:'),
    (route: Route) =>
      route.request().url().endsWith('.js')
        ? route.fulfill({ contentType: 'application/javascript', body: 'window.__thirdPartyScript = true' })
        : route.fulfill({ contentType: 'text/html', body: `<!doctype html><title>stub</title><h1>Third party ${new URL(route.request().url()).host}</h1>` }),
  )
}

async function open(viewport = PHONE): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const { server, browser } = suite
  const context = await browser.newContext({ viewport, serviceWorkers: 'block' })
  contexts.add(context)
  await stubThirdPartiesOnline(context, server.url)
  await context.addInitScript(() => localStorage.setItem('cookiesAgreed', 'true'))
  const page = await context.newPage()
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return { context, page, errors }
}

test('online, with the map service answering, home shows the map — not "The map needs a connection" — and logs no error', async () => {
  const { server } = suite
  const { page, errors } = await open(DESKTOP)
  await page.goto(`${server.url}/`)
  // The section checks the map service answers (a fetch) before trusting the frame.
  const probe = page.waitForResponse((response) => response.url().startsWith('https://maps.example.com/') && response.request().resourceType() === 'fetch', { timeout: 15_000 })
  await page.getByRole('heading', { name: 'Visit Us' }).scrollIntoViewIfNeeded()
  await probe
  await page.frameLocator('iframe[title^="Map showing"]').getByRole('heading', { name: /Third party maps\.example\.com/ }).waitFor({ timeout: 15_000 })
  expect(await page.getByText('The map needs a connection').count()).toBe(0)
  expect(errors.filter((text) => text.includes('Content Security Policy'))).toEqual([])
})

test('a first visit to /events while the venue never answers says so after ~3 s, not "Loading events…" alone until the 15 s timeout', async () => {
  const { server } = suite
  const { context, page } = await open(PHONE)
  // The server is reachable but hangs: no API request ever gets an answer.
  await context.route('**/api/**', () => undefined)
  await page.goto(`${server.url}/events`)
  const started = Date.now()
  await page.locator('.offline-banner', { hasText: 'Couldn’t reach the venue — this page is not saved on this device yet' }).waitFor({ timeout: 8_000 })
  expect(Date.now() - started).toBeLessThan(8_000)
  await context.unrouteAll({ behavior: 'ignoreErrors' })
})
