import { useLayoutEffect, useRef, useState } from 'react'

/**
 * The page's main heading, or its main when it has none (a notice instead of the page). A link to a part of a
 * page made to take focus (an id and tabindex -1, as the staff's Pending changes panel from "See Pending
 * changes") lands on that part instead, as a browser's own move to #part would begin there.
 */
function pageHeading(): HTMLElement | null {
  const main = document.getElementById('main')
  const part = location.hash.length > 1 ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null
  if (part && main?.contains(part) && part.getAttribute('tabindex') === '-1') return part
  return main?.querySelector<HTMLElement>('h1') ?? main
}

/**
 * Moves focus to the page's main heading (made focusable by script only, tabindex -1) without
 * scrolling, or with `fromTop` to its main when a control comes before that heading: where the page is placed is scrollRestoration's decision. Returns false while there is
 * no page to focus yet, and while focus cannot land: as a page's chunk downloads, React keeps the old
 * page in the document, hidden, ahead of the loading placeholder, and focusing its heading does nothing.
 */
export function focusPage({ fromTop = false } = {}): boolean {
  const main = document.getElementById('main')
  const heading = pageHeading()
  // From the top (the cookie notice gone): a link above the heading (a menu's "Back to …") stays the next Tab stop.
  const target = fromTop && main && heading && focusableBefore(main, heading) ? main : heading
  // The old page, hidden (display: none) while the new one downloads, still comes first: its heading,
  // already focused after Back, read as focused after focus() and the new page never got focus.
  if (!main || !target || main.getAttribute('aria-busy') === 'true' || main.style.display === 'none') return false
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1')
  target.focus({ preventScroll: true })
  return document.activeElement === target
}

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])'

function focusableBefore(main: HTMLElement, heading: HTMLElement): boolean {
  return [...main.querySelectorAll(FOCUSABLE)].some((element) => element.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING)
}

/**
 * Focuses the page's heading once the page is shown, then calls `landed`; returns a way to stop waiting.
 * A page in its own chunk renders after it downloads: wait for it, a frame at a time, however long that
 * takes (a deadline of 8 s left a page that came at 10 s unfocused, announced over an empty
 * placeholder). Unless the visitor moves focus themselves meanwhile: that is theirs to keep. Focus on
 * <body> is no such move: it is where the browser puts it when the old page is hidden.
 */
export function focusPageOnceShown(landed: () => void): () => void {
  const before = document.activeElement
  let frame = 0
  const land = () => {
    frame = 0
    const active = document.activeElement
    const movedByVisitor = active !== before && active !== document.body && active !== null
    if (!movedByVisitor && !focusPage()) {
      awaitingArrival = true
      frame = requestAnimationFrame(land)
      return
    }
    awaitingArrival = false
    landed()
  }
  land()
  return () => {
    awaitingArrival = false
    if (frame) cancelAnimationFrame(frame)
  }
}

/** An in-app move is waiting for its page to show (focusPageOnceShown polls a frame at a time). */
let awaitingArrival = false

/**
 * For a screen, as it is laid out (useLayoutEffect): when an in-app move waits for it and focus has
 * fallen to <body> (the control that led here went with the old page), its heading takes focus now,
 * before the browser paints, rather than at the next frame.
 */
export function focusArrivingPage(): void {
  if (awaitingArrival && (document.activeElement === document.body || document.activeElement === null)) focusPage()
}

/**
 * Call once, in the component that holds every page, with the current path and its page's title
 * (shell/publicRoutes.ts, pageTitle). Keeps the document title the page's own and, after an in-app move to another path (a link, Back, Forward), puts
 * focus on the new page's heading and returns the text to announce (the new title) for a polite live
 * region, as a full page load would have told a screen-reader user. The first page of a visit is left
 * alone: the browser has focused and announced it.
 */
export function usePageArrival(path: string, title: string): string {
  const [announcement, setAnnouncement] = useState('')
  const shown = useRef<string | null>(null)

  // Before the browser paints the new page: focus goes from the control that led here straight to the
  // new heading, not to <body> for a frame (a page still downloading is waited for, a frame at a time).
  useLayoutEffect(() => {
    document.title = title
    const first = shown.current === null
    const changed = shown.current !== path
    shown.current = path
    if (first || !changed) return
    return focusPageOnceShown(() => setAnnouncement(title))
  }, [path, title])

  return announcement
}
