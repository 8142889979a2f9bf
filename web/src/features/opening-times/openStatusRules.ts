import { GROUP_DAYS, HOTEL_GROUPS, STABLES_GROUPS, type OpeningTimes, type TimeRange } from '../../api/types'
import type { VenueKey } from '../../../../api/src/shared/rules/venues'
import { TIMES_REPLY_KEY } from '../../../../api/src/shared/rules/opening-groups'
import { weekdayName } from '../../../../api/src/shared/rules/venue-time'
import { addDays, toMinutes, venueClock, weekdayOf } from './venueTime'

/** What the open-now status needs of a bank-holiday exception. */
export interface HolidayHours {
  holiday_date: string
  open_time: string | null
  close_time: string | null
  closed: boolean
  venue: VenueKey
}

export type OpenStatus =
  | { open: true; closesAt: string }
  | { open: false /** null when no opening is found in the coming week */; opensAt: string | null /** null = later today */; opensOn: string | null }

/**
 * A venue's hours on one calendar date: that day's bank-holiday exception when there is one (it
 * replaces the usual hours; a closed exception means closed), else the opening-times group covering
 * that weekday. null = closed all day.
 */
export function hoursOn(venue: VenueKey, times: OpeningTimes, holidays: readonly HolidayHours[], date: string): TimeRange | null {
  const exception = holidays.find((h) => h.venue === venue && h.holiday_date === date)
  if (exception) {
    if (exception.closed || !exception.open_time || !exception.close_time) return null
    return { open_time: exception.open_time, close_time: exception.close_time }
  }
  const weekday = weekdayOf(date)
  const groups = times[TIMES_REPLY_KEY[venue]]
  const keys: readonly string[] = venue === 'hotel' ? HOTEL_GROUPS : STABLES_GROUPS
  for (const key of keys) {
    if (!GROUP_DAYS[key as keyof typeof GROUP_DAYS]?.includes(weekday)) continue
    const group = (groups as Record<string, { closed: boolean; hours: TimeRange | null } | undefined>)[key]
    if (!group || group.closed || !group.hours) return null
    return group.hours
  }
  return null
}

function valid(range: TimeRange | null): range is TimeRange {
  return !!range && !Number.isNaN(toMinutes(range.open_time)) && !Number.isNaN(toMinutes(range.close_time))
}

/** A closing time at or before the opening time means the venue closes after midnight. */
function overnight(range: TimeRange): boolean {
  return toMinutes(range.close_time) <= toMinutes(range.open_time)
}

/** Whether a venue is open at `now` (judged on the venue's Europe/London clock), and when it closes or next opens. */
export function openStatus(venue: VenueKey, times: OpeningTimes, holidays: readonly HolidayHours[], now: Date): OpenStatus {
  const clock = venueClock(now)
  // Still open from last night?
  const yesterday = hoursOn(venue, times, holidays, addDays(clock.date, -1))
  if (valid(yesterday) && overnight(yesterday) && clock.minutes < toMinutes(yesterday.close_time)) {
    return { open: true, closesAt: yesterday.close_time }
  }
  const today = hoursOn(venue, times, holidays, clock.date)
  if (valid(today)) {
    const open = toMinutes(today.open_time)
    const close = toMinutes(today.close_time)
    if (clock.minutes >= open && (overnight(today) || clock.minutes < close)) return { open: true, closesAt: today.close_time }
    if (clock.minutes < open) return { open: false, opensAt: today.open_time, opensOn: null }
  }
  for (let ahead = 1; ahead <= 7; ahead++) {
    const date = addDays(clock.date, ahead)
    const hours = hoursOn(venue, times, holidays, date)
    if (valid(hours)) return { open: false, opensAt: hours.open_time, opensOn: weekdayName(weekdayOf(date)) }
  }
  return { open: false, opensAt: null, opensOn: null }
}

/** 'Open now · closes at 22:00', 'Closed · opens at 08:00', 'Closed · opens Saturday at 11:00' or 'Closed'. */
export function describeOpenStatus(status: OpenStatus): string {
  if (status.open) return `Open now · closes at ${status.closesAt}`
  if (!status.opensAt) return 'Closed'
  return status.opensOn ? `Closed · opens ${status.opensOn} at ${status.opensAt}` : `Closed · opens at ${status.opensAt}`
}
