/**
 * The first paint waits until the page's first screen has been parsed (build first: npm run build).
 * On a slow phone the HTML arrives, or is parsed, in pieces; a paint between two pieces draws a hero
 * whose text is still growing, and its shade (.hero__content::before) then moves up: a layout shift
 * (0.03–0.08 in prerender.test.ts on a busy machine). Here the page arrives in two pieces, split inside
 * the hero, and the browser must not render a frame until the second piece is in.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import { DESKTOP, launchBrowser, PHONE, startServer, type RunningServer } from './harness'
import { splitHtmlProxy } from './split-html-proxy'

const PAUSE_MS = 1500
let server: RunningServer
let browser: Browser
let proxy: ReturnType<typeof splitHtmlProxy>

beforeAll(async () => {
  server = await startServer()
  browser = await launchBrowser()
  // Inside the hero: after its content's opening tag, before the title.
  proxy = splitHtmlProxy(server.url, /<div class="hero__content[^>]*>/, PAUSE_MS)
})
afterAll(async () => {
  proxy?.stop(true)
  await browser?.close()
  await server?.stop()
})

for (const [label, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const)
  test(`${label}: no frame is rendered while the hero is half parsed`, async () => {
    const context = await browser.newContext({ viewport, serviceWorkers: 'block' })
    // What the first rendered frame had parsed (a frame runs requestAnimationFrame callbacks first).
    await context.addInitScript(() => {
      requestAnimationFrame(() => {
        ;(window as unknown as { firstFrame: object }).firstFrame = {
          heroTitle: document.querySelector('.hero__title') !== null,
          footer: document.querySelector('footer') !== null,
        }
      })
    })
    const page = await context.newPage()
    await page.goto(`http://127.0.0.1:${proxy.port}/about`)
    await page.waitForFunction(() => 'firstFrame' in window, null, { timeout: 15_000 })
    expect(await page.evaluate(() => (window as unknown as { firstFrame: object }).firstFrame)).toEqual({ heroTitle: true, footer: true })
    await context.close()
  }, 60_000)
