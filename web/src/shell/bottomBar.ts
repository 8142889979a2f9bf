/**
 * A bar drawn over the foot of the view (the cookie notice, the offline banner) must never cover what
 * the keyboard is on. How much of the view it covers goes into a CSS variable on <html>, which
 * scroll-padding-bottom reads (global.css), so the browser's own scrolling to a focused element stops
 * clear of it. The browser leaves a focused element that is already partly in view where it is: a
 * tall one (a message box) or one just above the bar can then sit partly under it, scroll-padding or
 * not, so focus moving there scrolls it up clear of the bar as well.
 */
import { useEffect, type RefObject } from 'react'
import { scrollClearOfBar } from './scrollClearOfBar'

/** Over the page rather than part of it: fixed, or sticky and held at the foot of the view. */
const overlays = (bar: HTMLElement) => {
  const position = getComputedStyle(bar).position
  return position === 'fixed' || (position === 'sticky' && bar.getBoundingClientRect().bottom >= window.innerHeight - 1)
}

/**
 * Every bar's measure: one bar showing or going moves the other (the cookie notice floats above the
 * offline banner), without changing its size, so its own ResizeObserver would not report it.
 */
const measures = new Set<() => void>()
const measureAll = () => {
  for (const measure of measures) measure()
}

export function useKeepsFocusClear(barRef: RefObject<HTMLElement | null>, variable: string, shown: boolean): void {
  useEffect(() => {
    const bar = barRef.current
    if (!shown || !bar) return
    const root = document.documentElement
    // From its top edge to the bottom of the view (its offset from the edge included); 0 where it is part of the page.
    const measure = () => {
      const covers = overlays(bar) ? Math.max(0, window.innerHeight - bar.getBoundingClientRect().top) : 0
      root.style.setProperty(variable, `${Math.ceil(covers)}px`)
    }
    // The observer's first report comes after the browser's own layout, so measuring there forces none.
    measures.add(measure)
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measureAll)
    if (observer) observer.observe(bar)
    else measureAll()
    window.addEventListener('resize', measure)
    const keepFocusClear = (event: FocusEvent) => {
      const focused = event.target
      if (!(focused instanceof HTMLElement) || bar.contains(focused)) return
      requestAnimationFrame(() => {
        if (overlays(bar)) scrollClearOfBar(focused, bar)
      })
    }
    document.addEventListener('focusin', keepFocusClear)
    return () => {
      observer?.disconnect()
      measures.delete(measure)
      document.removeEventListener('focusin', keepFocusClear)
      window.removeEventListener('resize', measure)
      root.style.removeProperty(variable)
      // The bar is gone: another one may have moved back down.
      measureAll()
    }
  }, [barRef, variable, shown])
}
