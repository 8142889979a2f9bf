/**
 * Reflow, touch and the splash on the staff screens and the public pages (build first): no staff
 * screen scrolls sideways at 320 px, at 390 px, at 400 % zoom of 1280 px (320×200) or on a phone on
 * its side (844×390), also with the WCAG 1.4.12 text spacing applied (the public pages:
 * public-pages-axe-focus-reflow.test.ts); staff tables become labelled cards on
 * narrow screens and stay tables for screen readers; every staff control is at least 44 px tall on a
 * touch screen; staff screens and the login never show the splash, not even after a reload.
 */
import { afterAll, afterEach, describe, expect, test } from 'bun:test'
import type { BrowserContextOptions, Page } from 'playwright-core'
import { STAFF_PATHS } from '../../api/src/shared/rules/staff-routes'
import { contextsOf, LANDSCAPE_PHONE, settled, SHOTS, ZOOM_400 } from './a11y-helpers'
import { reflowProblems } from './page-checks'
import { blockThirdParties, DESKTOP, PHONE, useServerAndBrowser } from './harness'
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
    await blockThirdParties(context, server.url)
    return { context, page: await context.newPage() }
  })
}

/** A staff screen or a public page, loaded afresh and with its data shown. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${suite.server.url}${path}`)
  await settled(page)
}

const NARROW = [{ width: 320, height: 640 }, PHONE, ZOOM_400] as const

/**
 * Every page of the list, each loaded afresh, and what sticks out on each. Public pages wait 3 s on
 * the splash, so a few load side by side; staff screens have none and measuring is the work, so one
 * tab goes through them.
 */
function reflowProblemsOf(visitor: () => Promise<Page>, paths: readonly string[], tabs?: number): Promise<string[]> {
  return acrossTabs(
    visitor,
    paths,
    async (page, path) => {
      await open(page, path)
      return reflowProblems(page, path)
    },
    tabs,
  )
}

describe('reflow: no sideways scrolling', () => {
  for (const viewport of [...NARROW, LANDSCAPE_PHONE])
    test(`staff screens at ${viewport.width}×${viewport.height}, with and without text spacing`, async () => {
      expect(await reflowProblemsOf(() => staffVisit({ viewport }), STAFF_PATHS, 1)).toEqual([])
    }, 180_000)

  test('the event edit dialog at 320×640 and 844×390', async () => {
    const problems: string[] = []
    for (const viewport of [{ width: 320, height: 640 }, LANDSCAPE_PHONE]) {
      const page = await staffVisit({ viewport })
      await open(page, '/manageEvent')
      await page.locator('.admin-table__actions button', { hasText: 'Edit' }).first().click()
      await page.locator('dialog[open]').waitFor()
      problems.push(...(await reflowProblems(page, `/manageEvent dialog ${viewport.width}`)))
    }
    expect(problems).toEqual([])
  }, 60_000)
})

