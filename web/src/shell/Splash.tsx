import { useEffect, useState } from 'react'
import { useLocation } from 'wouter'
import { STAFF_PATHS } from '../../../api/src/shared/rules/staff-routes'
import { prefersReducedMotion } from '../lib/hooks'
import { venue } from '../lib/venue'
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

/**
 * The logo over the page on each full page load (the Layout mounts once per load, so in-app
 * navigation never shows it again): a card in the middle of the screen that never takes a click, so
 * the pre-rendered page is readable and usable beneath it from the first paint. Under reduced motion
 * it simply goes at 3 s. A CSS fail-safe hides it even if scripts never run. Whether it shows at all is
 * decided by the path the page was loaded at (never on a staff screen or the login, not even later
 * on a public page reached from there).
 */
export function Splash() {
  const [path] = useLocation()
  const [shown] = useState(() => showsSplash(path))
  const [phase, setPhase] = useState<Phase>(shown ? 'shown' : 'gone')

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

  if (phase === 'gone') return null
  return (
    <div className={`splash${phase === 'fading' ? ' splash--fading' : ''}`} aria-hidden="true" data-testid="splash">
      <img src="/logo.svg" alt="" width={160} height={160} className="splash__logo" />
      <p className="splash__name">{venue.hotelName}</p>
    </div>
  )
}
