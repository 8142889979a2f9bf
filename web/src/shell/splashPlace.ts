/**
 * Where the splash card may lie: in the band between the header and the first words or control below
 * it, when that band holds the card with room to spare (the top of a hero picture). It then hides no
 * heading, no text and no control. Where no page has such a band (a menu, a short window at 400 % zoom)
 * there is no splash.
 */

import { STAFF_PATHS } from '../../../api/src/shared/rules/staff-routes'

/** The splash shows for this long, then fades for FADE_MS (DECISIONS.md: fade starts at 3 s, lasts 1 s). */
export const SPLASH_SHOW_MS = 3000
export const SPLASH_FADE_MS = 1000

/** Staff screens and the login never show the splash: after a reload it sat over their forms and errors. */
const NO_SPLASH_PATHS: readonly string[] = ['/login', '/adminDashboard', ...STAFF_PATHS]

export function showsSplash(path: string): boolean {
  return !NO_SPLASH_PATHS.includes(path.replace(/\/+$/, '') || '/')
}

/** Milliseconds since this page load began (performance.now() counts from navigation start in browsers). */
export function sincePageLoad(): number {
  if (typeof performance === 'undefined' || typeof performance.getEntriesByType !== 'function') return 0
  return performance.getEntriesByType('navigation').length > 0 ? performance.now() : 0
}

/** What a visitor does to the page: the splash never stays in the way of it (a key, a touch, a scroll). */
export const SPLASH_ACTIONS = ['keydown', 'pointerdown', 'wheel', 'touchmove', 'scroll'] as const

/** Set on the card by splashBeforeTheApp.ts: the page's own script shows it, and the app leaves it be. */
export const TAKEN_BEFORE_THE_APP = 'data-before-app'
/** Set on a taken card when the page's script is done with it, with an event of the same name: the app then removes it. */
export const SPLASH_GONE = 'data-gone'
export const SPLASH_GONE_EVENT = 'splashgone'
/**
 * Set on #root when the page's script took its card out before React began to hydrate: the app then
 * renders no card, so hydration finds the page as it is.
 */
export const SPLASH_REMOVED = 'data-splash-removed'

/** Whether React has begun to hydrate or render #root (startApp.tsx marks it just before): it then owns the card. */
export function appOwnsThePage(root: Element): boolean {
  return root.hasAttribute('data-app')
}

/** Room kept above and below the card, in CSS pixels. */
const MARGIN = 12

/** An element a visitor reads or uses: it holds words of its own, or it is a control or the cookie notice. */
function readOrUsed(element: Element): boolean {
  if (element.matches('a, button, input, select, textarea, .cookie-notice')) return true
  for (const node of element.childNodes) if (node.nodeType === Node.TEXT_NODE && node.textContent?.trim()) return true
  return false
}

/** The card's top (CSS pixels from the top of the window), or null where it would cover something. */
export function splashTop(card: HTMLElement): number | null {
  const headerBottom = Math.max(0, document.querySelector('.site-header')?.getBoundingClientRect().bottom ?? 0)
  let firstBelow = window.innerHeight
  for (const element of document.body.querySelectorAll('*')) {
    if (card.contains(element) || element.closest('.site-header') || !readOrUsed(element)) continue
    const box = element.getBoundingClientRect()
    if (box.width === 0 || box.height === 0 || box.bottom <= headerBottom) continue
    firstBelow = Math.min(firstBelow, box.top)
  }
  const height = card.getBoundingClientRect().height
  const free = firstBelow - headerBottom
  return free >= height + 2 * MARGIN ? headerBottom + (free - height) / 2 : null
}