describe('staff tables', () => {
  test('are cards labelled by their column headers on a phone, and tables for screen readers', async () => {
    const page = await staffVisit({ viewport: PHONE })
    for (const path of ['/manageTimes', '/manageEvent']) {
      await open(page, path)
      const cells = await page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLElement>('main table tbody td')).map((cell) => {
          const table = cell.closest('table')!
          const header = table.querySelectorAll('thead th')[(cell as HTMLTableCellElement).cellIndex]?.textContent?.trim() ?? ''
          const label = getComputedStyle(cell, '::before').content.replace(/^"|"$/g, '')
          const hasVisibleLabel = label === header || (cell.querySelector('[data-cell-label]')?.textContent?.trim() ?? '') === header
          return { header, shown: hasVisibleLabel || header === 'Image' || header === 'Actions', display: getComputedStyle(table).display }
        }),
      )
      expect(cells.length).toBeGreaterThan(0)
      expect(cells.filter((cell) => !cell.shown)).toEqual([])
      expect(new Set(cells.map((cell) => cell.display))).toEqual(new Set(['block']))
      // Still a table to assistive technology: rows, column headers and cells.
      const tree = await page.locator('main table').first().ariaSnapshot()
      expect(tree).toContain('- table')
      expect(tree).toContain('- columnheader')
      expect(tree).toContain('- cell')
    }
  }, 60_000)

  test('stay tables on a wide screen', async () => {
    const page = await staffVisit({ viewport: DESKTOP })
    await open(page, '/manageEvent')
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('main table')!).display)).toBe('table')
  }, 30_000)

  test('screenshots at 320, 390×844, 844×390 and 1440×900', async () => {
    for (const viewport of [{ width: 320, height: 640 }, PHONE, LANDSCAPE_PHONE, DESKTOP]) {
      const page = await staffVisit({ viewport })
      for (const path of ['/manageTimes', '/manageEvent', '/manageGalleries']) {
        await open(page, path)
        await page.screenshot({ path: `${SHOTS}/reflow${path}-${viewport.width}x${viewport.height}.png`, fullPage: true })
      }
    }
  }, 120_000)
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
  /** Records, from the first frame of every load, whether a splash was ever in the document and painted. */
  async function watchSplash(page: Page) {
    await page.context().addInitScript(() => {
      const seen = () => {
        const splash = document.querySelector('[data-testid="splash"], .splash')
        if (splash && getComputedStyle(splash).visibility !== 'hidden' && splash.getClientRects().length > 0)
          sessionStorage.setItem('splash-seen', location.pathname)
      }
      new MutationObserver(seen).observe(document, { childList: true, subtree: true })
      const frame = () => {
        seen()
        if (performance.now() < 5000) requestAnimationFrame(frame)
      }
      requestAnimationFrame(frame)
    })
  }
  const splashSeen = (page: Page) => page.evaluate(() => sessionStorage.getItem('splash-seen'))

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
    const page = await staffVisit({ viewport: PHONE })
    await watchSplash(page)
    const shown: string[] = []
    for (const path of STAFF_PATHS) {
      await open(page, path)
      const seen = await splashSeen(page)
      if (seen) shown.push(seen)
    }
    const visitor = await visit({ viewport: PHONE, agreed: true })
    await watchSplash(visitor)
    await open(visitor, '/login')
    shown.push(...[await splashSeen(visitor)].filter((seen) => seen !== null))
    expect(shown).toEqual([])
    await visitor.goto(`${suite.server.url}/about`)
    await visitor.waitForFunction(() => sessionStorage.getItem('splash-seen') === '/about')
  }, 120_000)

  /** What the splash card lies over once the script has placed it (null: this page shows none). */
  const underSplash = async (page: Page) => {
    await page.waitForFunction(() => !document.querySelector('.splash') || document.querySelector('.splash[data-placed]'))
    return page.evaluate(() => {
      const card = document.querySelector('.splash')
      if (!card) return null
      const box = card.getBoundingClientRect()
      const overlaps = (r: DOMRect) => r.width > 0 && r.height > 0 && r.left < box.right && r.right > box.left && r.top < box.bottom && r.bottom > box.top
      const words = (element: Element) =>
        [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim()) ||
        element.matches('a, button, input, select, textarea, .cookie-notice')
      return [...document.querySelectorAll('body *')]
        .filter((element) => !card.contains(element) && words(element) && overlaps(element.getBoundingClientRect()))
        .map((element) => `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 30)}"`)
    })
  }

  test('on a public page it lies over no heading, text or control at 390×844 and 1440×900 (the home page has it), and a window 256 px tall (400 % zoom) shows none', async () => {
    const covered: string[] = []
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await visit({ viewport })
      for (const path of ['/', '/about', '/eat', '/events', '/contact', '/menu/menu1']) {
        await page.goto(`${suite.server.url}${path}`, { waitUntil: 'domcontentloaded' })
        const under = await underSplash(page)
        if (under === null && path === '/') covered.push(`${path} at ${viewport.width}: no splash`)
        covered.push(...(under ?? []).map((what) => `${path} at ${viewport.width}: ${what}`))
      }
    }
    expect(covered).toEqual([])
    const zoomed = await visit({ viewport: { width: 320, height: 256 } })
    await zoomed.goto(`${suite.server.url}/`, { waitUntil: 'domcontentloaded' })
    expect(await underSplash(zoomed)).toBeNull()
  }, 120_000)
})
