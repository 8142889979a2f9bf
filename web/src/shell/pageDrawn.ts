/**
 * Whether the first page of this visit has been drawn by the app (hydrated or rendered). Until then the
 * offline banner says nothing: on a pre-rendered page React hydrates the layout before the page's own
 * Suspense boundary, so a banner reading only the connection would say "pages you have visited before
 * still work" for a moment before the page's stores tell it what they show (their saved time).
 */
import { useEffect } from 'react'
import { create } from 'zustand'

export const usePageDrawn = create<{ drawn: boolean }>(() => ({ drawn: false }))

/**
 * Rendered after the page inside its boundary (App.tsx), and by the notice that stands in for a page
 * (PageUnavailable.tsx): its effect runs after the page's own, once the page's stores are on screen.
 */
export function PageDrawn() {
  useEffect(() => {
    if (!usePageDrawn.getState().drawn) usePageDrawn.setState({ drawn: true })
  }, [])
  return null
}

/** Resolves once the page is drawn (at the latest after `backstopMs`, so nothing waiting on it waits for ever). */
export function whenPageDrawn(backstopMs = 10_000): Promise<void> {
  return new Promise((resolve) => {
    if (usePageDrawn.getState().drawn) return resolve()
    const done = () => {
      clearTimeout(backstop)
      unsubscribe()
      resolve()
    }
    const backstop = setTimeout(done, backstopMs)
    const unsubscribe = usePageDrawn.subscribe((state) => state.drawn && done())
  })
}
