import { useEffect, useState } from 'react'
import type { Notice } from '../../api/types'
import { currentNotices, nextNoticeChange } from '../../../../api/src/shared/rules/notices'
import { formatSavedAt } from '../../../../api/src/shared/rules/venue-time'
import { venueName } from '../../../../api/src/shared/rules/venues'
import { useVenue } from '../../shell/venue'
import { pageRenderedAt, useResource, type Resource } from '../../stores'
import { useNotices } from './store'

/** A timer waits at most a day (setTimeout's own limit is 24.8 days): a later change is waited for in steps. */
const LONGEST_WAIT_MS = 864e5

/**
 * The moment the notices are shown for, moving to each notice's start and end as it comes. Its first
 * value is the time the server rendered the page (so hydration finds the server's markup), then the
 * device's clock from mount on.
 */
function useNoticeClock(notices: readonly Notice[] | null): Date | null {
  const [now, setNow] = useState<Date | null>(pageRenderedAt)
  useEffect(() => setNow(new Date()), [])
  useEffect(() => {
    const next = notices && now && nextNoticeChange(notices, now)
    if (!next) return
    const timer = setTimeout(() => setNow(new Date()), Math.min(LONGEST_WAIT_MS, next - Date.now()))
    return () => clearTimeout(timer)
  }, [notices, now])
  return now
}

/** Whether what is shown is a copy saved earlier rather than the server's reply now (as the offline banner decides). */
const showsSavedCopy = ({ savedAt, status, overdue }: Resource<Notice[]>) => savedAt !== null && (status === 'error' || (status === 'loading' && overdue))

/**
 * The venue's notices for visitors at the top of every public page ("The kitchen is closed today until
 * 6 pm"), each from its start until its end. It is in the server's HTML (the page is rendered again at
 * each start and end, see entry-server.tsx clockKey) and follows the clock while the page stays open.
 * Offline it shows the notices saved on the device, with the time they were saved.
 */
export function VisitorNotice() {
  const state = useResource(useNotices)
  const identity = useVenue()
  const now = useNoticeClock(state.data)
  if (!state.data || !now) return null
  const shown = currentNotices(state.data, now)
  if (shown.length === 0) return null
  return (
    <section className="visitor-notice" aria-labelledby="visitor-notice-title">
      <div className="container visitor-notice__inner">
        <h2 id="visitor-notice-title" className="visitor-notice__title">
          Notice
        </h2>
        <ul className="visitor-notice__list">
          {shown.map((notice) => (
            <li key={notice.id}>
              {notice.venue === 'both' ? null : <strong>{venueName(identity, notice.venue)}: </strong>}
              {notice.text}
              {notice.link ? (
                <>
                  {' '}
                  <a href={notice.link}>{notice.link_text}</a>
                </>
              ) : null}
            </li>
          ))}
        </ul>
        {showsSavedCopy(state) ? <p className="visitor-notice__saved">Saved on {formatSavedAt(state.savedAt!)}</p> : null}
      </div>
    </section>
  )
}
