/**
 * Words for a press held before the app has started (appOnDemand.ts): on a weak signal the app's code
 * may take long or never come, and a held Send with nothing on screen cannot be told from a lost one.
 * The notice is drawn by the entry, outside #root (React hydrates #root and must find it as served),
 * fixed at the foot of the view like the cookie notice; its height goes into --held-notice-height,
 * which the body's bottom padding (room to scroll the last links clear) and scroll-padding-bottom read,
 * and the control the keyboard is on is scrolled clear of it, as focus moves too.
 */
import { scrollClearOfBar } from './scrollClearOfBar'

/** A press answered within this long needs no words: most apps start well inside it. */
export const HELD_NOTICE_DELAY_MS = 1500

export const HELD_WAITING = {
  form: 'Not sent yet: this page is still loading. It is sent as soon as the page has loaded, and what you typed stays here.',
  button: 'This page is still loading: what you pressed happens as soon as it has loaded.',
}
export const HELD_FAILED = {
  form: 'Not sent: this page could not finish loading (the signal may have dropped). What you typed is still here: press Send again to try again.',
  button: 'This page could not finish loading (the signal may have dropped): press again to try again.',
}

/** Offline, pressing again cannot help until the signal is back. */
export const HELD_FAILED_OFFLINE = {
  form: 'Not sent: you are offline, and this page had not finished loading. What you typed is still here: press Send again once you have a signal.',
  button: 'You are offline, and this page had not finished loading: press again once you have a signal.',
}

export type HeldKind = keyof typeof HELD_WAITING

const NOTICE_CLASS = 'held-press-notice'
const HEIGHT_VARIABLE = '--held-notice-height'

function noticeElement(doc: Document): HTMLElement {
  const existing = doc.querySelector<HTMLElement>(`body > .${NOTICE_CLASS}`)
  if (existing) return existing
  const notice = doc.createElement('p')
  notice.className = NOTICE_CLASS
  notice.setAttribute('role', 'status')
  notice.hidden = true
  doc.body.append(notice)
  return notice
}

/** Scrolls what the keyboard is on up clear of the notice (the browser leaves one partly in view where it is). */
function keepFocusClear(doc: Document, notice: HTMLElement): void {
  const focused = doc.activeElement
  if (!notice.hidden && focused instanceof HTMLElement && focused !== doc.body) scrollClearOfBar(focused, notice, doc)
}

const focusWatchers = new WeakMap<Document, () => void>()

/** Shows the words, keeping what the keyboard is on clear of them, now and as focus moves. */
export function sayAboutHeldPress(words: string, doc: Document = document): void {
  const notice = noticeElement(doc)
  notice.textContent = words
  notice.hidden = false
  const view = doc.defaultView
  if (!view) return
  if (!focusWatchers.has(doc)) {
    const watch = () => view.requestAnimationFrame(() => keepFocusClear(doc, notice))
    focusWatchers.set(doc, watch)
    doc.addEventListener('focusin', watch)
  }
  view.requestAnimationFrame(() => {
    if (notice.hidden) return
    // Room below the page's last links (cookie-notice.css) and clear of the browser's own scrolling to focus (global.css).
    doc.documentElement.style.setProperty(HEIGHT_VARIABLE, `${Math.ceil(Math.max(0, view.innerHeight - notice.getBoundingClientRect().top))}px`)
    keepFocusClear(doc, notice)
  })
}

/** The app has the presses (it says what happens now), or there is nothing held to speak of. */
export function clearHeldPressNotice(doc: Document = document): void {
  const notice = doc.querySelector<HTMLElement>(`body > .${NOTICE_CLASS}`)
  if (!notice) return
  notice.hidden = true
  notice.textContent = ''
  doc.documentElement.style.removeProperty(HEIGHT_VARIABLE)
  const watch = focusWatchers.get(doc)
  if (watch) doc.removeEventListener('focusin', watch)
  focusWatchers.delete(doc)
}
