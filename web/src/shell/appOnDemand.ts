/**
 * When the app (React, the router, the stores) starts on a pre-rendered page. The page is complete
 * HTML: it reads, scrolls and links (plain links, served by the service worker when offline) with no
 * script, and the phone menu works from public/menu-before-app.js. Evaluating React and hydrating the
 * page is the heaviest work a slow phone does, so it waits until the visitor first acts on the page (a
 * touch, a click, a key, focus) or until the page has been quiet for APP_START_QUIET_MS after loading:
 * never during the load itself.
 *
 * It starts at once where waiting would show less than the truth: the app shell (staff screens and
 * other paths arrive empty), a device that is offline (the banner says what the page shows), a page
 * showing a place only the app fills (`data-needs-app`: a wide screen's drawn menu), and
 * browser tests that are not about this (`window.startAppAtOnce`, set by web/e2e/harness.ts).
 *
 * A button pressed or a form sent before the app is there is held and given to the app once it has
 * the page, so the first tap is never lost: React hydrates the part of the page it lands on first.
 */
import { afterNextPaint } from '../lib/idle'
import { clearHeldPressNotice, HELD_FAILED, HELD_FAILED_OFFLINE, HELD_NOTICE_DELAY_MS, HELD_WAITING, sayAboutHeldPress, type HeldKind } from './heldPressNotice'

/** The quiet moment after `load` the app waits for when nobody acts on the page (a phone's idle time, as in Time to Interactive). */
export const APP_START_QUIET_MS = 5000

/**
 * What a visitor does that means they are about to use the page, not just read it: a key, focus, a
 * mouse or pen button; a tap counts once it is a click (a finger on the screen is often a scroll).
 */
const FIRST_ACTIONS = ['pointerdown', 'keydown', 'focusin', 'click'] as const
/** After the app's code failed to come, what tries again: a press (a held send starts it too). */
const RETRY_ACTIONS = ['click'] as const
const isReading = (event: Event) => event.type === 'pointerdown' && (event as PointerEvent).pointerType === 'touch'

/** Buttons answered by the app; links navigate without it, and the phone menu's button works before it. */
function heldButton(target: EventTarget | null): HTMLElement | null {
  if (!(target instanceof Element)) return null
  const button = target.closest<HTMLElement>('button, [role="button"]')
  if (!button || button.closest('.navbar__toggle') || button.closest('a[href]')) return null
  return button
}

interface Page {
  root: HTMLElement
  online: boolean
  atOnce: boolean
  /** Something on screen only the app can fill (marked `data-needs-app`, e.g. a wide screen's place for a drawn menu). */
  needsApp?: boolean
}

/** Whether the app should start without waiting for the visitor (see above). */
export function startsAtOnce({ root, online, atOnce, needsApp = false }: Page): boolean {
  return atOnce || !online || !root.hasChildNodes() || needsApp
}

/**
 * Calls `start` once: at once, or on the first action or quiet moment. Clicks on buttons and form
 * submissions made before `start` has resolved are held (the browser's own action prevented) and
 * repeated then: started at once, React still takes a moment (long on a slow phone) to answer the
 * served page's buttons, and a press in that moment would otherwise do nothing.
 */
export function startAppWhenWanted(start: () => Promise<void>, page: Page = currentPage()): void {
  // The app shell arrives empty: nothing served to press, and React draws the page's buttons itself.
  if (!page.root.hasChildNodes()) {
    start().catch((error: unknown) => console.error('The app could not start:', error))
    return
  }
  const presses = holdPressesUntilTheAppStarts()
  let started = false
  let quietTimer: ReturnType<typeof setTimeout> | undefined
  const launch = () =>
    start().then(presses.giveToTheApp, (error: unknown) => {
      console.error('The app could not start:', error)
      // Given to the served page instead, a held press would do what the app was to do (a form sent by
      // the browser itself, its words in the address). They are let go; presses stay held, and the
      // next action tries again (the signal may be back), the words still in the fields.
      presses.forget()
      started = false
      // A press, not each key typed or field entered: a keystroke each would fetch the code again and again.
      listen(RETRY_ACTIONS)
    })
  const begin = (event?: Event) => {
    if (started || (event && isReading(event))) return
    started = true
    clearTimeout(quietTimer)
    for (const action of FIRST_ACTIONS) window.removeEventListener(action, begin, true)
    // After the next paint: what the action did on the served page (the menu opening) is on screen
    // before the app's code is evaluated.
    void afterNextPaint().then(launch)
  }
  const listen = (actions: readonly string[] = FIRST_ACTIONS) => {
    for (const action of actions) window.addEventListener(action, begin, { capture: true, passive: true })
  }
  presses.onSubmit = begin
  if (startsAtOnce(page)) {
    started = true
    void launch()
    return
  }
  listen()
  const afterLoad = () => {
    quietTimer = setTimeout(() => (typeof requestIdleCallback === 'function' ? requestIdleCallback(() => begin()) : begin()), APP_START_QUIET_MS)
  }
  if (document.readyState === 'complete') afterLoad()
  else window.addEventListener('load', afterLoad, { once: true })
}

