/**
 * Reflow, touch and the splash on the staff screens and the public pages (build first): no staff
 * screen scrolls sideways at 320 px, at 390 px, at 400 % zoom of 1280 px (320×200) or on a phone on
 * its side (844×390), also with the WCAG 1.4.12 text spacing applied (the public pages:
 * public-pages-axe-focus-reflow.test.ts); staff tables become labelled cards on
 * narrow screens and stay tables for screen readers; every staff control is at least 44 px tall on a
 * touch screen; staff screens and the login never show the splash, not even after a reload.
 * The staff screens are loaded once each at 390×844 and measured there and resized to the other
 * sizes (staff-screens-resized.ts), a walk the tests of its findings share.
 */
import { afterAll, afterEach, describe, expect, test } from 'bun:test'
import type { BrowserContextOptions, Page } from 'playwright-core'
import { STAFF_PATHS } from '../../api/src/shared/rules/staff-routes'
import { contextsOf, LANDSCAPE_PHONE, settled } from './a11y-helpers'
import { reflowProblems } from './page-checks'
import { DESKTOP, PHONE, useServerAndBrowser } from './harness'
import { REFLOW_SIZES, resizeTo, sizeKey, splashSeen, type StaffWalk, walkStaffScreens, watchSplash } from './staff-screens-resized'
import { contextPool } from './context-pool'
import { acrossTabs } from './parallel-pages'

const suite = useServerAndBrowser()
const visit = contextsOf(suite)

/**
 * Signed-in contexts kept for the file's later tests with the same options (context-pool.ts): the demo
 * owner's token and the cookie answer are in the context's storage from the start, and stay there.
 */
const staffContexts = contextPool(() => suite.server.url, { keepStorage: true })
afterEach(() => staffContexts.giveBack())
afterAll(() => staffContexts.closeAll())

/** A page signed in as the demo owner (the token stored before any script runs), cookies agreed, as `visit` makes them otherwise. */
function staffVisit(options: BrowserContextOptions = {}): Promise<Page> {
  return staffContexts.take(JSON.stringify(options), async () => {
    const { server, browser } = suite
    const localStorage = [
      { name: 'cookiesAgreed', value: 'true' },
      { name: 'adminToken', value: await server.token() },
    ]
    const context = await browser.newContext({
      serviceWorkers: 'block',
      bypassCSP: true,
      reducedMotion: 'reduce',
      ...options,
      storageState: { cookies: [], origins: [{ origin: server.url, localStorage }] },
    })
    return { context, page: await context.newPage() }
  })
}

/** A staff screen or a public page, loaded afresh and with its data shown. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${suite.server.url}${path}`)
  await settled(page)
}

/** The one walk through the staff screens (staff-screens-resized.ts), made by the first test that reads it. */
let staffWalk: Promise<StaffWalk> | undefined
const walked = async () => (staffWalk ??= staffVisit({ viewport: PHONE }).then((page) => walkStaffScreens(page, suite.server.url)))

describe('reflow: no sideways scrolling', () => {
  for (const viewport of REFLOW_SIZES)
    test(`staff screens at ${viewport.width}×${viewport.height}, with and without text spacing`, async () => {
      expect((await walked()).reflow.get(sizeKey(viewport))).toEqual([])
    }, 300_000)

  test('the event edit dialog at 320×640 and 844×390', async () => {
    const problems: string[] = []
    const page = await staffVisit({ viewport: { width: 320, height: 640 } })
    await open(page, '/manageEvent')
    await page.locator('.admin-table__actions button', { hasText: 'Edit' }).first().click()
    await page.locator('dialog[open]').waitFor()
    problems.push(...(await reflowProblems(page, '/manageEvent dialog 320')))
    // The same open dialog with the phone turned on its side.
    await resizeTo(page, LANDSCAPE_PHONE)
    problems.push(...(await reflowProblems(page, `/manageEvent dialog ${LANDSCAPE_PHONE.width}`)))
    expect(problems).toEqual([])
  }, 60_000)
})

describe('staff tables', () => {
  test('are cards labelled by their column headers on a phone, and tables for screen readers', async () => {
    const { cards } = await walked()
    expect(cards.map((card) => card.path)).toEqual(['/manageTimes', '/manageEvent'])
    for (const { cells, tree } of cards) {
      expect(cells.length).toBeGreaterThan(0)
      expect(cells.filter((cell) => !cell.shown)).toEqual([])
      expect(new Set(cells.map((cell) => cell.display))).toEqual(new Set(['block']))
      // Still a table to assistive technology: rows, column headers and cells.
      expect(tree).toContain('- table')
      expect(tree).toContain('- columnheader')
      expect(tree).toContain('- cell')
    }
  }, 300_000)

  test('stay tables on a wide screen', async () => {
    expect((await walked()).wideTableDisplay).toBe('table')
  }, 300_000)

  test('screenshots at 320, 390×844, 844×390 and 1440×900', async () => {
    const sizes = [{ width: 320, height: 640 }, PHONE, LANDSCAPE_PHONE, DESKTOP]
    const expected = ['/manageTimes', '/manageEvent', '/manageGalleries'].flatMap((path) => sizes.map((size) => `${path}-${size.width}x${size.height}`))
    expect((await walked()).shots.sort()).toEqual(expected.sort())
  }, 300_000)
})

