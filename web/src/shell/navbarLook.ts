import { STAFF_PATHS } from '../../../api/src/shared/rules/staff-routes'

/** How far (px) the page scrolls before the navbar changes. */
export const NAV_SCROLL_THRESHOLD = 50

/** Routes where the navbar background is always solid: /stay and every staff screen. */
export const SOLID_NAV_PATHS = ['/stay', '/adminDashboard', ...STAFF_PATHS] as const

export function isSolidNavPath(path: string): boolean {
  const clean = path.replace(/\/+$/, '') || '/'
  return (SOLID_NAV_PATHS as readonly string[]).includes(clean)
}

export interface NavbarLook {
  /** Background opacity, 0..1. */
  opacity: number
  /** CSS padding above and below the bar. */
  padding: string
}

/**
 * The navbar's look at a scroll position (DECISIONS.md): opacity 0.6 while scrollY <= 50, beyond that
 * min(1, 0.5 + scrollY / 200); padding 1.4rem at the top and 0 once scrolled past 50 px. A solid bar
 * (on /stay and staff screens) is always fully opaque.
 */
export function navbarLook(scrollY: number, solid = false): NavbarLook {
  const scrolled = scrollY > NAV_SCROLL_THRESHOLD
  const opacity = solid ? 1 : scrolled ? Math.min(1, 0.5 + scrollY / 200) : 0.6
  return { opacity, padding: scrolled ? '0' : '1.4rem' }
}
