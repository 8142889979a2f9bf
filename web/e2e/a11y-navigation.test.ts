/**
 * Page changes as a keyboard or screen-reader user meets them (build first): each page has its own
 * title, in the pre-rendered HTML and after in-app navigation; after every kind of in-app move
 * (navbar, phone menu, footer, home tiles, Back, a "Back to…" link) focus lands on the new page's
 * heading and the new page is announced; a first load does not move focus; the phone menu closes
 * when Tab leaves it.
 */
import { describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { DESKTOP, PHONE, useServerAndBrowser } from './harness'
import { contextsOf, PUBLIC_PATHS, settled } from './a11y-helpers'

const suite = useServerAndBrowser()
const visit = contextsOf(suite)

/** The title a path's pre-rendered (or shell) HTML carries. */
async function servedTitle(path: string): Promise<string> {
  const html = await (await suite.server.api(path)).text()
  return (/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '').replaceAll('&amp;', '&')
}

/** Pages served as the empty app shell (not pre-rendered): their title is set once the app runs. */
const SHELL_TITLES: Record<string, string> = { '/login': 'Staff login — Larkdale Hotel', '/no-such-page': 'Page not found — Larkdale Hotel' }
const PRERENDERED = PUBLIC_PATHS.filter((path) => !(path in SHELL_TITLES))
const expectedTitle = async (path: string) => SHELL_TITLES[path] ?? (await servedTitle(path))

/** Waits until the page at `path` has taken focus, been announced and titled; returns what it found. */
async function arrivedAt(page: Page, path: string, title: string) {
  await page.waitForURL((url) => url.pathname === path)
  await page
    .waitForFunction((title) => document.title === title && document.querySelector('#route-announcer')?.textContent === title, title, { timeout: 10_000 })
    .catch(() => undefined)
  return page.evaluate(() => {
    const active = document.activeElement
    const main = document.querySelector('main')
    return {
      title: document.title,
      announced: document.querySelector('#route-announcer')?.textContent ?? '',
      politeRegion: document.querySelector('#route-announcer')?.getAttribute('aria-live') ?? '',
      focusInMain: Boolean(main && active && (active === main || (active.tagName === 'H1' && main.contains(active)))),
      focused: active ? `${active.tagName} ${active.textContent?.trim().slice(0, 30)}` : 'nothing',
      scrollY: Math.round(scrollY),
    }
  })
}

async function expectArrival(page: Page, path: string) {
  const title = await expectedTitle(path)
  const found = await arrivedAt(page, path, title)
  // On a failure, which element had focus.
  expect({ ...found, focused: undefined }, `${path}: focus on ${found.focused}`).toEqual({
    title,
    announced: title,
    politeRegion: 'polite',
    focusInMain: true,
    focused: undefined,
    scrollY: found.scrollY,
  })
  return found
}

describe('page titles', () => {
  test('each pre-rendered page has its own title in the served HTML', async () => {
    const titles = new Map<string, string>()
    for (const path of PRERENDERED) titles.set(path, await servedTitle(path))
    expect(titles.get('/events')).toBe('Events — Larkdale Hotel')
    expect(titles.get('/contact')).toBe('Contact — Larkdale Hotel')
    for (const shellTitle of Object.values(SHELL_TITLES)) titles.set(shellTitle, shellTitle)
    expect(new Set(titles.values()).size).toBe(PUBLIC_PATHS.length)
  })

  test('pages served as the app shell are titled once the app runs', async () => {
    const page = await visit({ viewport: PHONE, agreed: true })
    for (const [path, title] of Object.entries(SHELL_TITLES)) {
      await page.goto(`${suite.server.url}${path}`)
      await page.waitForFunction((title) => document.title === title, title, { timeout: 10_000 }).catch(() => undefined)
      expect(await page.title()).toBe(title)
    }
  })

  test('staff screens are titled in the browser ("Manage Events — Staff")', async () => {
    const page = await visit({ viewport: DESKTOP, agreed: true })
    await page.goto(`${suite.server.url}/manageEvent`)
    await page.waitForFunction(() => document.title === 'Manage Events — Staff', undefined, { timeout: 10_000 }).catch(() => undefined)
    expect(await page.title()).toBe('Manage Events — Staff')
  })
})

describe('in-app navigation moves focus and announces the page', () => {
  test('a first load keeps focus where the browser puts it', async () => {
    const page = await visit({ viewport: DESKTOP, agreed: true })
    await page.goto(`${suite.server.url}/events`)
    await settled(page)
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true)
    expect(await page.evaluate(() => document.querySelector('#route-announcer')?.textContent ?? null)).toBe('')
  })

  test('navbar (keyboard), footer, Back and a home tile at desktop size', async () => {
    const page = await visit({ viewport: DESKTOP, agreed: true })
    await page.goto(`${suite.server.url}/`)
    await settled(page)
    await page.locator('.navbar a[href="/events"]').focus()
    await page.keyboard.press('Enter')
    expect((await expectArrival(page, '/events')).scrollY).toBe(0)

    await page.locator('.site-footer a[href="/about"]').click()
    expect((await expectArrival(page, '/about')).scrollY).toBe(0)

    await page.goBack()
    await expectArrival(page, '/events')

    await page.locator('.navbar__brand').click()
    await expectArrival(page, '/')
    await page.locator('.tiles a[href="/eat"]').first().click()
    expect((await expectArrival(page, '/eat')).scrollY).toBe(0)
  }, 60_000)

  // cc14: while a page's chunk downloads, React keeps the old page in the document, hidden, ahead of
  // the loading placeholder; focus went to the hidden page's heading (a no-op) and was never retried.
  test('a page whose code arrives slowly still gets focus once it is shown', async () => {
    const page = await visit({ viewport: DESKTOP, agreed: true })
    let releaseChunk = () => {}
    const chunkAsked = new Promise<void>((asked) => {
      void page.route(/\/assets\/Events-[^/]*\.js$/, async (route) => {
        asked()
        await new Promise<void>((release) => (releaseChunk = release))
        await route.continue()
      })
    })
    await page.goto(`${suite.server.url}/`)
    await settled(page)
    await page.locator('.navbar a[href="/events"]').focus()
    await page.keyboard.press('Enter')
    await chunkAsked
    await page.waitForSelector('main[aria-busy="true"]', { state: 'attached' })
    releaseChunk()
    await expectArrival(page, '/events')
  }, 60_000)

  test('phone menu: choosing a link closes it and focus goes to the new page', async () => {
    const page = await visit({ viewport: PHONE, agreed: true })
    await page.goto(`${suite.server.url}/`)
    await settled(page)
    await page.locator('.navbar__toggle').click()
    await page.locator('.navbar__links.is-open a[href="/stay"]').click()
    await expectArrival(page, '/stay')
    expect(await page.locator('.navbar__toggle').getAttribute('aria-expanded')).toBe('false')
  }, 60_000)

  test('a menu page\'s "Back to…" link at phone size', async () => {
    const page = await visit({ viewport: PHONE, agreed: true })
    await page.goto(`${suite.server.url}/menu/menu1`)
    await settled(page)
    await page
      .getByRole('link', { name: /^Back to/ })
      .first()
      .click()
    await expectArrival(page, '/drink')
  }, 60_000)
})

describe('phone menu', () => {
  test('closes when Tab moves focus out of it', async () => {
    const page = await visit({ viewport: PHONE, agreed: true })
    await page.goto(`${suite.server.url}/about`)
    await settled(page)
    await page.locator('.navbar__toggle').focus()
    await page.keyboard.press('Enter')
    await page.locator('.navbar__links.is-open').waitFor()
    const inNav = () => page.evaluate(() => Boolean(document.activeElement?.closest('.navbar')))
    for (let presses = 0; presses < 20 && (await inNav()); presses++) await page.keyboard.press('Tab')
    expect(await inNav()).toBe(false)
    expect(await page.locator('.navbar__toggle').getAttribute('aria-expanded')).toBe('false')
    expect(await page.locator('.navbar__links.is-open').count()).toBe(0)
  }, 30_000)
})
