import type { ReactNode } from 'react'
import { telHref } from '../lib/venue'
import { useVenue } from '../shell/venue'
import { formatSavedAt } from '../../../api/src/shared/rules/venue-time'
import './pages.css'

/**
 * What shows instead of something that needs the network (booking widget, menu file): a plain
 * sentence and the venue's phone number as a tap-to-call link. Never an empty frame.
 */
export function OfflineNotice({ lead, action, children }: { lead: string; action?: string; children?: ReactNode }) {
  const venue = useVenue()
  return (
    <div className="offline-notice">
      <svg className="offline-notice__icon" viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2c.3-.3.7-.4 1-.2 1.1.4 2.3.6 3.6.6.6 0 1 .4 1 1V20c0 .6-.4 1-1 1A17 17 0 0 1 3 4c0-.6.4-1 1-1h3.5c.6 0 1 .4 1 1 0 1.3.2 2.5.6 3.6.1.3 0 .7-.2 1l-2.3 2.2z"
        />
      </svg>
      <div>
        {/* Only the sentence is the live region: what follows it (a Try again button) is not announced with it. */}
        <p className="offline-notice__text" role="status">
          {lead} Call us on <a href={telHref(venue.phone)}>{venue.phone}</a>
          {action ? ` ${action}` : ''}.
        </p>
        {children}
      </div>
    </div>
  )
}

/** Says plainly that the page shows data saved on this device, and from when (DECISIONS.md). */
export function SavedCopyNotice({ what, savedAt }: { what: string; savedAt: number | null }) {
  return (
    <p className="saved-copy-notice" role="status">
      You appear to be offline: showing the {what} saved on this device
      {savedAt ? ` on ${formatSavedAt(savedAt)}` : ''}.
    </p>
  )
}
