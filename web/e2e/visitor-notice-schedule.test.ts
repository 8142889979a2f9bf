/**
 * A notice for visitors shows from its start to its end with nobody acting: staff schedule one a minute
 * ahead, and the HTML the real server sends (read with scripts off, as a crawler or a first paint sees
 * it) gains it at its start and loses it at its end; a page left open hides it at its end by itself.
 * The server's clock is moved, not waited for: it runs under NODE_ENV=test with TEST_CLOCK_FILE, the
 * milliseconds it runs ahead of the real clock (build first: npm run build).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { contrast, rgbOf } from './a11y-helpers'
import { launchBrowser, PHONE, startServer, type RunningServer } from './harness'

const TEXT = 'The kitchen is closed this afternoon until 6 pm.'
const LINK_WORDS = 'See the cafe page'

let server: RunningServer
let browser: Browser
let clockDir: string
let clockFile: string
let startsAt: number
let endsAt: number

/** Moves the server's clock to `offsetMs` ahead of the real one (it reads the file at every look). */
const serverAhead = (offsetMs: number) => writeFileSync(clockFile, String(offsetMs))

beforeAll(async () => {
  clockDir = mkdtempSync(join(tmpdir(), 'venue-clock-'))
  clockFile = join(clockDir, 'offset-ms')
  serverAhead(0)
  server = await startServer({ NODE_ENV: 'test', TEST_CLOCK_FILE: clockFile })
  browser = await launchBrowser()
  startsAt = Date.now() + 60_000
  endsAt = startsAt + 60_000
  const res = await server.api('/api/admin/notices', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await server.token()}` },
    body: JSON.stringify({
      text: TEXT,
      link: '/eat',
      link_text: LINK_WORDS,
      venue: 'hotel',
      starts_at: new Date(startsAt).toISOString(),
      ends_at: new Date(endsAt).toISOString(),
    }),
  })
  if (res.status !== 201) throw new Error(`the notice was not created: ${res.status} ${await res.text()}`)
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
  rmSync(clockDir, { recursive: true, force: true })
})

/** A page as served, scripts off: only the server's HTML is on screen. */
async function served(path: string): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, serviceWorkers: 'block', javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto(`${server.url}${path}`)
  return page
}

const noticeOn = (page: Page) => page.getByRole('region', { name: 'Notice' })
/** What the page shows (#root); the data embedded for the scripts also lists the notices not ended yet. */
const shownHtml = (page: Page) => page.locator('#root').innerHTML()

describe('a notice scheduled a minute ahead', () => {
  test('is not in the served HTML before its start', async () => {
    for (const path of ['/', '/events']) {
      const page = await served(path)
      expect(await noticeOn(page).count()).toBe(0)
      expect(await shownHtml(page)).not.toContain(TEXT)
      await page.context().close()
    }
  })

  test('is in the served HTML of every public page from its start, named, with its link, above the header', async () => {
    serverAhead(startsAt - Date.now() + 1_000)
    for (const path of ['/', '/events', '/contact']) {
      const page = await served(path)
      const notice = noticeOn(page)
      expect(await notice.count()).toBe(1)
      expect(await notice.textContent()).toContain(TEXT)
      expect(await notice.getByRole('link', { name: LINK_WORDS }).getAttribute('href')).toBe('/eat')
      const noticeBox = (await notice.boundingBox())!
      const headerBox = (await page.locator('.site-header').boundingBox())!
      expect(noticeBox.y + noticeBox.height).toBeLessThanOrEqual(headerBox.y + 0.5)
      // Its words and its link read against its background (WCAG AA for body text).
      const colours = await notice.evaluate((region) => {
        const link = region.querySelector('a')!
        return { background: getComputedStyle(region).backgroundColor, text: getComputedStyle(region).color, link: getComputedStyle(link).color }
      })
      expect(contrast(rgbOf(colours.text), rgbOf(colours.background))).toBeGreaterThanOrEqual(4.5)
      expect(contrast(rgbOf(colours.link), rgbOf(colours.background))).toBeGreaterThanOrEqual(4.5)
      await page.context().close()
    }
  })

  test('an open page hydrates it where the server put it, and hides it at its end without a reload', async () => {
    const offset = startsAt - Date.now() + 1_000
    serverAhead(offset)
    const context = await browser.newContext({ viewport: PHONE, serviceWorkers: 'block' })
    await context.addInitScript(() => localStorage.setItem('cookiesAgreed', 'true'))
    const page = await context.newPage()
    const problems: string[] = []
    page.on('console', (message) => {
      if (/hydrat/i.test(message.text())) problems.push(message.text())
    })
    // The page's clock is the server's: it starts where the served HTML was rendered.
    await page.clock.install({ time: new Date(Date.now() + offset) })
    await page.goto(`${server.url}/drink`, { waitUntil: 'domcontentloaded' })
    const headingTop = () => page.locator('main h1').evaluate((h1) => h1.getBoundingClientRect().top)
    const before = await headingTop()
    await noticeOn(page).waitFor()
    await page.waitForLoadState('networkidle')
    // In the HTML from the start: hydration and the notice's own code move nothing.
    expect(await headingTop()).toBe(before)
    expect(await noticeOn(page).textContent()).toContain(TEXT)
    await page.clock.fastForward(endsAt - startsAt)
    await noticeOn(page).waitFor({ state: 'detached' })
    expect(problems).toEqual([])
    await context.close()
  })

  test('is gone from the served HTML after its end, with no staff action', async () => {
    serverAhead(endsAt - Date.now() + 1_000)
    for (const path of ['/', '/events']) {
      const page = await served(path)
      expect(await noticeOn(page).count()).toBe(0)
      expect(await shownHtml(page)).not.toContain(TEXT)
      await page.context().close()
    }
  })
})
