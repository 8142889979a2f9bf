/**
 * The "This page needs a connection" notice, shown in place of a page whose code cannot be downloaded
 * (build first: npm run build): it takes focus and is announced, sits below the header and keeps the
 * header legible, and Try again opens the page once its code can come, moving focus to its heading
 * without shifting anything, also with the server gone and back. The staff screens get the same
 * notice, with a phone number, and open once their code can come.
 */
import { describe, expect, test } from 'bun:test'
import type { Page, Route } from 'playwright-core'
import { DEMO_ADMIN, DESKTOP, PHONE, useServerAndBrowser } from './harness'
import { contextsOf, keyboardTo, settled, textContrastBehind } from './a11y-helpers'
import { arrival, EVENTS_CHUNK, failEventsChunk, focused } from './page-arrival'
import { picturesSettled, twoFrames } from './settling'

/** Stay's h1: staff's title once the page's content has come, the page's name until then (an in-app arrival can be first). */
const STAY_HEADING = expect.stringMatching(/^H1 Stay/)

const suite = useServerAndBrowser()
const visit = contextsOf(suite)

async function openHome(page: Page) {
  await page.goto(`${suite.server.url}/`)
  await settled(page)
}

describe('a page whose code cannot be downloaded', () => {
  test('desktop: the notice takes focus; the next page after it gets focus, not <body>', async () => {
    const page = await visit({ viewport: DESKTOP, agreed: true })
    failEventsChunk(page)
    await openHome(page)
    await keyboardTo(page, '.navbar a[href="/events"]')
    expect(await arrival(page, '/events', /needs a connection/)).toEqual({
      focused: 'H1 This page needs a connection',
      announced: 'Events — Larkdale Hotel',
    })
    await keyboardTo(page, '.navbar a[href="/stay"]')
    expect(await arrival(page, '/stay', /Stay/)).toEqual({ focused: STAY_HEADING, announced: 'Stay — Larkdale Hotel' })
  }, 60_000)

  // React.lazy keeps a rejected import for good: with the signal back, Events still said it needed a
  // connection until the whole site was reloaded.
  test('phone: once the signal is back, the page opens on the next visit to it', async () => {
    const page = await visit({ viewport: PHONE, agreed: true })
    const chunk = failEventsChunk(page)
    await openHome(page)
    await page.locator('.navbar__toggle').click()
    await page.locator('.navbar__links.is-open a[href="/events"]').click()
    await page.getByText('This page needs a connection').waitFor()
    chunk.failing = false
    await page.locator('.site-footer a[href="/about"]').click()
    expect(await arrival(page, '/about', /./)).toMatchObject({ announced: 'About us — Larkdale Hotel' })
    await page.locator('.navbar__toggle').click()
    await page.locator('.navbar__links.is-open a[href="/events"]').click()
    expect(await arrival(page, '/events', /What's on/)).toEqual({ focused: "H1 What's on", announced: 'Events — Larkdale Hotel' })
  }, 60_000)
})

/** Opens /events in the app from the home page with its code refused, so the notice shows instead. */
async function noticeInsteadOfEvents(page: Page) {
  const chunk = failEventsChunk(page)
  await page.goto(`${suite.server.url}/`)
  await settled(page)
  await page.evaluate(() => window.history.pushState(null, '', '/events'))
  await page.evaluate(() => dispatchEvent(new PopStateEvent('popstate')))
  await page.locator('.offline-notice').waitFor()
  return chunk
}

for (const [size, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const)
  describe(`${size}: the "needs a connection" notice`, () => {
    // The see-through header sat over the cream page: its white links measured 4.11:1. Both read the same notice, untouched.
    test('starts below the header, not under it, and keeps the header legible: at least 4.5:1 behind the venue name and the first link', async () => {
      const page = await visit({ viewport, agreed: true })
      await noticeInsteadOfEvents(page)
      const place = await page.evaluate(() => ({
        header: Math.round(document.querySelector('header')!.getBoundingClientRect().bottom),
        notice: Math.round(document.querySelector('.offline-notice')!.getBoundingClientRect().top),
      }))
      await page.screenshot({ path: `/tmp/shots/connection-notice-${size}.png` })
      expect(place.notice, `notice top ${place.notice}px, header bottom ${place.header}px`).toBeGreaterThanOrEqual(place.header)
      const selectors = ['.navbar__name', ...(size === 'desktop' ? ['.navbar__links .navbar__link'] : [])]
      const found: string[] = []
      for (const selector of selectors) {
        const measured = await textContrastBehind(page, selector, `notice-${size}${selector.replaceAll(' ', '')}`, '.site-header *')
        if (!measured || measured.ratio < measured.needed) found.push(`${selector}: ${measured ? measured.ratio.toFixed(2) : 'not found'}`)
      }
      expect(found).toEqual([])
    }, 60_000)

    test('Try again opens the page once its code can be downloaded, and focus goes to its heading', async () => {
      const page = await visit({ viewport, agreed: true })
      const chunk = await noticeInsteadOfEvents(page)
      // Still refused: the notice comes back, with focus on its heading rather than lost on <body>.
      await page.getByRole('button', { name: 'Try again' }).focus()
      await page.keyboard.press('Enter')
      await page.waitForFunction(() => document.activeElement?.tagName === 'H1', null, { timeout: 15_000 })
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('This page needs a connection')
      chunk.failing = false
      await page.getByRole('button', { name: 'Try again' }).click()
      await page.waitForFunction(() => document.activeElement?.textContent === "What's on", null, { timeout: 15_000 })
      expect(await page.getByText('This page needs a connection').count()).toBe(0)
    }, 60_000)
  })

describe('the staff screens whose code cannot be downloaded', () => {
  test('desktop: after logging in without a signal, the dashboard opens once it is back (Back from another page)', async () => {
    const page = await visit({ viewport: DESKTOP, agreed: true })
    let failing = true
    await page.route(/\/assets\/AdminRoutes-[^/]*\.js$/, (route) => (failing ? route.abort('internetdisconnected') : route.continue()))
    await page.goto(`${suite.server.url}/login`)
    await page.getByLabel('Username').fill(DEMO_ADMIN.username)
    await page.getByLabel('Password').fill(DEMO_ADMIN.password)
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.waitForURL((url) => url.pathname === '/admin')
    await page.getByText('This page needs a connection').waitFor()
    failing = false
    await page.locator('.site-footer a[href="/about"]').click()
    await arrival(page, '/about', /./)
    await page.goBack()
    await page.getByText('Access granted!').waitFor({ timeout: 15_000 })
    expect(await page.getByText('This page needs a connection').count()).toBe(0)
  }, 60_000)
})

/** Opens /events from the home page, by keyboard, with its code refused: the notice shows. */
async function noticeByKeyboardInsteadOfEvents(page: Page) {
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
      await noticeByKeyboardInsteadOfEvents(page)
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
      await page.screenshot({ path: `/tmp/shots/connection-notice-hanging-${size}.png` })
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
      // While the code hangs (a weak signal), the photos are asked for; a page that waited for its code
      // never asks, and the check below then says so.
      if (!galleryAsked)
        await page.waitForRequest((request) => new URL(request.url()).pathname === '/api/gallery/events', { timeout: 10_000 }).catch(() => undefined)
      await twoFrames(page)
      const photosWithoutCode = galleryAsked
      release()
      await page.waitForFunction(() => document.activeElement?.textContent === "What's on", null, { timeout: 15_000 }).catch(() => undefined)
      // Anything that could still move the arrived page: its pictures loading.
      await picturesSettled(page).catch(() => undefined)
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
    await page.screenshot({ path: '/tmp/shots/connection-notice-admin.png' })
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
