/**
 * Stranger pass s11, weak signal (build first: npm run build): Try again on a page whose code hangs,
 * the staff screens opened directly without their code, and the server gone before a page's code was
 * ever fetched. Focus and announcements as a keyboard or screen-reader visitor meets them.
 */
import { describe, expect, test } from 'bun:test'
import type { Page, Route } from 'playwright-core'
import { DESKTOP, PHONE, useServerAndBrowser } from './harness'
import { contextsOf, settled } from './a11y-helpers'

const suite = useServerAndBrowser()
const visit = contextsOf(suite)
const EVENTS_CHUNK = /\/assets\/Events-[^/]*\.js$/

const focused = (page: Page) => page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent?.trim().slice(0, 40)}`)

/** Opens /events from the home page, by keyboard, with its code refused: the notice shows. */
async function noticeInsteadOfEvents(page: Page) {
  await page.goto(`${suite.server.url}/`)
  await settled(page)
  // On a phone the links are behind the menu button.
  if (await page.locator('.navbar__toggle').isVisible()) {
    await page.locator('.navbar__toggle').focus()
    await page.keyboard.press('Enter')
  }
  await page.locator('.navbar a[href="/events"]').focus()
  await page.keyboard.press('Enter')
  await page.waitForFunction(() => document.activeElement?.textContent === 'This page needs a connection', null, { timeout: 10_000 })
}

describe('Try again while the page code hangs', () => {
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)
    test(`${size}, keyboard only: the dark placeholder shows, and the page takes focus without moving anything once its code comes`, async () => {
      const page = await visit({ viewport, agreed: true })
      let mode: 'refuse' | 'hang' = 'refuse'
      let release = () => {}
      const held = new Promise<void>((resolve) => (release = resolve))
      await page.route(EVENTS_CHUNK, async (route: Route) => {
        if (mode === 'refuse') return route.abort('internetdisconnected')
        await held
        await route.continue().catch(() => undefined)
      })
      // The page's photos are asked for while its code cannot come, not only once it has.
      let galleryAsked = false
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/gallery/events') galleryAsked = true
      })
      await noticeInsteadOfEvents(page)
      mode = 'hang'
      await page.keyboard.press('Tab')
      await page.keyboard.press('Tab')
      expect(await focused(page)).toBe('BUTTON Try again')
      await page.keyboard.press('Enter')
      await page.locator('main[aria-busy="true"] .page-banner').waitFor()
      const band = await page.evaluate(() => {
        const banner = document.querySelector('main[aria-busy="true"] .page-banner')!.getBoundingClientRect()
        return { top: banner.top, belowHeader: banner.bottom > document.querySelector('header')!.getBoundingClientRect().bottom }
      })
      await page.screenshot({ path: `/tmp/shots/stranger-s11-hanging-${size}.png` })
      await page.evaluate(() => {
        // Each shift that counts (0.001 or more) with what moved, so a failure says what it was.
        const seen = window as unknown as { shifts: string[] }
        seen.shifts = []
        type Shift = { value: number; sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] }
        const box = (rect: DOMRectReadOnly) => `${Math.round(rect.x)},${Math.round(rect.y)} ${Math.round(rect.width)}×${Math.round(rect.height)}`
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as Shift[]) {
            if (entry.value < 0.0005) continue
            const what = entry.sources.map(({ node, previousRect, currentRect }) => {
              const element = node instanceof Element ? node : node?.parentElement
              const name = element ? `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}` : 'a pseudo-element'
              return `${name} ${box(previousRect)} → ${box(currentRect)}`
            })
            seen.shifts.push(`${entry.value.toFixed(3)} at ${Math.round(performance.now())} ms: ${what.join('; ')}`)
          }
        }).observe({ type: 'layout-shift' })
      })
      // The hang is the scenario (a weak signal), not a wait for something.
      await page.waitForTimeout(1000)
      const photosWithoutCode = galleryAsked
      release()
      await page.waitForFunction(() => document.activeElement?.textContent === "What's on", null, { timeout: 15_000 }).catch(() => undefined)
      await page.waitForTimeout(500)
      expect({
        band,
        photosWithoutCode,
        focused: await focused(page),
        announced: await page.locator('#route-announcer').textContent(),
        shifts: await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts),
      }).toEqual({
        band: { top: 0, belowHeader: true },
        photosWithoutCode: true,
        focused: "H1 What's on",
        announced: 'Events — Larkdale Hotel',
        shifts: [],
      })
    }, 60_000)
})

describe('the staff screens opened directly without their code', () => {
  test('desktop: a logged-in visitor opening /admin sees the notice with a phone number, and Try again opens the dashboard', async () => {
    const token = await suite.server.token()
    const page = await visit({ viewport: DESKTOP, agreed: true })
    await page.context().addInitScript((t) => localStorage.setItem('adminToken', t), token)
    let failing = true
    await page.route(/\/assets\/AdminRoutes-[^/]*\.js$/, (route: Route) => (failing ? route.abort('internetdisconnected') : route.continue()))
    await page.goto(`${suite.server.url}/admin`)
    await page.getByRole('heading', { level: 1, name: 'This page needs a connection' }).waitFor({ timeout: 10_000 })
    expect(await page.locator('main a[href^="tel:"]').count()).toBeGreaterThan(0)
    await page.screenshot({ path: '/tmp/shots/stranger-s11-admin-notice.png' })
    failing = false
    await page.getByRole('button', { name: 'Try again' }).focus()
    await page.keyboard.press('Enter')
    await page.getByText('Access granted!').waitFor({ timeout: 15_000 })
    expect(await page.getByText('This page needs a connection').count()).toBe(0)
  }, 60_000)
})

// Last in the file: it stops the shared server (and starts it again).
describe('the server gone before a page code was fetched', () => {
  test('phone, keyboard only: the notice takes focus, Try again fails again while it is gone, and opens the page once it is back', async () => {
    const page = await visit({ viewport: PHONE, agreed: true })
    // The idle fetch ahead of need must not have saved Events: refuse it until the server is gone.
    let refuse = true
    await page.route(EVENTS_CHUNK, (route: Route) => (refuse ? route.abort('internetdisconnected') : route.continue()))
    await page.goto(`${suite.server.url}/`)
    await settled(page)
    await suite.server.kill()
    refuse = false
    try {
      await page.locator('.navbar__toggle').focus()
      await page.keyboard.press('Enter')
      await page.locator('.navbar__links.is-open a[href="/events"]').focus()
      await page.keyboard.press('Enter')
      await page.waitForFunction(() => document.activeElement?.textContent === 'This page needs a connection', null, { timeout: 15_000 }).catch(() => undefined)
      expect(await focused(page)).toBe('H1 This page needs a connection')
      await page.getByRole('button', { name: 'Try again' }).focus()
      await page.keyboard.press('Enter')
      await page.waitForFunction(() => document.activeElement?.textContent === 'This page needs a connection', null, { timeout: 15_000 }).catch(() => undefined)
      expect(await focused(page)).toBe('H1 This page needs a connection')
    } finally {
      await suite.server.restart()
    }
    await page.getByRole('button', { name: 'Try again' }).focus()
    await page.keyboard.press('Enter')
    await page.waitForFunction(() => document.activeElement?.textContent === "What's on", null, { timeout: 15_000 }).catch(() => undefined)
    expect(await focused(page)).toBe("H1 What's on")
  }, 90_000)
})
