import { useEffect, useId, useRef, useState } from 'react'
import { useOnline } from '../lib/hooks'
import { canReach } from '../lib/reachable'
import { telHref, venue } from '../lib/venue'
import '../styles/sections.css'

/** How long the map may take before the visitor is offered the phone number and a directions link. */
export const MAP_TIMEOUT_MS = 8000

/**
 * 'Visit Us': the embedded map, loaded lazily. Offline, or when the map service does not answer or
 * the frame has not loaded within ~8 s, the frame gives way to a notice with the phone number and
 * a directions link.
 */
export function MapSection({ timeoutMs = MAP_TIMEOUT_MS }: { timeoutMs?: number }) {
  const online = useOnline()
  const [failed, setFailed] = useState(false)
  const loadedRef = useRef(false)
  const frameBoxRef = useRef<HTMLDivElement>(null)
  const id = useId()

  useEffect(() => {
    if (!online) return
    setFailed(false)
    loadedRef.current = false
    let cancelled = false
    let timer: ReturnType<typeof setTimeout> | undefined
    let observer: IntersectionObserver | undefined
    const start = () => {
      // The clock starts when the (lazy) frame is near the screen and actually begins to load.
      timer = setTimeout(() => {
        if (!cancelled && !loadedRef.current) setFailed(true)
      }, timeoutMs)
      void canReach(venue.mapEmbedUrl, timeoutMs).then((ok) => {
        if (!cancelled && !ok) setFailed(true)
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
      observer?.disconnect()
      if (timer) clearTimeout(timer)
    }
  }, [online, timeoutMs])

  const unavailable = !online || failed
  const address = [venue.address.street, venue.address.locality, venue.address.region, venue.address.postcode].join(', ')
  return (
    <section className="map-section" aria-labelledby={`${id}-heading`}>
      <div className="map-section__text">
        <h2 id={`${id}-heading`}>Visit Us</h2>
        <p>Find directions below:</p>
        <address className="map-section__address">{address}</address>
      </div>
      <div ref={frameBoxRef} className="map-section__frame">
        {unavailable ? (
          <div className="map-section__fallback" role="status">
            <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true">
              <path d="M12 2a7 7 0 0 0-7 7c0 5 7 13 7 13s7-8 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z" fill="currentColor" />
            </svg>
            <p>
              The map needs a connection. Call us on <a href={telHref}>{venue.phone}</a> or{' '}
              <a href={venue.mapLinkUrl} target="_blank" rel="noopener noreferrer">
                open directions<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </p>
          </div>
        ) : (
          <iframe
            src={venue.mapEmbedUrl}
            title={`Map showing ${venue.hotelName}`}
            loading="lazy"
            width={1200}
            height={450}
            referrerPolicy="no-referrer-when-downgrade"
            onLoad={() => {
              loadedRef.current = true
            }}
          />
        )}
      </div>
    </section>
  )
}
