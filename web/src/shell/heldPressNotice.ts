/**
 * Words for a press held before the app has started (appOnDemand.ts): on a weak signal the app's code
 * may take long or never come, and a held Send with nothing on screen cannot be told from a lost one.
 * The notice is drawn by the entry, outside #root (React hydrates #root and must find it as served),
 * fixed at the foot of the view like the cookie notice; its height goes into --held-notice-height,
 * which scroll-padding-bottom reads (global.css), and the control the keyboard is on is scrolled clear.
 */

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

/** Shows the words, keeping what the keyboard is on clear of them. */
export function sayAboutHeldPress(words: string, doc: Document = document): void {
  const notice = noticeElement(doc)
  notice.textContent = words
  notice.hidden = false
  const root = doc.documentElement
  const view = doc.defaultView
  if (!view) return
  view.requestAnimationFrame(() => {
    if (notice.hidden) return
    const top = notice.getBoundingClientRect().top
    root.style.setProperty(HEIGHT_VARIABLE, `${Math.ceil(Math.max(0, view.innerHeight - top))}px`)
    const focused = doc.activeElement
    if (!(focused instanceof HTMLElement) || focused === doc.body) return
    const under = focused.getBoundingClientRect().bottom + 12 - top
    if (under > 0) view.scrollBy(0, under)
  })
}

/** The app has the presses (it says what happens now), or there is nothing held to speak of. */
export function clearHeldPressNotice(doc: Document = document): void {
  const notice = doc.querySelector<HTMLElement>(`body > .${NOTICE_CLASS}`)
  if (!notice) return
  notice.hidden = true
  notice.textContent = ''
  doc.documentElement.style.removeProperty(HEIGHT_VARIABLE)
}
