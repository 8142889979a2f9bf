import { useEffect, useId, useRef, useState } from 'react'
import { useOnline } from '../../lib/hooks'
import { canReach, embedState, reachesOwnServer, type EmbedState } from '../../lib/reachable'
import { telHref } from '../../lib/venue'
import { useVenue } from '../../shell/venue'
import './sections.css'

/** How long the map may take before the visitor is offered the phone number and a directions link. */
export const MAP_TIMEOUT_MS = 8000
export const MAP_OFFLINE = 'The map needs a connection.'
export const MAP_UNAVAILABLE = 'The map service is not available right now.'

/**
 * 'Visit Us': the embedded map, loaded lazily. It shows once the frame has loaded and the map service
 * answered (a frame's load event alone also fires for the browser's error page). Offline, or when the
 * service does not answer or the frame has not loaded within ~8 s, the frame gives way to a notice
 * with the phone number and a directions link. `data-state` on the frame box says which it is.
 */
export function MapSection({ timeoutMs = MAP_TIMEOUT_MS }: { timeoutMs?: number }) {
  const venue = useVenue()
  const online = useOnline()
  // The frame is added by the browser only, once its box is near the screen: a pre-rendered frame could
  // load before hydration and its load event be missed, and even a lazy frame costs the page a document
  // of its own (a 20–40 ms task on a slow phone) while it starts.
  const [near, setNear] = useState(false)
  const [checked, setChecked] = useState<EmbedState>('checking')
  const frameBoxRef = useRef<HTMLDivElement>(null)
  /** Set by the frame's load event; the check below waits for it. */
  const frameLoadedRef = useRef<(() => void) | null>(null)
  const id = useId()

  useEffect(() => {
    if (!online) return
    setChecked('checking')
    let cancelled = false
    let timer: ReturnType<typeof setTimeout> | undefined
    let observer: IntersectionObserver | undefined
    const loaded = new Promise<void>((resolve) => {
      frameLoadedRef.current = resolve
    })
    const start = () => {
      setNear(true)
      // The clock starts when the (lazy) frame is near the screen and actually begins to load.
      const timedOut = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs)
      })
      const answered = canReach(venue.mapEmbedUrl, timeoutMs).then((ok) => (ok ? loaded.then(() => true) : false))
      void Promise.race([answered, timedOut])
        .then(async (ok) => (ok ? 'ready' : (await reachesOwnServer()) ? 'unavailable' : 'offline'))
        .then((found) => {
          if (!cancelled) setChecked(found)
        })
    }
    const box = frameBoxRef.current
    if (box && typeof IntersectionObserver !== 'undefined') {
      observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) {
            observer?.disconnect()
            start()
          }
        },
        { rootMargin: '400px 0px' },
      )
      observer.observe(box)
    } else start()
    return () => {
      cancelled = true
      frameLoadedRef.current = null
      observer?.disconnect()
      if (timer) clearTimeout(timer)
    }
  }, [online, timeoutMs, venue.mapEmbedUrl])

  const state = embedState(online, checked)
  const address = [venue.address.street, venue.address.locality, venue.address.region, venue.address.postcode].join(', ')
  return (
    <section className="map-section" aria-labelledby={`${id}-heading`}>
      <div className="map-section__text">
        <h2 id={`${id}-heading`}>Visit Us</h2>
        <p>Find directions below:</p>
        <address className="map-section__address">{address}</address>
      </div>
      <div ref={frameBoxRef} className="map-section__frame" data-state={state}>
        {state === 'offline' || state === 'unavailable' ? (
          <div className="map-section__fallback" role="status">
            <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true">
              <path d="M12 2a7 7 0 0 0-7 7c0 5 7 13 7 13s7-8 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z" fill="currentColor" />
            </svg>
            <p>
              {state === 'offline' ? MAP_OFFLINE : MAP_UNAVAILABLE} Call us on <a href={telHref(venue.phone)}>{venue.phone}</a> or{' '}
              <a href={venue.mapLinkUrl} target="_blank" rel="noopener noreferrer">
                open directions<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </p>
          </div>
        ) : near ? (
          <iframe
            src={venue.mapEmbedUrl}
            title={`Map showing ${venue.hotelName}`}
            loading="lazy"
            width={1200}
            height={450}
            referrerPolicy="no-referrer-when-downgrade"
            onLoad={() => frameLoadedRef.current?.()}
          />
        ) : null}
      </div>
    </section>
  )
}