describe('touch targets on staff screens', () => {
  test('every button, link and control is at least 44 px tall (or inside a 44 px label) on a touch screen', async () => {
    const small = await acrossTabs(
      () => staffVisit({ viewport: PHONE, hasTouch: true, isMobile: true }),
      STAFF_PATHS,
      async (page, path) => {
        await open(page, path)
        expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true)
        const found = await page.evaluate(() =>
          Array.from(document.querySelectorAll<HTMLElement>('main a, main button, main input, main select, main textarea, main summary, main [tabindex="0"]'))
            .filter((element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden')
            // Links inside a sentence are exempt (WCAG 2.5.8's inline exception).
            .filter((element) => !(element.tagName === 'A' && element.closest('p, li > span')))
            .filter((element) => {
              const label = element instanceof HTMLInputElement ? (element.labels?.[0] ?? null) : null
              const hit = Math.max(element.getBoundingClientRect().height, label?.getBoundingClientRect().height ?? 0)
              return hit < 44 - 0.5
            })
            .map(
              (element) =>
                `${element.tagName.toLowerCase()}${element.getAttribute('type') ? `[${element.getAttribute('type')}]` : ''} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 30)}" ${Math.round(element.getBoundingClientRect().height)} px`,
            ),
        )
        return found.map((item) => `${path}: ${item}`)
      },
      1, // no splash on staff screens: one tab is as quick
    )
    expect(small).toEqual([])
  }, 180_000)
})

describe('no splash on staff screens', () => {
  test('a reload of /createEvent shows no splash and its form error is not covered', async () => {
    const page = await staffVisit({ viewport: PHONE })
    await watchSplash(page)
    await open(page, '/createEvent')
    await page.reload()
    await page.locator('form.admin-form button[type="submit"]').click()
    const error = page.getByText('Please fill in all required fields', { exact: false }).first()
    await error.waitFor()
    await error.evaluate((element) => element.scrollIntoView({ block: 'center' }))
    // Nothing painted over it: no fixed element (the splash lets clicks through, so hit-testing would not see it) overlaps its box.
    const covers = await error.evaluate((element) => {
      const box = element.getBoundingClientRect()
      return Array.from(document.body.querySelectorAll<HTMLElement>('*'))
        .filter((other) => !other.contains(element) && getComputedStyle(other).position === 'fixed' && getComputedStyle(other).visibility !== 'hidden')
        .filter((other) => Number(getComputedStyle(other).opacity) > 0)
        .filter((other) => {
          const r = other.getBoundingClientRect()
          return r.width > 0 && r.height > 0 && r.left < box.right && r.right > box.left && r.top < box.bottom && r.bottom > box.top
        })
        .map((other) => other.className || other.tagName)
    })
    expect(covers).toEqual([])
    expect(await splashSeen(page)).toBeNull()
  }, 30_000)

  test('no staff screen or the login shows it on a full load; public pages still do', async () => {
    // Every staff screen's full load at 390×844 is the walk's (staff-screens-resized.ts).
    const shown = [...(await walked()).splashSeen]
    const visitor = await visit({ viewport: PHONE, agreed: true })
    await watchSplash(visitor)
    await open(visitor, '/login')
    shown.push(...[await splashSeen(visitor)].filter((seen) => seen !== null))
    expect(shown).toEqual([])
    await visitor.goto(`${suite.server.url}/about`)
    await visitor.waitForFunction(() => sessionStorage.getItem('splash-seen') === '/about')
  }, 300_000)

  /**
   * Records, at the moment the script places the splash card (or takes it away unplaced), what the card
   * lies over (null: this page shows none). Read when the placement happens, not polled for: on a busy
   * machine the scripts can start after the splash's 3 s, and it then goes in the next task after being placed.
   */
  const recordSplashPlacement = (page: Page) =>
    page.context().addInitScript(() => {
      const record = window as unknown as { splashUnder?: string[] | null }
      const read = () => {
        if (record.splashUnder !== undefined) return
        const card = document.querySelector('.splash')
        if (card && !card.hasAttribute('data-placed')) return
        if (!card) {
          // The server's card, taken away unplaced; before the scripts run there is none to wait for yet.
          if (document.readyState !== 'loading') record.splashUnder = null
          return
        }
        const box = card.getBoundingClientRect()
        const overlaps = (r: DOMRect) => r.width > 0 && r.height > 0 && r.left < box.right && r.right > box.left && r.top < box.bottom && r.bottom > box.top
        const words = (element: Element) =>
          [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim()) ||
          element.matches('a, button, input, select, textarea, .cookie-notice')
        record.splashUnder = [...document.querySelectorAll('body *')]
          .filter((element) => !card.contains(element) && words(element) && overlaps(element.getBoundingClientRect()))
          .map((element) => `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 30)}"`)
      }
      new MutationObserver(read).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-placed'] })
    })
  /** What the splash card lay over once the script placed it (null: this page shows none). */
  const underSplash = async (page: Page) => {
    await page.waitForFunction(() => (window as unknown as { splashUnder?: string[] | null }).splashUnder !== undefined)
    return page.evaluate(() => (window as unknown as { splashUnder: string[] | null }).splashUnder)
  }

  test('on a public page it lies over no heading, text or control at 390×844 and 1440×900 (the home page has it), and a window 256 px tall (400 % zoom) shows none', async () => {
    const covered: string[] = []
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await visit({ viewport })
      await recordSplashPlacement(page)
      for (const path of ['/', '/about', '/eat', '/events', '/contact', '/menu/menu1']) {
        await page.goto(`${suite.server.url}${path}`, { waitUntil: 'domcontentloaded' })
        const under = await underSplash(page)
        if (under === null && path === '/') covered.push(`${path} at ${viewport.width}: no splash`)
        covered.push(...(under ?? []).map((what) => `${path} at ${viewport.width}: ${what}`))
      }
    }
    expect(covered).toEqual([])
    const zoomed = await visit({ viewport: { width: 320, height: 256 } })
    await recordSplashPlacement(zoomed)
    await zoomed.goto(`${suite.server.url}/`, { waitUntil: 'domcontentloaded' })
    expect(await underSplash(zoomed)).toBeNull()
  }, 120_000)
})
