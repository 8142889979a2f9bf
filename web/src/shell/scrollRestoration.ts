import { useLayoutEffect } from 'react'
import { SCROLL_POSITIONS_KEY } from '../storage-keys'

/**
 * Where each page opens (DECISIONS.md): every in-app move to a new path starts at the top (or at the
 * #hash target); Back and Forward return to where the visitor was, as browsers do between documents.
 *
 * The browser's own restoration is turned off (it would restore before the new page has rendered, or
 * keep the old page's position). Instead every history entry gets a key in `history.state`, the
 * position is kept per key while the visitor scrolls, and a location change decides by the key:
 * an entry that has one was visited before (Back/Forward) and gets its position back once the page is
 * tall enough; an entry without one is new (wouter pushes `null` state) and starts at the top.
 * Positions are kept in sessionStorage too, so a reload or a return from another site finds them.
 */

const KEY_FIELD = 'scrollKey'
/** How many entries' positions are kept (the oldest go first). */
const MAX_ENTRIES = 100
/**
 * How long a restore may wait for the page to grow tall enough (data and pictures arriving on a weak
 * signal can take seconds; any scroll, touch or key of the visitor's own ends the wait at once).
 */
const RESTORE_DEADLINE_MS = 10_000

let positions: Map<string, number> | null = null

function savedPositions(): Map<string, number> {
  if (positions) return positions
  positions = new Map()
  try {
    const stored = JSON.parse(sessionStorage.getItem(SCROLL_POSITIONS_KEY) ?? '[]') as unknown
    if (Array.isArray(stored))
      for (const pair of stored) if (Array.isArray(pair) && typeof pair[0] === 'string' && typeof pair[1] === 'number') positions.set(pair[0], pair[1])
  } catch {
    // No storage (private mode) or a damaged value: start afresh.
  }
  return positions
}

function persist() {
  try {
    sessionStorage.setItem(SCROLL_POSITIONS_KEY, JSON.stringify([...savedPositions()].slice(-MAX_ENTRIES)))
  } catch {
    // Storage full or unavailable: positions still work within this page.
  }
}

function keyOfEntry(): string | null {
  const state: unknown = history.state
  if (state && typeof state === 'object' && typeof (state as Record<string, unknown>)[KEY_FIELD] === 'string')
    return (state as Record<string, string>)[KEY_FIELD]!
  return null
}

/** Gives the current history entry a key (keeping any state it has) and returns it. */
function markEntry(): string {
  const key = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`
  const state: unknown = history.state
  history.replaceState({ ...(state && typeof state === 'object' ? state : {}), [KEY_FIELD]: key }, '')
  return key
}

/** The element a #hash names, if it is in the page yet. */
function hashTarget(): Element | null {
  if (location.hash.length < 2) return null
  let id = location.hash.slice(1)
  try {
    id = decodeURIComponent(id)
  } catch {
    // A malformed escape: look the id up as written.
  }
  return document.getElementById(id)
}

/**
 * Runs `place` now and whenever the page changes size or paints, until it reports success, the
 * deadline passes, or the visitor scrolls by hand (wheel, touch, keys), whichever comes first. With
 * `follow`, a success does not end it: until then it places again whenever the page changes size, so
 * pictures and data arriving above the target do not push it away.
 */
function keepPlacing(place: () => boolean, follow = false): () => void {
  let frame = 0
  let stopped = false
  const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => schedule())
  const deadline = setTimeout(() => stop(), RESTORE_DEADLINE_MS)
  const userEvents = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const
  function run() {
    if (stopped) return
    const placed = place()
    if (placed && !follow) stop()
    else if (!placed) schedule()
  }
  function schedule() {
    if (stopped || frame) return
    frame = requestAnimationFrame(() => {
      frame = 0
      run()
    })
  }
  function stop() {
    stopped = true
    observer?.disconnect()
    clearTimeout(deadline)
    if (frame) cancelAnimationFrame(frame)
    frame = 0
    for (const type of userEvents) window.removeEventListener(type, stop)
  }
  observer?.observe(document.documentElement)
  for (const type of userEvents) window.addEventListener(type, stop, { passive: true })
  run()
  return stop
}

function scrollToSaved(y: number): () => void {
  return keepPlacing(() => {
    window.scrollTo(0, y)
    return Math.abs(window.scrollY - y) <= 1
  })
}

function scrollToHash(): () => void {
  return keepPlacing(() => {
    const target = hashTarget()
    target?.scrollIntoView({ block: 'start' })
    return target !== null
  }, true)
}

/** The key of the entry being shown, so scroll events are saved against the right entry. */
let currentKey: string | null = null

/**
 * Call once, in the component that holds every page, with the current path. Positions are saved as
 * the visitor scrolls; on each path change the new page is placed (top, #hash, or the saved position).
 */
export function useScrollRestoration(path: string): void {
  // Once: take over from the browser and save positions as the visitor scrolls. A layout effect, so
  // these listeners are added before the router's own (wouter subscribes in a passive effect): on
  // Back/Forward ours must read the position before the router renders the next page, which happens
  // inside its popstate listener's turn, and listeners on window run in the order they were added.
  useLayoutEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual'
    const onScroll = () => {
      // Only once the entry on screen is the one placed: between Back/Forward changing the history
      // entry and the new page being placed, a scroll belongs to neither page and would overwrite
      // the position the visitor left one of them at.
      if (currentKey && keyOfEntry() === currentKey) savedPositions().set(currentKey, window.scrollY)
    }
    const onHide = () => {
      onScroll()
      persist()
    }
    // Leaving an entry: its position now, before the router renders the next page. A scroll event is
    // dispatched a frame after the scroll, so a Back or a link taken within that frame would otherwise
    // leave the entry with an older position. (Capture: before the router's own popstate listener.)
    const onLeave = () => {
      if (currentKey) savedPositions().set(currentKey, window.scrollY)
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    window.addEventListener('pagehide', onHide)
    window.addEventListener('popstate', onLeave, { capture: true })
    document.addEventListener('click', onLeave, { capture: true })
    return () => {
      window.removeEventListener('scroll', onScroll)
      window.removeEventListener('pagehide', onHide)
      window.removeEventListener('popstate', onLeave, { capture: true })
      document.removeEventListener('click', onLeave, { capture: true })
    }
  }, [])

  // Before the new page paints: place it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger (a new page); the effect reads the location itself
  useLayoutEffect(() => {
    const known = keyOfEntry()
    const first = currentKey === null
    currentKey = known ?? markEntry()
    const saved = known ? savedPositions().get(known) : undefined
    if (first) {
      // A full page load: only a reload or a return from another site restores (as browsers do).
      const navigation = performance.getEntriesByType?.('navigation')?.[0] as PerformanceNavigationTiming | undefined
      const returning = navigation?.type === 'reload' || navigation?.type === 'back_forward'
      if (returning && saved !== undefined) return scrollToSaved(saved)
      return location.hash ? scrollToHash() : undefined
    }
    if (saved !== undefined) return scrollToSaved(saved)
    if (location.hash) return scrollToHash()
    window.scrollTo(0, 0)
    return undefined
  }, [path])
}
