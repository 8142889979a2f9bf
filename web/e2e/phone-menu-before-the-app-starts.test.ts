/**
 * On a slow phone the app's code may take seconds to arrive and run; the page is readable before it
 * (pre-rendered), and the menu button must work too: public/menu-before-app.js opens and closes the
 * menu until the app starts, and the app carries on from the state it finds. Here the app's entry is
 * held back by the test, so "before the app starts" lasts as long as the test needs.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser, PHONE, startServer, type RunningServer } from './harness'

let server: RunningServer
let browser: Browser

beforeAll(async () => {
  server = await startServer()
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

/** The home page at phone size with the app's entry module held until `release()`; the cookie notice agreed before. */
async function openWithAppHeld(): Promise<{ page: Page; release(): void; close(): Promise<void> }> {
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, serviceWorkers: 'block' })
  await context.addInitScript(() => localStorage.setItem('cookiesAgreed', 'true'))
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  const entry = (await (await server.api('/')).text()).match(/<script type="module"[^>]*src="(\/assets\/index-[^"]+\.js)"/)?.[1]
  expect(entry).toBeTruthy()
  await context.route(`${server.url}${entry}`, async (route) => {
    await released
    await route.continue()
  })
  const page = await context.newPage()
  await page.goto(server.url, { waitUntil: 'commit' })
  await page.locator('.navbar__toggle').waitFor()
  // The menu script is in (it is small and async; the test waits for it rather than racing it).
  await page.waitForFunction(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).some((e) => e.name.endsWith('/menu-before-app.js') && e.responseEnd > 0),
  )
  return { page, release, close: () => context.close() }
}

const expanded = (page: Page) => page.locator('.navbar__toggle').getAttribute('aria-expanded')
/** The menu opens once the full stylesheet it needs is in (at once when the page already has it). */
const opened = (page: Page) => page.waitForFunction(() => document.querySelector('.navbar__toggle')?.getAttribute('aria-expanded') === 'true')
const focusedIsToggle = (page: Page) => page.evaluate(() => document.activeElement?.classList.contains('navbar__toggle') === true)

test('before the app starts, the menu button opens the menu by keyboard and Escape closes it, focus on the button', async () => {
  const { page, release, close } = await openWithAppHeld()
  try {
    expect(await page.evaluate(() => document.getElementById('root')?.hasAttribute('data-app'))).toBe(false)
    await page.locator('.navbar__toggle').focus()
    await page.keyboard.press('Enter')
    await opened(page)
    expect(await page.getByRole('link', { name: 'Events' }).isVisible()).toBe(true)
    expect(await page.getByRole('button', { name: 'Close menu' }).count()).toBe(1)
    await page.keyboard.press('Escape')
    expect(await expanded(page)).toBe('false')
    expect(await focusedIsToggle(page)).toBe(true)
    expect(await page.getByRole('link', { name: 'Events' }).isVisible()).toBe(false)
    // A tap outside closes it too (near the foot of the screen, below the open menu).
    await page.locator('.navbar__toggle').tap()
    await opened(page)
    await page.screenshot({ path: '/tmp/menu-before-app-open-390.png' })
    await page.touchscreen.tap(PHONE.width / 2, PHONE.height - 20)
    expect(await expanded(page)).toBe('false')
  } finally {
    release()
    await close()
  }
}, 60_000)

test('before the app starts, Tab out of the open menu closes it: the focused element is never left under the menu', async () => {
  const { page, release, close } = await openWithAppHeld()
  try {
    await page.locator('.navbar__toggle').focus()
    await page.keyboard.press('Enter')
    await opened(page)
    const links = await page.locator('.navbar__links a').count()
    for (let press = 0; press <= links; press++) await page.keyboard.press('Tab')
    expect(await page.evaluate(() => !!document.activeElement?.closest('nav'))).toBe(false)
    expect(await expanded(page)).toBe('false')
    // What has focus is on top, not under the menu's links.
    const onTop = await page.evaluate(() => {
      const focused = document.activeElement!
      focused.scrollIntoView({ block: 'center' })
      const box = focused.getBoundingClientRect()
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
      return !!top && (focused === top || focused.contains(top))
    })
    expect(onTop).toBe(true)
  } finally {
    release()
    await close()
  }
}, 60_000)

test('opened before the app starts, the menu stays open as the app takes over, and one press then closes it', async () => {
  const { page, release, close } = await openWithAppHeld()
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  try {
    await page.locator('.navbar__toggle').tap()
    await opened(page)
    release()
    // The app has taken over the button: React's own handler is on it.
    await page.waitForFunction(() => {
      const toggle = document.querySelector('.navbar__toggle')
      return !!toggle && Object.keys(toggle).some((key) => key.startsWith('__reactProps'))
    })
    expect(await expanded(page)).toBe('true')
    expect(await page.getByRole('link', { name: 'Events' }).isVisible()).toBe(true)
    await page.locator('.navbar__toggle').focus()
    await page.keyboard.press('Enter')
    expect(await expanded(page)).toBe('false')
    expect(await page.getByRole('link', { name: 'Events' }).isVisible()).toBe(false)
    await page.keyboard.press('Enter')
    expect(await expanded(page)).toBe('true')
    expect(errors.filter((text) => text.includes('Hydration'))).toEqual([])
  } finally {
    await close()
  }
}, 60_000)
