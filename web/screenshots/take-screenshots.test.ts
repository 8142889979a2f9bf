/**
 * Pictures of the site for people to look at, not checks: `npm run screenshots` (after a build) writes
 * every public page and the main staff screens at a phone's 390×844, a desktop's 1440×900 and 400 % zoom
 * of a 1280 px window (320×256), each as first seen and as a whole page, and the splash and cookie notice
 * of a first visit, to /tmp/shots/look (SHOTS_DIR for another folder). `npm test` does not run it: what
 * these pages must do is checked by the browser tests in web/e2e, and a picture nobody opens checks nothing.
 */
import { expect, test } from 'bun:test'
import { mkdirSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { PUBLIC_PATHS } from '../e2e/a11y-helpers'
import { DESKTOP, PHONE, staffContext, useServerAndBrowser } from '../e2e/harness'

const SHOTS = process.env.SHOTS_DIR || '/tmp/shots/look'
mkdirSync(SHOTS, { recursive: true })
const SIZES = [
  { name: '390x844', viewport: PHONE },
  { name: '1440x900', viewport: DESKTOP },
  { name: '320x256', viewport: { width: 320, height: 256 } },
]
const STAFF_PATHS = ['/admin', '/manageTimes', '/manageEvent', '/manageGalleries', '/managePages', '/messages']
const suite = useServerAndBrowser()

const nameOf = (path: string) => path.replace(/^\//, '').replace(/\//g, '-') || 'home'

/** Waits for the page to be drawn by the app, brings every lazy picture in, then takes the view and the whole page. */
async function shoot(page: Page, name: string): Promise<void> {
  await page.waitForSelector('[data-testid="splash"]', { state: 'detached', timeout: 30_000 })
  await page.waitForSelector('#root[data-app-drawn]', { state: 'attached', timeout: 30_000 })
  await page.evaluate(() => {
    for (const img of document.querySelectorAll('img')) img.loading = 'eager'
  })
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete), undefined, { timeout: 10_000 }).catch(() => undefined)
  await page.screenshot({ path: `${SHOTS}/${name}.png` })
  await page.screenshot({ path: `${SHOTS}/${name}-full.png`, fullPage: true })
}

test('every public page at each size, as first seen and whole', async () => {
  for (const { name, viewport } of SIZES) {
    const context = await suite.browser.newContext({ viewport, serviceWorkers: 'block' })
    await context.addInitScript(() => localStorage.setItem('cookiesAgreed', 'true'))
    const page = await context.newPage()
    for (const path of PUBLIC_PATHS) {
      await page.goto(`${suite.server.url}${path}`)
      await shoot(page, `public-${nameOf(path)}-${name}`)
    }
    await context.close()
  }
}, 600_000)

test('a first visit on a phone: the splash, then the cookie notice', async () => {
  const context = await suite.browser.newContext({ viewport: PHONE, serviceWorkers: 'block' })
  const page = await context.newPage()
  await page.goto(`${suite.server.url}/`)
  await page.screenshot({ path: `${SHOTS}/first-visit-splash-390x844.png` })
  await page.getByRole('region', { name: 'Cookie notice' }).waitFor({ timeout: 30_000 })
  await page.screenshot({ path: `${SHOTS}/first-visit-cookie-notice-390x844.png` })
  await context.close()
}, 120_000)

test('the main staff screens at each size, signed in as the demo owner', async () => {
  for (const { name, viewport } of SIZES) {
    const { context } = await staffContext(suite, viewport)
    const page = await context.newPage()
    for (const path of STAFF_PATHS) {
      await page.goto(`${suite.server.url}${path}`)
      await shoot(page, `staff-${nameOf(path)}-${name}`)
    }
    expect(page.url()).toEndWith(STAFF_PATHS.at(-1)!)
    await context.close()
  }
}, 600_000)
