import { SKIPPED_HOUR_MESSAGE, START_UNREADABLE_MESSAGE, utcOfWallClock, venueDateOf, venueParts } from './rules/venue-time'

export const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/
export const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/

/** Today's date at the venue as YYYY-MM-DD. */
export function venueDate(now = new Date()): string {
  return venueDateOf(venueParts(now))
}

/** True when a YYYY-MM-DD string names a real calendar day. */
export function isRealDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false
  const d = new Date(`${value}T00:00:00Z`)
  return d.toISOString().slice(0, 10) === value
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/

/** A zone-less wall-clock value as the venue's instant; `skipped` when the clocks jump over it (null: not a real date and time). */
function readLocal(value: string): { instant: number; skipped: boolean } | null {
  const local = LOCAL_DATE_TIME.exec(value)
  if (!local) return null
  const [y, mo, d, h, mi, s] = local.slice(1).map((v) => Number(v ?? 0)) as [number, number, number, number, number, number]
  if (!isRealDate(`${local[1]}-${local[2]}-${local[3]}`) || h > 23 || mi > 59 || s > 59) return null
  const asUtc = utcOfWallClock(y, mo, d, h, mi, s)
  const shownAt = (instant: number) => {
    const p = venueParts(new Date(instant))
    return utcOfWallClock(p.year, p.month, p.day, p.hour, p.minute, p.second)
  }
  // The zone offset at that wall-clock time; applying it twice settles the DST edges.
  let instant = asUtc
  for (let i = 0; i < 2; i++) instant += asUtc - shownAt(instant)
  return { instant, skipped: shownAt(instant) !== asUtc }
}

/** True for a wall-clock time the venue's clock never shows: 01:00–01:59 on the night the clocks go forward. */
function isSkippedVenueTime(value: string): boolean {
  return readLocal(value.trim())?.skipped === true
}

/**
 * Reads an event start. A wall-clock value without a zone ("2026-12-05T19:30", as a
 * datetime-local input sends) is the venue's local time; a value with Z or an offset is an instant.
 * Returns the UTC instant as ISO 8601, or null when it is not a real date and time — including the
 * hour the clocks skip, which used to be moved an hour on without a word (staff typed 1:30 am, the
 * site said 2:30 am). In the hour that happens twice in October, the later (GMT) one is meant.
 */
export function parseVenueDateTime(value: string): string | null {
  const trimmed = value.trim()
  if (LOCAL_DATE_TIME.test(trimmed)) {
    const local = readLocal(trimmed)
    return local && !local.skipped ? plainIso(new Date(local.instant)) : null
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(trimmed)) return null
  const parsed = new Date(trimmed)
  return Number.isNaN(parsed.getTime()) ? null : plainIso(parsed)
}

/**
 * What is wrong with an event start for staff to read (null: nothing). The API refuses with it and
 * the staff forms refuse with it before sending, so what is kept on a device offline is what the
 * server will take.
 */
export function venueStartProblem(value: string): string | null {
  if (parseVenueDateTime(value)) return null
  return isSkippedVenueTime(value) ? SKIPPED_HOUR_MESSAGE : START_UNREADABLE_MESSAGE
}

/**
 * The instant's ISO text when its year has four digits, else null: starts are stored and compared as
 * text, and '+010000-…' or '-000001-…' would sort before '2026-…' (a far-future event would vanish from
 * the upcoming list and head the staff list).
 */
function plainIso(instant: Date): string | null {
  const iso = instant.toISOString()
  return /^\d{4}-/.test(iso) ? iso : null
}

/** The UTC instant at which the venue's given local date begins. */
export function startOfVenueDay(date: string): string {
  return parseVenueDateTime(`${date}T00:00`)!
}
