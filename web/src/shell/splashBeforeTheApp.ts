/**
 * The splash on a served page, from the page's own small script: the app starts only when the visitor
 * acts or later (appOnDemand.ts), and the logo card is for the first seconds of every full page load.
 * The same rules as the app's Splash.tsx (splashPlace.ts): placed where it covers nothing, or not
 * shown; fading from 3 s for 1 s (gone at 3 s under reduced motion), and at once when the visitor acts.
 * The card is marked as taken, so the app leaves it be.
 */
import {
  SPLASH_ACTIONS,
  SPLASH_GONE,
  SPLASH_GONE_EVENT,
  SPLASH_FADE_MS,
  SPLASH_REMOVED,
  appOwnsThePage,
  SPLASH_SHOW_MS,
  showsSplash,
  sincePageLoad,
  splashTop,
  TAKEN_BEFORE_THE_APP,
} from './splashPlace'

export function showSplashBeforeTheApp(): void {
  const card = document.querySelector<HTMLElement>('#root .splash')
  if (!card || !showsSplash(location.pathname)) return
  card.setAttribute(TAKEN_BEFORE_THE_APP, '')
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true
  const timers: ReturnType<typeof setTimeout>[] = []
  const gone = () => {
    for (const timer of timers) clearTimeout(timer)
    for (const action of SPLASH_ACTIONS) window.removeEventListener(action, leave, true)
    const root = card.closest('#root')
    // Until React hydrates, the card is this script's to take out (and the app then renders none);
    // once React owns it, taking it out from here would break React's own removal: Splash.tsx does it.
    if (root && !appOwnsThePage(root)) {
      card.remove()
      root.setAttribute(SPLASH_REMOVED, '')
      return
    }
    card.removeAttribute('data-placed')
    card.classList.remove('splash--fading')
    card.setAttribute(SPLASH_GONE, '')
    card.dispatchEvent(new Event(SPLASH_GONE_EVENT))
  }
  const fade = () => {
    if (reduced) return gone()
    card.classList.add('splash--fading')
    timers.push(setTimeout(gone, SPLASH_FADE_MS))
  }
  const leave = () => {
    for (const timer of timers.splice(0)) clearTimeout(timer)
    fade()
  }
  // Placed once the page has laid itself out for its first paint, in the frame after: no extra layout during the load.
  requestAnimationFrame(() => {
    const top = splashTop(card)
    if (top === null) return gone()
    card.style.top = `${top}px`
    card.setAttribute('data-placed', '')
    // Timed from the start of the page load: a page that took 3 s to show fades its card at once.
    timers.push(setTimeout(fade, Math.max(0, SPLASH_SHOW_MS - sincePageLoad())))
    for (const action of SPLASH_ACTIONS) window.addEventListener(action, leave, { capture: true, passive: true, once: true })
  })
}
