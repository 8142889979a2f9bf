import { describe, expect, test } from 'bun:test'
import type { OpeningTimes } from '../../api/types'
import { sampleTimes } from '../../../test/shell-helpers'
import { describeOpenStatus, hoursOn, openStatus, type HolidayHours } from './openStatusRules'
import { addDays, formatLongDate, venueClock, weekdayOf } from './venueTime'

const times = sampleTimes as OpeningTimes
const at = (iso: string) => new Date(iso)
const say = (venue: 'hotel' | 'stables', when: string, holidays: HolidayHours[] = [], t: OpeningTimes = times) =>
  describeOpenStatus(openStatus(venue, t, holidays, at(when)))

// In December the venue's clock is UTC; 2026-12-04 is a Friday, 2026-12-25 (Christmas) too.
describe('openStatus', () => {
  test('open during the day, with the closing time', () => {
    expect(say('hotel', '2026-12-04T10:00:00Z')).toBe('Open now · closes at 22:00')
    expect(openStatus('hotel', times, [], at('2026-12-04T10:00:00Z'))).toEqual({ open: true, closesAt: '22:00' })
  })

  test('before opening: opens later today', () => {
    expect(say('hotel', '2026-12-04T07:30:00Z')).toBe('Closed · opens at 08:00')
  })

  test('exactly at opening is open; exactly at closing is closed', () => {
    expect(say('hotel', '2026-12-04T08:00:00Z')).toBe('Open now · closes at 22:00')
    expect(say('hotel', '2026-12-04T22:00:00Z')).toBe('Closed · opens Saturday at 08:00')
  })

  test('after closing: the next opening day is named', () => {
    expect(say('hotel', '2026-12-04T22:30:00Z')).toBe('Closed · opens Saturday at 08:00')
    // Sunday closes at 21:00; Monday is in the Monday-Friday group.
    expect(say('hotel', '2026-12-06T21:15:00Z')).toBe('Closed · opens Monday at 08:00')
  })

  test('a closed group is skipped (the Stables shut on Monday and Tuesday)', () => {
    expect(say('stables', '2026-11-30T13:00:00Z')).toBe('Closed · opens Wednesday at 12:00')
    expect(hoursOn('stables', times, [], '2026-12-01')).toBeNull()
  })

  test('overnight hours: open past midnight until the closing time', () => {
    // Saturday 11:00 - 01:00
    expect(say('stables', '2026-12-05T23:30:00Z')).toBe('Open now · closes at 01:00')
    expect(say('stables', '2026-12-06T00:30:00Z')).toBe('Open now · closes at 01:00')
    expect(say('stables', '2026-12-06T01:00:00Z')).toBe('Closed · opens at 11:00')
    expect(say('stables', '2026-12-06T10:59:00Z')).toBe('Closed · opens at 11:00')
    expect(say('stables', '2026-12-06T11:00:00Z')).toBe('Open now · closes at 22:00')
  })

  test('a bank-holiday exception replaces the day’s hours', () => {
    const holidays: HolidayHours[] = [
      { holiday_date: '2026-12-25', open_time: '12:00', close_time: '16:00', closed: false, venue: 'stables' },
      { holiday_date: '2026-12-25', open_time: null, close_time: null, closed: true, venue: 'hotel' },
    ]
    expect(say('stables', '2026-12-25T11:00:00Z', holidays)).toBe('Closed · opens at 12:00')
    expect(say('stables', '2026-12-25T13:00:00Z', holidays)).toBe('Open now · closes at 16:00')
    expect(say('stables', '2026-12-25T17:00:00Z', holidays)).toBe('Closed · opens Saturday at 11:00')
    // A closed exception closes the whole day, even though Fridays are normally open.
    expect(say('hotel', '2026-12-25T10:00:00Z', holidays)).toBe('Closed · opens Saturday at 08:00')
    // ...and is looked at when finding the next opening.
    expect(say('hotel', '2026-12-24T22:30:00Z', holidays)).toBe('Closed · opens Saturday at 08:00')
  })

  test('an exception can open a day that is normally closed', () => {
    const holidays: HolidayHours[] = [{ holiday_date: '2026-12-28', open_time: '11:00', close_time: '22:00', closed: false, venue: 'stables' }]
    expect(say('stables', '2026-12-28T15:00:00Z', holidays)).toBe('Open now · closes at 22:00')
    expect(say('stables', '2026-12-28T15:00:00Z')).toBe('Closed · opens Wednesday at 12:00')
  })

  test('another venue’s exception changes nothing', () => {
    const holidays: HolidayHours[] = [{ holiday_date: '2026-12-04', open_time: null, close_time: null, closed: true, venue: 'stables' }]
    expect(say('hotel', '2026-12-04T10:00:00Z', holidays)).toBe('Open now · closes at 22:00')
  })

  test('judged on the venue’s clock (British Summer Time), not UTC', () => {
    // 21:30 UTC on Wednesday 1 July 2026 is 22:30 in London: the hotel has closed.
    expect(say('hotel', '2026-07-01T21:30:00Z')).toBe('Closed · opens Thursday at 08:00')
    // 07:30 UTC is 08:30 in London: open.
    expect(say('hotel', '2026-07-01T07:30:00Z')).toBe('Open now · closes at 22:00')
  })

  test('closed every day: just Closed', () => {
    const shut = structuredClone(times)
    for (const group of Object.values(shut.monsal)) group.closed = true
    expect(say('hotel', '2026-12-04T10:00:00Z', [], shut)).toBe('Closed')
  })

  test('a group with no hours counts as closed', () => {
    const odd = structuredClone(times)
    odd.monsal.saturday.hours = null
    expect(say('hotel', '2026-12-04T22:30:00Z', [], odd)).toBe('Closed · opens Sunday at 08:00')
  })
})

describe('venue time helpers', () => {
  test('venueClock reads Europe/London', () => {
    expect(venueClock(at('2026-07-01T23:30:00Z'))).toEqual({ date: '2026-07-02', weekday: 4, minutes: 30 })
    expect(venueClock(at('2026-12-25T00:05:00Z'))).toEqual({ date: '2026-12-25', weekday: 5, minutes: 5 })
  })
  test('date arithmetic crosses months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
    expect(weekdayOf('2026-12-25')).toBe(5)
  })
  test('long dates read like "Friday 25 December 2026"', () => {
    expect(formatLongDate('2026-12-25')).toBe('Friday 25 December 2026')
    expect(formatLongDate('2027-01-01')).toBe('Friday 1 January 2027')
    expect(formatLongDate('not a date')).toBe('not a date')
  })
})
