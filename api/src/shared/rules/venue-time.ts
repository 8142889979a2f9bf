// The venue's clock, imported by the API and the web app alike (no server imports).
//
// It is worked out here rather than with Intl.DateTimeFormat: a page's first Intl formatter loads the
// browser's locale data, 50–70 ms of one task on a desktop and four times that on a slow phone, right
// when the page becomes interactive. It also keeps the server (JavaScriptCore) and the browser (V8)
// writing the same text, so hydration never meets an engine's different comma.
// api/test/shared-rules.test.ts checks it against Intl through 2000–2040.

/** Opening times, holidays and event starts are all in this zone, whatever the visitor's device says. */
export const VENUE_TIME_ZONE = 'Europe/London'

const HOUR = 3_600_000
const DAY = 24 * HOUR

/**
 * Date.UTC for any year: Date.UTC itself reads years 0–99 as 1900–1999, so a start typed as
 * 0050-01-10 would be stored 1900 years late and its weekday taken from 1950. Month 1–12; days,
 * hours and minutes may overflow as in Date.UTC.
 */
export function utcOfWallClock(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  const date = new Date(0)
  date.setUTCFullYear(year, month - 1, day)
  return date.setUTCHours(hour, minute, second, 0)
}

/** 01:00 UTC on the last Sunday of a month (monthIndex 0–11): when Britain's clocks change. */
function lastSundayAtOneUtc(year: number, monthIndex: number): number {
  const lastDay = utcOfWallClock(year, monthIndex + 2, 0)
  return lastDay - new Date(lastDay).getUTCDay() * DAY + HOUR
}

/**
 * Staff's message for a start that is not a date and time at all, or one in a year a date input can
 * hold but the listings cannot (they sort starts as text: see plainIso in shared/time.ts).
 */
export const START_UNREADABLE_MESSAGE = 'The start date/time is not a real date and time in the years 0000 to 9999. Use the form 2026-12-05T19:30.'

/** Staff's message for a start in the hour the clocks skip (the event forms and the API say the same). */
export const SKIPPED_HOUR_MESSAGE =
  'That time does not happen in the UK: the clocks go forward from 1:00 am to 2:00 am that night. Choose a time before 1:00 am or from 2:00 am.'

/** Minutes the venue's clock is ahead of UTC: 60 in British Summer Time (last Sunday of March to last Sunday of October, 01:00 UTC), else 0. */
export function venueOffsetMinutes(instant: Date): number {
  const time = instant.getTime()
  const year = instant.getUTCFullYear()
  return time >= lastSundayAtOneUtc(year, 2) && time < lastSundayAtOneUtc(year, 9) ? 60 : 0
}

export interface VenueWallClock {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

/** The venue's wall clock at an instant, as numbers (month 1–12, hour 0–23). */
export function venueParts(instant: Date): VenueWallClock {
  const wall = new Date(instant.getTime() + venueOffsetMinutes(instant) * 60_000)
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  }
}

/** A date on the venue's calendar (month 1–12). */
export type CalendarDate = Pick<VenueWallClock, 'year' | 'month' | 'day'>

const pad = (n: number) => String(n).padStart(2, '0')

/** The venue's calendar date of an instant, YYYY-MM-DD. */
export function venueDateOf(parts: CalendarDate): string {
  return `${String(parts.year).padStart(4, '0')}-${pad(parts.month)}-${pad(parts.day)}`
}

/** The venue's wall clock as a datetime-local value, YYYY-MM-DDTHH:MM. */
export function venueDateTimeOf(parts: VenueWallClock): string {
  return `${venueDateOf(parts)}T${pad(parts.hour)}:${pad(parts.minute)}`
}

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const

/** 'Sunday' for 0 … 'Saturday' for 6 (any whole number, taken modulo 7). */
export function weekdayName(day: number): string {
  return WEEKDAY_NAMES[((day % 7) + 7) % 7]!
}

/** 'January' for 1 … 'December' for 12. */
function monthName(month: number): string {
  return MONTH_NAMES[(((month - 1) % 12) + 12) % 12]!
}

// en-GB's short names are the first three letters, September included ('Sept' is only some engines').
const short = (name: string) => name.slice(0, 3)

/** Day of the week (0 = Sunday) of a wall-clock date. */
function weekdayOfParts(parts: CalendarDate): number {
  return new Date(utcOfWallClock(parts.year, parts.month, parts.day)).getUTCDay()
}

/** 12-hour time as en-GB writes it, e.g. '7:30 pm', '12:05 am'. */
function twelveHourTime(parts: VenueWallClock): string {
  return `${parts.hour % 12 || 12}:${pad(parts.minute)} ${parts.hour < 12 ? 'am' : 'pm'}`
}

/** A wall-clock date as 'Friday 25 December 2026'. */
export function formatLongDateOf(parts: CalendarDate): string {
  return `${weekdayName(weekdayOfParts(parts))} ${parts.day} ${monthName(parts.month)} ${parts.year}`
}

/** An event's start in venue time, e.g. 'Saturday 5 December 2026 at 7:30 pm'. */
export function formatEventStart(instant: Date): string {
  const parts = venueParts(instant)
  return `${formatLongDateOf(parts)} at ${twelveHourTime(parts)}`
}

/** A moment in venue time with its year, e.g. 'Sat 5 Dec 2026, 7:30 pm' (when a message arrived). */
export function formatShortDateTime(instant: Date): string {
  const parts = venueParts(instant)
  return `${short(weekdayName(weekdayOfParts(parts)))} ${parts.day} ${short(monthName(parts.month))} ${parts.year}, ${twelveHourTime(parts)}`
}

/** When a copy on this device was saved, e.g. 'Sat 5 Dec, 7:30 pm' (the offline notices say it). */
export function formatSavedAt(savedAt: number): string {
  const parts = venueParts(new Date(savedAt))
  return `${short(weekdayName(weekdayOfParts(parts)))} ${parts.day} ${short(monthName(parts.month))}, ${twelveHourTime(parts)}`
}
