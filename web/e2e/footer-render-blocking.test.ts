/**
 * First paint is held until the footer is parsed (<link rel=expect>), so no frame shows a page without
 * its end (build first: npm run build). Every pre-rendered page paints its heading and footer, with and
 * without JavaScript; the staff shell and the 404 page, which have no footer in their HTML, still
 * paint; pages whose HTML arrives in two pieces paint no frame before the footer and shift nothing;
 * and no page logs a console warning about rel=expect.
 */
import { describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { DESKTOP, PHONE, staffContext, useServerAndBrowser } from './harness'
import { contextsOf, settled } from './a11y-helpers'
import { splitHtmlProxy } from './split-html-proxy'

const suite = useServerAndBrowser()
const visit = contextsOf(suite)

const PRERENDERED = ['/', '/about', '/eat', '/drink', '/stay', '/events', '/around', '/contact', '/menu/menu1', '/menu/menu2'] as const

/** Console messages of a page that mention rel=expect or render blocking. */
function expectWarnings(page: Page): string[] {
  const found: string[] = []
  page.on('console', (message) => {
    if (/expect|render.?block/i.test(message.text())) found.push(`${message.type()}: ${message.text()}`)
  })
  return found
}

/** Waits (up to 10 s) for the first contentful paint: polled, as waitForFunction never settles in a page without JavaScript. */
async function contentfulPaint(page: Page) {
  for (let tries = 0; tries < 100; tries++) {
    if (await page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length === 1)) return
    await Bun.sleep(100)
  }
}

/** Whether the browser painted content and the page's heading is laid out on screen. */
function painted(page: Page) {
  return page.evaluate(() => {
    const h1 = document.querySelector('h1')?.getBoundingClientRect()
    return {
      contentfulPaint: performance.getEntriesByName('first-contentful-paint').length === 1,
      heading: !!h1 && h1.height > 0 && h1.bottom > 0,
    }
  })
}

describe('first paint held for the footer (rel=expect)', () => {
  for (const [label, javaScriptEnabled] of [
    ['without JavaScript', false],
    ['with JavaScript', true],
  ] as const)
    test(`phone, ${label}: every pre-rendered page paints its heading and footer, with no warning about rel=expect`, async () => {
      const page = await visit({ viewport: PHONE, agreed: true, javaScriptEnabled })
      const warnings = expectWarnings(page)
      const found: string[] = []
      for (const path of PRERENDERED) {
        await page.goto(`${suite.server.url}${path}`)
        await contentfulPaint(page)
        const result = await painted(page)
        const footer = await page.locator('#site-footer').isVisible()
        if (!result.contentfulPaint || !result.heading || !footer) found.push(`${path}: ${JSON.stringify({ ...result, footer })}`)
      }
      expect({ found, warnings }).toEqual({ found: [], warnings: [] })
    }, 120_000)

  // The staff shell has no footer in its HTML, and the 404 page is its own file: neither must wait for an element that never comes.
  test('desktop: the staff shell (/login, /admin) and the 404 page paint, with no warning about rel=expect', async () => {
    const page = await visit({ viewport: DESKTOP, agreed: true })
    const warnings = expectWarnings(page)
    const found: string[] = []
    for (const [path, heading] of [
      ['/login', /log ?in/i],
      // Not logged in: the staff app sends the visitor to the home page.
      ['/admin', /Larkdale Hotel/],
      ['/no-such-page', /can.t find that page/],
    ] as const) {
      const response = await page.goto(`${suite.server.url}${path}`)
      await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length === 1, null, { timeout: 10_000 }).catch(() => undefined)
      await page
        .locator('h1')
        .first()
        .waitFor({ timeout: 10_000 })
        .catch(() => undefined)
      const result = await painted(page)
      const text =
        (await page
          .locator('h1')
          .first()
          .textContent()
          .catch(() => '')) ?? ''
      if (!result.contentfulPaint || !result.heading || !heading.test(text)) found.push(`${path} (${response?.status()}): ${JSON.stringify(result)} "${text}"`)
    }
    await page.screenshot({ path: '/tmp/shots/staff-shell-and-404-paint.png' })
    expect({ found, warnings }).toEqual({ found: [], warnings: [] })
  }, 60_000)
})

describe('HTML that arrives slowly', () => {
  for (const [label, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)
    test(`${label}: pages sent in two pieces (a pause inside <main>) paint no frame before the footer and shift nothing`, async () => {
      // Paused right after the first </section> of <main>.
      const proxy = splitHtmlProxy(suite.server.url, /<\/section>/, 1200)
      try {
        const page = await visit({ viewport, agreed: true })
        const origin = `http://127.0.0.1:${proxy.port}`
        await page.context().route('**/*', (route) => (route.request().url().startsWith(origin) ? route.continue() : route.abort('internetdisconnected')))
        await page.addInitScript(() => {
          const seen = window as unknown as { shifts: number[]; firstFrame: { footer: boolean } }
          seen.shifts = []
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
              if (!entry.hadRecentInput) seen.shifts.push(entry.value)
          }).observe({ type: 'layout-shift', buffered: true })
          requestAnimationFrame(() => {
            seen.firstFrame = { footer: document.getElementById('site-footer') !== null }
          })
        })
        const found: string[] = []
        for (const path of ['/eat', '/stay', '/menu/menu1', '/contact']) {
          await page.goto(`${origin}${path}`)
          await settled(page)
          // A shift is reported after the frame that laid it out: two frames on, every shift of the
          // settled page has been seen by the observer.
          await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
          const seen = await page.evaluate(() => {
            const w = window as unknown as { shifts: number[]; firstFrame: { footer: boolean } }
            return { firstFrame: w.firstFrame, shift: Number(w.shifts.reduce((a, b) => a + b, 0).toFixed(3)) }
          })
          if (!seen.firstFrame?.footer || seen.shift > 0.01) found.push(`${path}: ${JSON.stringify(seen)}`)
        }
        expect(found).toEqual([])
      } finally {
        proxy.stop(true)
      }
    }, 120_000)
})

for (const [size, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test(`${size}: the staff screens (the app shell, no <main> in its HTML) load without a console warning about <link rel=expect>`, async () => {
    const { server } = suite
    const { context } = await staffContext(suite, viewport)
    try {
      const page = await context.newPage()
      const warnings: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text())
      })
      for (const path of ['/admin', '/manageEvent', '/login']) {
        await page.goto(`${server.url}${path}`)
        await page.waitForSelector('#main')
      }
      expect(warnings.filter((text) => text.includes('expect'))).toEqual([])
    } finally {
      await context.close()
    }
  })
}
