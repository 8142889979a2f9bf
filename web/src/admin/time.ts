/** Venue wall-clock helpers for staff forms. */
import { formatShortDateTime, venueDateTimeOf, venueParts } from '../../../api/src/shared/rules/venue-time'
import { isSkippedVenueTime, parseVenueDateTime } from '../../../api/src/shared/time'

/** A stored instant as a datetime-local value in venue time ('YYYY-MM-DDTHH:MM'); '' when unusable. */
export function toVenueInput(iso: string | null | undefined): string {
  if (!iso) return ''
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  return venueDateTimeOf(venueParts(date))
}

/** When a message arrived, in venue time, e.g. 'Sat 5 Dec 2026, 7:30 pm'. */
export function formatReceived(iso: string | null | undefined): string {
  if (!iso) return 'Date not available'
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return 'Invalid Date'
  return formatShortDateTime(date)
}

/** What a datetime-local input holds once filled in. */
const VENUE_INPUT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/

/**
 * A datetime-local value in venue time ('YYYY-MM-DDTHH:MM') as an ISO instant, read by the same rule
 * as the server's; null when unusable or in the hour the clocks skip.
 */
export const fromVenueInput = (local: string): string | null => (VENUE_INPUT.test(local) ? parseVenueDateTime(local) : null)

/** True when a filled-in start is a time the venue's clock never shows (the night the clocks go forward). */
export const isSkippedStart = (local: string): boolean => VENUE_INPUT.test(local) && isSkippedVenueTime(local)
