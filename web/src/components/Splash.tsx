import { useEffect, useState } from 'react'
import { prefersReducedMotion } from '../lib/hooks'
import { venue } from '../lib/venue'
import '../styles/splash.css'

/** The splash shows for this long, then fades for FADE_MS (DECISIONS.md: fade starts at 3 s, lasts 1 s). */
export const SPLASH_SHOW_MS = 3000
export const SPLASH_FADE_MS = 1000

type Phase = 'shown' | 'fading' | 'gone'

/** Milliseconds since this page load began (performance.now() counts from navigation start in browsers). */
function sincePageLoad(): number {
  if (typeof performance === 'undefined' || typeof performance.getEntriesByType !== 'function') return 0
  return performance.getEntriesByType('navigation').length > 0 ? performance.now() : 0
}

/**
 * The logo over the page on each full page load (the Layout mounts once per load, so in-app
 * navigation never shows it again): a card in the middle of the screen that never takes a click, so
 * the pre-rendered page is readable and usable beneath it from the first paint. Under reduced motion
 * it simply goes at 3 s. A CSS fail-safe hides it even if scripts never run.
 */
export function Splash() {
  const [phase, setPhase] = useState<Phase>('shown')

  useEffect(() => {
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
  }, [])

  if (phase === 'gone') return null
  return (
    <div className={`splash${phase === 'fading' ? ' splash--fading' : ''}`} aria-hidden="true" data-testid="splash">
      <img src="/logo.svg" alt="" width={160} height={160} className="splash__logo" />
      <p className="splash__name">{venue.hotelName}</p>
    </div>
  )
}
