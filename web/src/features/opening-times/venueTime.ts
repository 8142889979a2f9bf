import { formatLongDateOf, utcOfWallClock, venueDateOf, venueParts } from '../../../../api/src/shared/rules/venue-time'

export interface VenueClock {
  /** The venue's calendar date, YYYY-MM-DD. */
  date: string
  /** 0 = Sunday ... 6 = Saturday. */
  weekday: number
  /** Minutes since the venue's midnight. */
  minutes: number
}

/** The venue's wall clock at an instant. */
export function venueClock(now: Date): VenueClock {
  const parts = venueParts(now)
  const date = venueDateOf(parts)
  return { date, weekday: weekdayOf(date), minutes: parts.hour * 60 + parts.minute }
}

function utcDate(iso: string): Date {
  const [y, m, d] = iso.split('-').map(Number)
  return new Date(utcOfWallClock(y!, m ?? 1, d ?? 1))
}

/** Day of the week of a calendar date (0 = Sunday). */
export function weekdayOf(iso: string): number {
  return utcDate(iso).getUTCDay()
}

/** A calendar date `days` later (or earlier), YYYY-MM-DD. */
export function addDays(iso: string, days: number): string {
  return new Date(utcDate(iso).getTime() + days * 86_400_000).toISOString().slice(0, 10)
}

/** 'HH:MM' as minutes since midnight; NaN when malformed. */
export function toMinutes(time: string): number {
  const match = /^(\d{1,2}):(\d{2})/.exec(time)
  return match ? Number(match[1]) * 60 + Number(match[2]) : Number.NaN
}

/** A calendar date as 'Friday 25 December 2026'; anything else is returned as it came. */
export function formatLongDate(iso: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return iso
  const date = utcDate(iso)
  if (Number.isNaN(date.getTime())) return iso
  return formatLongDateOf({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() })
}
