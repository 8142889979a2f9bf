/** Venue wall-clock helpers for staff forms. */
import { formatShortDateTime, utcOfWallClock, venueDateTimeOf, venueParts } from '../../../api/src/shared/rules/venue-time'

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

/** A datetime-local value in venue time ('YYYY-MM-DDTHH:MM') as an ISO instant; null when unusable or in the hour the clocks skip. */
export function fromVenueInput(local: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local)
  if (!match) return null
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number]
  const asUtc = utcOfWallClock(y, mo, d, h, mi)
  // The venue is on UTC (GMT) or UTC+1 (BST): the right offset is the one that reads back the same.
  for (const offsetMinutes of [0, 60]) {
    const instant = new Date(asUtc - offsetMinutes * 60_000).toISOString()
    if (toVenueInput(instant) === local) return instant
  }
  // No offset reads back: the clocks skip this time (the server refuses it too).
  return null
}

/** True when a filled-in start is a time the venue's clock never shows (the night the clocks go forward). */
export const isSkippedStart = (local: string): boolean => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local) && fromVenueInput(local) === null
