import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useLocation } from 'wouter'
import { STAFF_PATHS } from '../../../api/src/shared/rules/staff-routes'
import { prefersReducedMotion } from '../lib/hooks'
import { logoOf, useVenue } from './venue'
import { splashTop } from './splashPlace'
import './splash.css'

/** The splash shows for this long, then fades for FADE_MS (DECISIONS.md: fade starts at 3 s, lasts 1 s). */
export const SPLASH_SHOW_MS = 3000
export const SPLASH_FADE_MS = 1000

type Phase = 'shown' | 'fading' | 'gone'

/** Staff screens and the login never show the splash: after a reload it sat over their forms and errors. */
const NO_SPLASH_PATHS: readonly string[] = ['/login', '/adminDashboard', ...STAFF_PATHS]

export function showsSplash(path: string): boolean {
  return !NO_SPLASH_PATHS.includes(path.replace(/\/+$/, '') || '/')
}

/** Milliseconds since this page load began (performance.now() counts from navigation start in browsers). */
function sincePageLoad(): number {
  if (typeof performance === 'undefined' || typeof performance.getEntriesByType !== 'function') return 0
  return performance.getEntriesByType('navigation').length > 0 ? performance.now() : 0
}

/** What a visitor does to the page: the splash never stays in the way of it (a key, a touch, a scroll). */
const ACTIONS = ['keydown', 'pointerdown', 'wheel', 'touchmove', 'scroll'] as const

function useLeavesWhenTheVisitorActs(active: boolean, leave: () => void): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `leave` only sets state; listening again on each render is not needed
  useEffect(() => {
    if (!active) return
    const options = { capture: true, passive: true, once: true }
    for (const action of ACTIONS) window.addEventListener(action, leave, options)
    return () => {
      for (const action of ACTIONS) window.removeEventListener(action, leave, options)
    }
  }, [active])
}

/**
 * The logo over the page on each full page load (the Layout mounts once per load, so in-app
 * navigation never shows it again): a card below the header, where it covers nothing (splashPlace.ts),
 * that never takes a click and goes as soon
 * as the visitor acts (a key, a touch, a scroll), so the pre-rendered page is readable and usable
 * beneath it from the first paint. Under reduced motion
 * it simply goes at 3 s. A CSS fail-safe hides it even if scripts never run. Whether it shows at all is
 * decided by the path the page was loaded at (never on a staff screen or the login, not even later
 * on a public page reached from there).
 */
export function Splash() {
  const venue = useVenue()
  const [path] = useLocation()
  const [shown] = useState(() => showsSplash(path))
  const [phase, setPhase] = useState<Phase>(shown ? 'shown' : 'gone')
  const card = useRef<HTMLDivElement>(null)
  const [top, setTop] = useState<number | null>(null)

  // Placed before the first paint after the scripts start; until then (the server's HTML) it is not seen.
  useLayoutEffect(() => {
    if (!card.current) return
    const place = splashTop(card.current)
    if (place === null) setPhase('gone')
    else setTop(place)
  }, [])

  useEffect(() => {
    if (!shown) return
    // Both moments are timed from the start of the page load, not from when scripts ran: on a slow
    // phone hydration can come late, and the splash must still be gone by 4 s.
    const since = sincePageLoad()
    const show = Math.max(0, SPLASH_SHOW_MS - since)
    const end = Math.max(0, SPLASH_SHOW_MS + SPLASH_FADE_MS - since)
    if (prefersReducedMotion()) {
      const timer = setTimeout(() => setPhase('gone'), show)
      return () => clearTimeout(timer)
    }
    const fade = setTimeout(() => setPhase('fading'), show)
    const gone = setTimeout(() => setPhase('gone'), end)
    return () => {
      clearTimeout(fade)
      clearTimeout(gone)
    }
  }, [shown])
  useLeavesWhenTheVisitorActs(phase === 'shown', () => setPhase(prefersReducedMotion() ? 'gone' : 'fading'))

  // A fade begun early still ends: the 'gone' timer above may be seconds away.
  useEffect(() => {
    if (phase !== 'fading') return
    const gone = setTimeout(() => setPhase('gone'), SPLASH_FADE_MS)
    return () => clearTimeout(gone)
  }, [phase])

  if (phase === 'gone') return null
  return (
    <div
      ref={card}
      className={`splash${phase === 'fading' ? ' splash--fading' : ''}`}
      style={top === null ? undefined : { top }}
      data-placed={top === null ? undefined : ''}
      aria-hidden="true"
      data-testid="splash"
    >
      <img src={logoOf(venue)} alt="" width={160} height={160} className="splash__logo" />
      <p className="splash__name">{venue.hotelName}</p>
    </div>
  )
}
