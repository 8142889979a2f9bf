import { useEffect, useRef, useState } from 'react'
import { useOnline } from '../../lib/hooks'
import { canReachQuietly, embedState, reachesOwnServer } from '../../lib/reachable'
import { useVenue } from '../../shell/venue'
import type { VenueInfo } from '../../api/types'
import { OfflineNotice } from '../../ui/OfflineNotice'
import './stay.css'

/** How long the booking script may take before the phone number is offered instead. */
export const BOOKING_SCRIPT_TIMEOUT_MS = 10_000
/** SPEC.md §9: the widget frame on desktop is 100% wide and 2000px high; phones get a shorter frame. */
export const DESKTOP_FRAME_HEIGHT = '2000px'
export const PHONE_FRAME_HEIGHT = '1500px'
const DESKTOP_MIN_WIDTH = 768
export const BOOKING_OFFLINE = 'Online booking needs a connection.'
export const BOOKING_UNAVAILABLE = 'The booking service is not available right now.'

/** What the last attempt found; 'offline' when the device said so (the live state may not know yet, while hydrating). */
type State = 'checking' | 'ready' | 'unavailable' | 'offline'

/** Sizes every frame the third-party script put in the container to the current window. */
export function sizeBookingFrames(container: HTMLElement, windowWidth: number): void {
  const height = windowWidth >= DESKTOP_MIN_WIDTH ? DESKTOP_FRAME_HEIGHT : PHONE_FRAME_HEIGHT
  for (const frame of container.querySelectorAll('iframe')) {
    frame.style.width = '100%'
    frame.style.height = height
    frame.style.border = '0'
  }
}

/** Every script the booking provider added (ours and any it loaded itself). */
function bookingScripts({ scriptUrl, origin }: VenueInfo['booking']): HTMLScriptElement[] {
  return [...document.querySelectorAll('script[src]')].filter((node): node is HTMLScriptElement => {
    const src = (node as HTMLScriptElement).src
    return src === scriptUrl || node.getAttribute('src') === scriptUrl || (origin !== '' && src.startsWith(origin))
  })
}

/**
 * The visitor gets the phone number instead of the widget: said once, as a warning. It is a case the
 * page expects and answers, not a fault of the page, so it is no console error; `data-state` on the
 * widget tells the same.
 */
function reportNotShown(reason: string, scriptUrl: string): void {
  console.warn(`The booking widget is not shown (${reason}), the phone number is offered instead: ${scriptUrl || 'no script configured'}`)
}

/**
 * The third-party room booking widget. Its script is added when the page is entered and removed when
 * it is left, but only once its address answered (asked from a worker, canReachQuietly): a provider
 * that cannot be reached is never requested by the page, so the browser logs no failed load for it.
 * If the provider does not answer, the script still fails, or nothing comes within 10 s, the visitor
 * is given the phone number instead: never an empty frame. The notice says why: no connection, or the
 * booking service not answering.
 */
export function BookingWidget() {
  const online = useOnline()
  const [checked, setChecked] = useState<State>('checking')
  const [attempt, setAttempt] = useState(0)
  const containerRef = useRef<HTMLDivElement>(null)
  const venue = useVenue()
  const { booking } = venue

  // biome-ignore lint/correctness/useExhaustiveDependencies: the attempt is the trigger: Try again loads the widget anew (and the owner's new booking service)
  useEffect(() => {
    const { scriptUrl, widgetId } = booking
    const container = containerRef.current
    let active = true
    let settled = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const fail = (reason: string, found: 'unavailable' | 'offline' = 'unavailable') => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      reportNotShown(reason, scriptUrl)
      if (found === 'offline') return setChecked('offline')
      // Say what is true: is it the connection, or the booking service?
      void reachesOwnServer().then((reached) => {
        if (active) setChecked(reached ? 'unavailable' : 'offline')
      })
    }
    const addScript = () => {
      const script = document.createElement('script')
      script.src = scriptUrl
      script.async = true
      script.dataset.bookingWidget = widgetId
      script.addEventListener('load', () => {
        // A slow script that arrives after the timeout still wins: the widget replaces the notice.
        settled = true
        clearTimeout(timer)
        if (active) setChecked('ready')
      })
      script.addEventListener('error', () => fail('the script failed to load'))
      document.body.append(script)
    }
    setChecked('checking')
    if (!scriptUrl) {
      fail('no booking script is configured')
      return
    }
    if (navigator.onLine === false) {
      fail('the device is offline', 'offline')
      return
    }
    timer = setTimeout(() => fail(`no response within ${BOOKING_SCRIPT_TIMEOUT_MS / 1000} s`), BOOKING_SCRIPT_TIMEOUT_MS)
    void canReachQuietly(scriptUrl, BOOKING_SCRIPT_TIMEOUT_MS, 'HEAD').then((reached) => {
      if (!active) return
      // A late answer after the timeout still adds the script, as a late script still wins.
      if (reached) addScript()
      else fail('the booking service did not answer')
    })
    return () => {
      active = false
      settled = true
      clearTimeout(timer)
      for (const node of bookingScripts(booking)) node.remove()
      container?.replaceChildren()
    }
  }, [attempt, booking.scriptUrl, booking.widgetId, booking.origin])

  const state = checked === 'ready' ? 'ready' : embedState(online, checked)

  // Back online after a failure: try again.
  useEffect(() => {
    if (checked !== 'unavailable' && checked !== 'offline') return
    const retry = () => setAttempt((n) => n + 1)
    window.addEventListener('online', retry)
    return () => window.removeEventListener('online', retry)
  }, [checked])

  // Keep the widget's frame at full width and the right height, now, when it appears, and on resize.
  useEffect(() => {
    const container = containerRef.current
    if (state !== 'ready' || !container) return
    const size = () => sizeBookingFrames(container, window.innerWidth)
    size()
    const observer = typeof MutationObserver === 'undefined' ? null : new MutationObserver(size)
    observer?.observe(container, { childList: true, subtree: true })
    window.addEventListener('resize', size)
    return () => {
      observer?.disconnect()
      window.removeEventListener('resize', size)
    }
  }, [state])

  return (
    <div className="booking-widget" data-state={state}>
      {state === 'offline' || state === 'unavailable' ? (
        <OfflineNotice lead={state === 'offline' ? BOOKING_OFFLINE : BOOKING_UNAVAILABLE} action="to book a room">
          <p className="offline-notice__more">
            Or email <a href={`mailto:${venue.email}`}>{venue.email}</a> and we will get back to you.
          </p>
        </OfflineNotice>
      ) : state === 'checking' ? (
        <p className="booking-widget__loading" role="status">
          Loading the booking calendar…
        </p>
      ) : null}
      <div ref={containerRef} id="booking-widget" className="booking-widget__frame" data-widget-id={venue.booking.widgetId} hidden={state !== 'ready'} />
    </div>
  )
}
