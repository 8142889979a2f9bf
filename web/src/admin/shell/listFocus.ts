/**
 * Where keyboard focus goes after an action on a staff list (Delete, Remove, Disable, Make owner,
 * Mark handled, Clear filters). The button pressed may be disabled while the change is sent, rebuilt
 * with its row, or gone with it; left alone, focus would fall to <body> and a keyboard or screen
 * reader user would start again from the top of the page. So, as the list changes:
 * - the button is still there and usable again (the change was refused, or it only changed its
 *   words, "Mark handled" → "Mark not handled"): focus goes back to it;
 * - its row is gone, or is marked deleted (`is-deleted`, a deletion waiting on the device): focus
 *   goes to the same control of the next row, else the previous one, else the list's heading;
 * - the button was no row's (Clear filters) and is gone: the heading.
 * Focus put anywhere else meanwhile (by staff, or by a screen) is left where it is.
 */

/** What Tab can reach in a staff screen (the edit dialog keeps Tab inside it by the same list). */
export const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'
/** Long enough for a slow reload after the change; the watch ends sooner once focus has a place. */
const WATCH_MS = 60_000

interface Place {
  trigger: HTMLElement
  row: HTMLElement | null
  /** The list's element and how to find it again when it was rebuilt. */
  list: HTMLElement | null
  listSelector: string | null
  index: number
  /** Which of its row's controls the trigger was. */
  control: number
  section: HTMLElement | null
}

const usable = (element: HTMLElement) => element.isConnected && !(element as HTMLButtonElement).disabled
const controlsOf = (row: Element) => [...row.querySelectorAll<HTMLElement>(FOCUSABLE)]
const isGone = (row: HTMLElement) => !row.isConnected || row.classList.contains('is-deleted')

function placeOf(trigger: HTMLElement): Place {
  const row = trigger.closest<HTMLElement>('li, tr')
  const list = row?.parentElement ?? null
  const listSelector = list ? [list.tagName.toLowerCase(), ...[...list.classList].map((name) => `.${CSS.escape(name)}`)].join('') : null
  return {
    trigger,
    row,
    list,
    listSelector,
    index: row && list ? [...list.children].indexOf(row) : -1,
    control: row ? controlsOf(row).indexOf(trigger) : -1,
    section: trigger.closest<HTMLElement>('section, [role="region"], main'),
  }
}

function headingOf(place: Place): HTMLElement | null {
  const section = place.section?.isConnected ? place.section : null
  const labelledBy = section?.getAttribute('aria-labelledby')
  const heading =
    (labelledBy ? document.getElementById(labelledBy) : null) ??
    section?.querySelector<HTMLElement>('h1, h2, h3') ??
    document.querySelector<HTMLElement>('main h1')
  if (heading && !heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
  return heading
}

/** The next row still standing (else the previous), in the list as it is now. */
function neighbourOf(place: Place): HTMLElement | null {
  const list = place.list?.isConnected ? place.list : place.listSelector ? (place.section?.querySelector<HTMLElement>(place.listSelector) ?? null) : null
  if (!list) return null
  const rows = [...list.children].filter((row): row is HTMLElement => row instanceof HTMLElement && row !== place.row && !isGone(row))
  const all = [...list.children]
  const after = rows.find((row) => all.indexOf(row) >= place.index)
  return after ?? rows.at(-1) ?? null
}

function landingOf(place: Place): HTMLElement | null {
  if (usable(place.trigger) && !(place.row && isGone(place.row))) return place.trigger
  if (place.trigger.isConnected && !place.row?.classList.contains('is-deleted')) return null // busy: wait
  const row = place.row ? neighbourOf(place) : null
  if (row) {
    const controls = controlsOf(row)
    return controls[place.control] ?? controls[0] ?? null
  }
  return headingOf(place)
}

/** Call with the button pressed, as it is pressed: focus then follows the list as described above. */
export function keepFocusInList(trigger: HTMLElement): void {
  const place = placeOf(trigger)
  // Where focus was put last: a list read again may rebuild that row too, and focus is put back in its place.
  let landed: HTMLElement = trigger
  const ours = (element: Element | null) => element === null || element === document.body || element === trigger || element === landed
  let observer: MutationObserver | null = null
  const stop = () => {
    observer?.disconnect()
    observer = null
  }
  const check = () => {
    const active = document.activeElement
    // Focus put elsewhere, or the list's screen left: no longer ours to place.
    if (!ours(active) || (place.section && !place.section.isConnected)) return stop()
    if (active === landed && landed.isConnected && (landed !== trigger || usable(trigger))) return
    const landing = landingOf(place)
    if (!landing) return
    landed = landing
    landing.focus()
  }
  observer = new MutationObserver(check)
  observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled', 'class'] })
  setTimeout(stop, WATCH_MS)
}

/** A click handler that keeps focus in the list (keepFocusInList) as the button is pressed, then does `action`. */
export const focusFollowsList =
  (action: () => unknown) =>
  (event: { currentTarget: HTMLElement }): void => {
    keepFocusInList(event.currentTarget)
    void action()
  }
