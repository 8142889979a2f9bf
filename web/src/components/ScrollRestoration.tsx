import { useLayoutEffect as useBrowserLayoutEffect, useEffect } from 'react'
import { useLocation } from 'wouter'

/** How long Back/Forward keeps trying to reach the saved position while the page loads its chunk and data. */
const RESTORE_WITHIN_MS = 3_000
const KEY_FIELD = '__scrollKey'
const SAVED_KEY = 'scrollPositions'

// useLayoutEffect warns when rendered to HTML at build time; it only matters in the browser.
const useLayoutEffect = typeof window === 'undefined' ? useEffect : useBrowserLayoutEffect

type Positions = Record<string, number>

const keyOf = (state: unknown): string | null =>
  state && typeof state === 'object' && typeof (state as Record<string, unknown>)[KEY_FIELD] === 'string' ? ((state as Record<string, string>)[KEY_FIELD] ?? null) : null

function readPositions(): Positions {
  try {
    return JSON.parse(sessionStorage.getItem(SAVED_KEY) ?? '{}') as Positions
  } catch {
    return {}
  }
}

/**
 * Scroll position per history entry, as a multi-page site has it: a page opened by a link starts at
 * the top, and Back/Forward return to where the visitor was on that entry. The app changes pages
 * without loading documents, so the browser cannot do this itself (it would keep the previous page's
 * position, or restore before the page's chunk and data have made it tall enough). Each entry gets
 * a key in history.state; positions are kept in sessionStorage, so they survive a reload of the tab.
 */
export function ScrollRestoration() {
  const [location] = useLocation()

  useEffect(() => {
    history.scrollRestoration = 'manual'
    // Saved at once, under the key of the page on screen: history.state may already be the next
    // entry's (Back pressed) while the previous page is still shown.
    const save = () => {
      if (!shown.key || shown.restoring) return
      const positions = readPositions()
      positions[shown.key] = Math.round(window.scrollY)
      sessionStorage.setItem(SAVED_KEY, JSON.stringify(positions))
    }
    // Also at the moment of leaving, before the router renders the next page: the last scroll's
    // event may not have fired yet. Capture phase, so it runs before the router's own listeners.
    window.addEventListener('scroll', save, { passive: true })
    window.addEventListener('popstate', save, true)
    document.addEventListener('click', save, true)
    window.addEventListener('pagehide', save)
    return () => {
      window.removeEventListener('scroll', save)
      window.removeEventListener('popstate', save, true)
      document.removeEventListener('click', save, true)
      window.removeEventListener('pagehide', save)
    }
  }, [])

  useLayoutEffect(() => {
    const key = keyOf(history.state)
    if (!key) {
      // A new entry (a link, or the first page of the visit): give it a key, and start at the top
      // unless the address names a place on the page (its own screen scrolls there).
      shown.key = Math.random().toString(36).slice(2)
      history.replaceState({ ...(history.state as object | null), [KEY_FIELD]: shown.key }, '')
      if (!window.location.hash && window.scrollY !== 0) window.scrollTo(0, 0)
      return
    }
    shown.key = key
    const target = readPositions()[key]
    if (target === undefined) return
    // Back/Forward (or a reload): reach the saved position as soon as the page is tall enough.
    shown.restoring = true
    const deadline = Date.now() + RESTORE_WITHIN_MS
    let frame = 0
    const stop = () => {
      shown.restoring = false
      cancelAnimationFrame(frame)
      for (const type of USER_SCROLLS) window.removeEventListener(type, stop)
    }
    const step = () => {
      const reachable = document.documentElement.scrollHeight - window.innerHeight
      window.scrollTo(0, Math.min(target, Math.max(0, reachable)))
      if (reachable >= target || Date.now() > deadline) stop()
      else frame = requestAnimationFrame(step)
    }
    // The visitor scrolling meanwhile wins.
    for (const type of USER_SCROLLS) window.addEventListener(type, stop, { passive: true })
    step()
    return stop
  }, [location])

  return null
}

const USER_SCROLLS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const
/** The history entry whose page is on screen, and whether its saved position is being restored. */
const shown: { key: string | null; restoring: boolean } = { key: null, restoring: false }
