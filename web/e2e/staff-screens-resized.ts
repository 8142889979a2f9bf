/**
 * One walk through every staff screen for the reflow suite (a11y-reflow.test.ts): each screen loaded
 * afresh at 390×844 (a phone held upright), read there, then the window resized as a phone is turned or
 * a window zoomed (320×640, 400 % zoom of 1280 px at 320×200, 844×390) and read again at each size
 * without a reload. The staff screens lay out by CSS media queries and by hooks that follow them
 * (useMediaQuery, ResizeObserver): nothing on them reads the window's width once at load. What it
 * reads: what sticks out sideways (with and without text spacing) at every size, whether a splash was
 * drawn on the load, the staff tables as a phone shows them, the wide screen's table, and screenshots.
 * Loading every screen once per size had cost four loads for each one's measures.
 */
import type { Page } from 'playwright-core'
import { STAFF_PATHS } from '../../api/src/shared/rules/staff-routes'
import { LANDSCAPE_PHONE, settled, SHOTS, ZOOM_400 } from './a11y-helpers'
import { DESKTOP, PHONE } from './harness'
import { reflowProblems } from './page-checks'

/** The sizes measured: the load's own (390×844) first, then those the window is resized to. */
export const REFLOW_SIZES = [PHONE, { width: 320, height: 640 }, ZOOM_400, LANDSCAPE_PHONE] as const

/** Screens whose look is kept as screenshots, at 320, 390×844, 844×390 and 1440×900. */
const SHOT_PATHS = ['/manageTimes', '/manageEvent', '/manageGalleries']
const SHOT_SIZES = [{ width: 320, height: 640 }, PHONE, LANDSCAPE_PHONE, DESKTOP]

/** Staff tables as a phone shows them. */
const CARD_PATHS = ['/manageTimes', '/manageEvent']

export interface TableCell {
  header: string
  shown: boolean
  display: string
}

export interface StaffWalk {
  /** What sticks out sideways at each size (`${width}×${height}`), for every screen. */
  reflow: Map<string, string[]>
  /** Screens on whose full load a splash was painted. */
  splashSeen: string[]
  /** Per phone-table screen: each body cell's header, whether a label shows it, the table's display; and its accessibility tree. */
  cards: { path: string; cells: TableCell[]; tree: string }[]
  /** The display of /manageEvent's table at 1440×900. */
  wideTableDisplay: string
  /** The screenshots written, as `${path}-${width}x${height}`. */
  shots: string[]
}

export const sizeKey = (size: { width: number; height: number }) => `${size.width}×${size.height}`

/** Records, from the first frame of every load, whether a splash was ever in the document and painted. */
export async function watchSplash(page: Page): Promise<void> {
  await page.context().addInitScript(() => {
    const seen = () => {
      const splash = document.querySelector('[data-testid="splash"], .splash')
      if (splash && getComputedStyle(splash).visibility !== 'hidden' && splash.getClientRects().length > 0)
        sessionStorage.setItem('splash-seen', location.pathname)
    }
    // The card is shown by an attribute (data-placed) as well as by being added: both are watched.
    new MutationObserver(seen).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-placed', 'class'] })
    const frame = () => {
      seen()
      if (performance.now() < 5000) requestAnimationFrame(frame)
    }
    requestAnimationFrame(frame)
  })
}

export const splashSeen = (page: Page) => page.evaluate(() => sessionStorage.getItem('splash-seen'))

/** Resizes the window and waits for the frame after: media query listeners and the renders they cause have run. */
export async function resizeTo(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size)
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
}

/** Every body cell of the page's staff tables: its column header, whether a label shows it, and its table's display. */
function tableCells(page: Page): Promise<TableCell[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('main table tbody td')).map((cell) => {
      const table = cell.closest('table')!
      const header = table.querySelectorAll('thead th')[(cell as HTMLTableCellElement).cellIndex]?.textContent?.trim() ?? ''
      const label = getComputedStyle(cell, '::before').content.replace(/^"|"$/g, '')
      const hasVisibleLabel = label === header || (cell.querySelector('[data-cell-label]')?.textContent?.trim() ?? '') === header
      return { header, shown: hasVisibleLabel || header === 'Image' || header === 'Actions', display: getComputedStyle(table).display }
    }),
  )
}

/** The walk, on `page` (signed in, at 390×844, given to nothing else): every staff screen loaded once from `origin`. */
export async function walkStaffScreens(page: Page, origin: string): Promise<StaffWalk> {
  const walk: StaffWalk = { reflow: new Map(REFLOW_SIZES.map((size) => [sizeKey(size), []])), splashSeen: [], cards: [], wideTableDisplay: '', shots: [] }
  await watchSplash(page)
  for (const path of STAFF_PATHS) {
    await resizeTo(page, PHONE)
    await page.goto(`${origin}${path}`)
    await settled(page)
    const seen = await splashSeen(page)
    if (seen) walk.splashSeen.push(seen)
    if (CARD_PATHS.includes(path)) walk.cards.push({ path, cells: await tableCells(page), tree: await page.locator('main table').first().ariaSnapshot() })
    for (const size of REFLOW_SIZES) {
      if (size !== PHONE) await resizeTo(page, size)
      walk.reflow.get(sizeKey(size))!.push(...(await reflowProblems(page, `${path} at ${sizeKey(size)}`)))
    }
    if (!SHOT_PATHS.includes(path)) continue
    for (const size of SHOT_SIZES) {
      await resizeTo(page, size)
      await page.screenshot({ path: `${SHOTS}/reflow${path}-${size.width}x${size.height}.png`, fullPage: true })
      walk.shots.push(`${path}-${size.width}x${size.height}`)
      if (size === DESKTOP && path === '/manageEvent')
        walk.wideTableDisplay = await page.evaluate(() => getComputedStyle(document.querySelector('main table')!).display)
    }
  }
  return walk
}
