/** Venue wall-clock helpers for staff forms. */
import { formatShortDateTime, venueDateTimeOf, venueParts } from '../../../api/src/shared/rules/venue-time'
import { parseVenueDateTime, venueStartProblem } from '../../../api/src/shared/time'

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

/**
 * What the server would say is wrong with a filled-in start (the hour the clocks skip, a year past
 * 9999), for the forms to say before sending: offline, a start kept on the device would only be
 * refused once the signal came back. Null when fine or not filled in yet.
 */
export const startProblem = (local: string): string | null => (local ? venueStartProblem(local) : null)
