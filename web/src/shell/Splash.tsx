import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useLocation } from 'wouter'
import { prefersReducedMotion } from '../lib/hooks'
import { logoOf, useVenue } from './venue'
import {
  SPLASH_ACTIONS,
  SPLASH_FADE_MS,
  SPLASH_GONE,
  SPLASH_GONE_EVENT,
  SPLASH_REMOVED,
  SPLASH_SHOW_MS,
  showsSplash,
  sincePageLoad,
  splashTop,
  TAKEN_BEFORE_THE_APP,
} from './splashPlace'
import './splash.css'

type Phase = 'shown' | 'fading' | 'gone'

/** The page's script showed the card and took it out before the app started (splashBeforeTheApp.ts). */
const removedBeforeTheApp = () => typeof document !== 'undefined' && document.getElementById('root')?.hasAttribute(SPLASH_REMOVED) === true

function useLeavesWhenTheVisitorActs(active: boolean, leave: () => void): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `leave` only sets state; listening again on each render is not needed
  useEffect(() => {
    if (!active) return
    const options = { capture: true, passive: true, once: true }
    for (const action of SPLASH_ACTIONS) window.addEventListener(action, leave, options)
    return () => {
      for (const action of SPLASH_ACTIONS) window.removeEventListener(action, leave, options)
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
  const [phase, setPhase] = useState<Phase>(showsSplash(path) && !removedBeforeTheApp() ? 'shown' : 'gone')
  // On a served page the page's own script shows the card from the start (splashBeforeTheApp.ts), and
  // the app, starting later, renders it as served and never touches it: no second placement or fade.
  const [taken] = useState(() => typeof document !== 'undefined' && document.querySelector(`.splash[${TAKEN_BEFORE_THE_APP}]`) !== null)
  const shown = phase === 'shown' && !taken
  const card = useRef<HTMLDivElement>(null)
  const [top, setTop] = useState<number | null>(null)

  // A card the page's script showed goes from the page once that script is done with it.
  useEffect(() => {
    const taken = card.current
    if (!taken?.hasAttribute(TAKEN_BEFORE_THE_APP)) return
    const remove = () => setPhase('gone')
    if (taken.hasAttribute(SPLASH_GONE)) return remove()
    taken.addEventListener(SPLASH_GONE_EVENT, remove, { once: true })
    return () => taken.removeEventListener(SPLASH_GONE_EVENT, remove)
  }, [])

  // Placed before the first paint after the scripts start; until then (the server's HTML) it is not seen.
  useLayoutEffect(() => {
    if (!card.current || taken) return
    const place = splashTop(card.current)
    if (place === null) setPhase('gone')
    else setTop(place)
  }, [taken])

  // biome-ignore lint/correctness/useExhaustiveDependencies: timed once, from the page load's start
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
  }, [])
  useLeavesWhenTheVisitorActs(shown, () => setPhase(prefersReducedMotion() ? 'gone' : 'fading'))

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
