import { useEffect, useMemo, useState, useSyncExternalStore } from 'react'

/**
 * Hooks over browser state that are safe to render on the server: the server (and the first client
 * render, while hydrating) sees the given default; the real value arrives after hydration.
 */

function subscribeMedia(query: string) {
  return (onChange: () => void) => {
    if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => {}
    const list = window.matchMedia(query)
    list.addEventListener?.('change', onChange)
    return () => list.removeEventListener?.('change', onChange)
  }
}

/** Whether a media query matches; `fallback` on the server and where matchMedia is missing. */
export function useMediaQuery(query: string, fallback = false): boolean {
  const subscribe = useMemo(() => subscribeMedia(query), [query])
  return useSyncExternalStore(
    subscribe,
    () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : fallback),
    () => fallback,
  )
}

export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)'

/** True when the visitor asked for less motion (no fades, parallax or tile animation). */
export function useReducedMotion(): boolean {
  return useMediaQuery(REDUCED_MOTION_QUERY)
}

/** Reads the preference outside React (in effects and timers). */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION_QUERY).matches
}

function subscribeOnline(onChange: () => void) {
  window.addEventListener('online', onChange)
  window.addEventListener('offline', onChange)
  return () => {
    window.removeEventListener('online', onChange)
    window.removeEventListener('offline', onChange)
  }
}

/** navigator.onLine, kept current; assumed online on the server. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine !== false,
    () => true,
  )
}

/** True once the component has mounted in a browser (false while rendering on the server and hydrating). */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false)
  useEffect(() => setMounted(true), [])
  return mounted
}