/** Holds button presses and sends from now until `giveToTheApp`, which repeats each once. */
function holdPressesUntilTheAppStarts(): { onSubmit: () => void; giveToTheApp: () => void; forget: () => void } {
  // One held action per control or form: pressed again while nothing seemed to happen, it is the same
  // wish (given all at once, two presses of Send would send the message twice).
  const held = new Map<Element, () => void>()
  // What is held is said in words if the app has not taken it soon (a weak signal), and if it fails to come.
  let waitingWords: ReturnType<typeof setTimeout> | undefined
  const heldKind = (): HeldKind => ([...held.keys()].some((key) => key instanceof HTMLFormElement) ? 'form' : 'button')
  const noteHeld = () => {
    if (waitingWords === undefined) waitingWords = setTimeout(() => held.size > 0 && sayAboutHeldPress(HELD_WAITING[heldKind()]), HELD_NOTICE_DELAY_MS)
  }
  const stopWords = () => {
    clearTimeout(waitingWords)
    waitingWords = undefined
  }
  const forget = () => {
    stopWords()
    if (held.size > 0) sayAboutHeldPress((navigator.onLine === false ? HELD_FAILED_OFFLINE : HELD_FAILED)[heldKind()])
    held.clear()
  }
  const presses = { onSubmit: () => {}, giveToTheApp, forget }
  const holdClick = (event: MouseEvent) => {
    const button = heldButton(event.target)
    if (!button) return
    event.preventDefault()
    event.stopPropagation()
    const form = button instanceof HTMLButtonElement && button.type === 'submit' ? button.form : null
    // Pressed again, it keeps its one press but moves last: the visitor's last choice is the one left standing.
    const key = form ?? button
    const replay = held.get(key) ?? (() => button.isConnected && button.click())
    held.delete(key)
    held.set(key, replay)
    noteHeld()
  }
  const holdSubmit = (event: SubmitEvent) => {
    const form = event.target
    if (!(form instanceof HTMLFormElement)) return
    event.preventDefault()
    event.stopPropagation()
    const submitter = sentBy(form, event.submitter)
    if (!held.has(form)) held.set(form, () => form.isConnected && form.requestSubmit(submitter))
    noteHeld()
    presses.onSubmit()
  }
  function giveToTheApp() {
    window.removeEventListener('click', holdClick, true)
    window.removeEventListener('submit', holdSubmit, true)
    const replays = [...held.values()]
    held.clear()
    stopWords()
    clearHeldPressNotice()
    // One that throws (a page script's odd event) takes none of the others with it.
    for (const replay of replays) {
      try {
        replay()
      } catch (error) {
        console.error('A press made before the app started could not be given to it:', error)
      }
    }
  }
  window.addEventListener('click', holdClick, true)
  window.addEventListener('submit', holdSubmit, true)
  return presses
}

/** The submit button a held send names, if it is one of this form's (requestSubmit refuses any other). */
function sentBy(form: HTMLFormElement, submitter: HTMLElement | null): HTMLButtonElement | HTMLInputElement | undefined {
  if (!(submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement)) return undefined
  return submitter.form === form && ['submit', 'image'].includes(submitter.type) ? submitter : undefined
}

function currentPage(): Page {
  return {
    root: document.getElementById('root')!,
    online: navigator.onLine !== false,
    atOnce: (window as { startAppAtOnce?: boolean }).startAppAtOnce === true,
    needsApp: [...document.querySelectorAll('[data-needs-app]')].some((element) => element.getClientRects().length > 0),
  }
}
