import { useEffect, useState, type RefObject } from 'react'
import { eventSharePath, sharedEventId } from '../../../../api/src/shared/page-meta'

/**
 * "Share" on an event card: the phone's share sheet where there is one, else the event's share
 * address (/events?event=<id>, whose preview the server fills with this event) copied, else shown to
 * copy. A button, as it acts rather than navigates: a link would promise to go somewhere.
 */
export function ShareEventButton({ id, title, description }: { id: number; title: string; description: string }) {
  const [note, setNote] = useState('')
  const path = eventSharePath(id)
  const share = async () => {
    const url = new URL(path, window.location.origin).href
    if (typeof navigator.share === 'function') {
      // Closing the share sheet rejects: nothing to say then.
      await navigator.share({ title, text: description, url }).catch(() => undefined)
      return
    }
    try {
      await navigator.clipboard.writeText(url)
      setNote('Link copied')
    } catch {
      setNote(`Copy this link: ${url}`)
    }
  }
  return (
    <>
      {/* Named whole: a hidden span after the visible word left a space before its colon ("Share : …"). */}
      <button type="button" className="button button--ghost button--small event-card__share" aria-label={`Share: ${title}`} onClick={() => void share()}>
        Share
      </button>
      <span className="event-card__share-note" role="status">
        {note}
      </span>
    </>
  )
}

/**
 * Whether the page was opened at this event's share address; the card is then scrolled into view
 * and focused (it takes tabIndex -1 while shared), so the next Tab goes on inside it as after a #link,
 * instead of jumping back to the top of the page. Read after mounting, so the server's markup and
 * the first render in the browser are the same.
 */
export function useSharedEvent(id: number | undefined, card: RefObject<HTMLElement | null>): boolean {
  const [shared, setShared] = useState(false)
  useEffect(() => {
    if (id === undefined || sharedEventId(new URLSearchParams(window.location.search)) !== id) return
    setShared(true)
    card.current?.scrollIntoView({ block: 'center' })
  }, [id, card])
  useEffect(() => {
    if (shared) card.current?.focus({ preventScroll: true })
  }, [shared, card])
  return shared
}
