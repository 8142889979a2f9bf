// The pure rules both sides import (api/src/shared/rules): each rule is tested once, here.
import { describe, expect, test } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { categoryName, categoryOfType, categoryPage, GALLERY_CATEGORIES, GALLERY_TYPES, UNKNOWN_CATEGORY } from '../src/shared/rules/galleries'
import { mayOpen, STAFF_HOME, STAFF_PATHS, STAFF_TASKS, staffTaskAt } from '../src/shared/rules/staff-routes'
import { ATTRACTION_IMAGE, EVENT_EDIT_IMAGE, EVENT_UPLOAD_IMAGE, GALLERY_IMAGE, MB, MENU_PDF } from '../src/shared/rules/uploads'
import {
  formatEventStart,
  formatLongDateOf,
  formatSavedAt,
  formatShortDateTime,
  VENUE_TIME_ZONE,
  venueDateOf,
  venueDateTimeOf,
  venueParts,
  weekdayName,
} from '../src/shared/rules/venue-time'
import { BUSINESS_IDS, businessOfMenuRoute, menuPath, VENUE_KEYS, venueKeyOf, venueName } from '../src/shared/rules/venues'

const NAMES = { hotelName: 'Larkdale Hotel', barName: 'The Stables bar' }

describe('venues', () => {
  test('keys and names both read back to the key; case and spacing do not matter', () => {
    expect(venueKeyOf(NAMES, 'hotel')).toBe('hotel')
    expect(venueKeyOf(NAMES, 'stables')).toBe('stables')
    expect(venueKeyOf(NAMES, 'Larkdale Hotel')).toBe('hotel')
    expect(venueKeyOf(NAMES, '  larkdale   HOTEL ')).toBe('hotel')
    expect(venueKeyOf(NAMES, 'The Stables bar')).toBe('stables')
    expect(venueKeyOf(NAMES, 'The Stables Bar')).toBe('stables')
  })

  test('anything else is null, including names of Object.prototype members', () => {
    for (const value of ['', ' ', 'The Moon', 'bar', '__proto__', 'constructor', 'toString', 'hasOwnProperty']) expect(venueKeyOf(NAMES, value)).toBeNull()
  })

  test('a key has its configured name, and its business id', () => {
    expect(VENUE_KEYS.map((key) => venueName(NAMES, key))).toEqual(['Larkdale Hotel', 'The Stables bar'])
    expect(BUSINESS_IDS).toEqual({ stables: 1, hotel: 2 })
  })

  test("each business's menu page, and the business a menu page's route id stands for", () => {
    expect(menuPath(BUSINESS_IDS.stables)).toBe('/menu/menu1')
    expect(menuPath(BUSINESS_IDS.hotel)).toBe('/menu/menu2')
    expect(['menu1', 'menu2'].map(businessOfMenuRoute)).toEqual([1, 2])
    for (const other of ['menu3', 'menu0', 'menu01', 'menu1x', 'Menu1', '', 'constructor', '__proto__']) expect(businessOfMenuRoute(other)).toBeUndefined()
  })
})

describe('the venue clock', () => {
  test('is London time: GMT in winter, BST in summer, whatever the process zone', () => {
    expect(VENUE_TIME_ZONE).toBe('Europe/London')
    expect(venueParts(new Date('2026-01-15T12:34:56Z'))).toEqual({ year: 2026, month: 1, day: 15, hour: 12, minute: 34, second: 56 })
    expect(venueParts(new Date('2026-06-01T23:30:00Z'))).toEqual({ year: 2026, month: 6, day: 2, hour: 0, minute: 30, second: 0 })
  })

  test('the date and the datetime-local value of an instant, around both clock changes', () => {
    // 29 March 2026: 01:00 GMT becomes 02:00 BST.
    expect(venueDateTimeOf(venueParts(new Date('2026-03-29T00:59:00Z')))).toBe('2026-03-29T00:59')
    expect(venueDateTimeOf(venueParts(new Date('2026-03-29T01:00:00Z')))).toBe('2026-03-29T02:00')
    // 25 October 2026: 02:00 BST becomes 01:00 GMT.
    expect(venueDateTimeOf(venueParts(new Date('2026-10-25T00:59:00Z')))).toBe('2026-10-25T01:59')
    expect(venueDateTimeOf(venueParts(new Date('2026-10-25T01:00:00Z')))).toBe('2026-10-25T01:00')
    expect(venueDateOf(venueParts(new Date('2026-12-31T23:59:59Z')))).toBe('2026-12-31')
  })

  test('matches the time zone database (Intl) through 2000–2040, minute by minute around every clock change', () => {
    const intl = new Intl.DateTimeFormat('en-GB', {
      timeZone: VENUE_TIME_ZONE,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    const fromIntl = (instant: Date) => {
      const parts: Record<string, number> = {}
      for (const part of intl.formatToParts(instant)) if (part.type !== 'literal') parts[part.type] = Number(part.value)
      return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour! % 24, minute: parts.minute, second: parts.second }
    }
    const mismatches: string[] = []
    const check = (time: number) => {
      const instant = new Date(time)
      if (JSON.stringify(venueParts(instant)) !== JSON.stringify(fromIntl(instant))) mismatches.push(instant.toISOString())
    }
    const HOUR = 3_600_000
    for (let year = 2000; year <= 2040; year++) {
      // The year every 5 hours (each hour of the day comes round), so a wrong month or day of the rule shows.
      for (let time = Date.UTC(year, 0, 1); time < Date.UTC(year + 1, 0, 1); time += 5 * HOUR) check(time)
      // Each clock-change weekend (the last Sunday of March and of October, 01:00 UTC) minute by minute,
      // and the seconds either side of 01:00 UTC.
      for (const month of [2, 9]) {
        const lastDay = Date.UTC(year, month + 1, 0)
        const change = lastDay - new Date(lastDay).getUTCDay() * 24 * HOUR + HOUR
        for (let time = change - 3 * HOUR; time <= change + 3 * HOUR; time += 60_000) check(time)
        check(change - 1000)
        check(change + 1000)
      }
    }
    expect(mismatches.slice(0, 5)).toEqual([])
  })

  test('dates and times read as en-GB writes them, in venue time, the same on every engine', () => {
    expect(formatSavedAt(Date.parse('2026-12-05T19:30:00Z'))).toBe('Sat 5 Dec, 7:30 pm')
    expect(formatSavedAt(Date.parse('2026-07-04T18:05:00Z'))).toBe('Sat 4 Jul, 7:05 pm')
    expect(formatShortDateTime(new Date('2026-09-01T11:00:00Z'))).toBe('Tue 1 Sep 2026, 12:00 pm')
    expect(formatShortDateTime(new Date('2026-01-01T00:05:00Z'))).toBe('Thu 1 Jan 2026, 12:05 am')
    expect(formatEventStart(new Date('2026-12-05T19:30:00Z'))).toBe('Saturday 5 December 2026 at 7:30 pm')
    // 23:30 UTC on 31 July is 00:30 on 1 August in London.
    expect(formatEventStart(new Date('2026-07-31T23:30:00Z'))).toBe('Saturday 1 August 2026 at 12:30 am')
    expect(formatLongDateOf({ year: 2027, month: 1, day: 1 })).toBe('Friday 1 January 2027')
    expect([0, 6, 7, -1].map(weekdayName)).toEqual(['Sunday', 'Saturday', 'Sunday', 'Saturday'])
  })

  test("the day and month names are Intl's en-GB names", () => {
    const intl = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })
    for (let day = 1; day <= 31 + 29 + 31 + 30 + 31 + 30 + 31 + 31 + 30 + 31 + 30 + 31; day++) {
      const date = new Date(Date.UTC(2028, 0, day))
      const parts = Object.fromEntries(intl.formatToParts(date).map((part) => [part.type, part.value]))
      const ours = formatLongDateOf({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() })
      expect(ours).toBe(`${parts.weekday} ${parts.day} ${parts.month} ${parts.year}`)
    }
  })
})

describe('upload rules', () => {
  test('the event forms: types, 2 MB, and the accept list matches the types', () => {
    expect(EVENT_UPLOAD_IMAGE.types).toEqual(['image/jpeg', 'image/png', 'image/webp'])
    expect(EVENT_EDIT_IMAGE.types).toEqual(['image/png', 'image/jpeg', 'image/gif'])
    for (const rule of [EVENT_UPLOAD_IMAGE, EVENT_EDIT_IMAGE]) {
      expect(rule.maxBytes).toBe(2 * MB)
      expect(rule.accept.split(',')).toEqual([...rule.types])
      expect(rule.tooLargeMessage).toBe('Image size should be less than 2MB.')
    }
  })

  test('galleries and attractions 10 MB, menus a PDF of 20 MB', () => {
    expect(GALLERY_IMAGE.maxBytes).toBe(10 * MB)
    expect(ATTRACTION_IMAGE.maxBytes).toBe(10 * MB)
    expect(MENU_PDF).toMatchObject({ types: ['application/pdf'], maxBytes: 20 * MB })
    expect(MENU_PDF.hint).toContain(`${MENU_PDF.maxBytes / MB} MB`)
  })
})

describe('gallery categories', () => {
  test('SPEC.md numbers 1-4 and DECISIONS.md 5, one per gallery type, with the names staff see', () => {
    expect(GALLERY_CATEGORIES.map((c) => [c.category, c.type, c.name])).toEqual([
      ['1', 'generic', 'Home'],
      ['2', 'cafe', 'Eat'],
      ['3', 'rooms', 'Stay'],
      ['4', 'stables', 'Drink'],
      ['5', 'events', 'Events'],
    ])
    expect(GALLERY_CATEGORIES.map((c) => c.type).sort()).toEqual([...GALLERY_TYPES].sort())
  })

  test('type to category, category to name and page; unknown ones', () => {
    expect(categoryOfType('rooms')).toBe('3')
    expect(categoryOfType('attic')).toBeUndefined()
    expect(categoryName('4')).toBe('Drink')
    expect(categoryName('9')).toBe(UNKNOWN_CATEGORY)
    expect(categoryName('constructor')).toBe('Unknown Category')
    expect(categoryPage('2')).toBe('/eat')
    expect(categoryPage('9')).toBeUndefined()
  })
})

describe('staff routes', () => {
  test("SPEC.md §2's routes plus Messages, the notices for visitors and the staff accounts' screens; every one but the dashboard is a task", () => {
    expect([...STAFF_PATHS].sort() as string[]).toEqual(
      [
        '/admin',
        '/manageGalleries',
        '/manageAttractions',
        '/manageTimes',
        '/deleteHoliday',
        '/addHoliday',
        '/uploadMenus',
        '/createEvent',
        '/manageEvent',
        '/manageNotices',
        '/managePages',
        '/messages',
        '/account',
        '/staff',
        '/activity',
        '/venueDetails',
      ].sort(),
    )
    expect(STAFF_TASKS.map((t) => t.path)).toEqual(STAFF_PATHS.filter((p) => p !== STAFF_HOME))
    expect(staffTaskAt('/manageTimes')?.label).toBe('Manage Opening Times')
    expect(staffTaskAt(STAFF_HOME)).toBeUndefined()
    expect(staffTaskAt('/contact')).toBeUndefined()
  })

  test('Staff, Activity and Venue details are for owners only; everything else for every member', () => {
    const forEditor = STAFF_TASKS.filter((task) => mayOpen(task, 'editor')).map((t) => t.path)
    expect(forEditor).not.toContain('/staff')
    expect(forEditor).not.toContain('/activity')
    expect(forEditor).not.toContain('/venueDetails')
    expect(forEditor).toContain('/account')
    expect(STAFF_TASKS.filter((task) => mayOpen(task, 'owner'))).toEqual(STAFF_TASKS)
    // A dashboard that has not said the role yet (offline) shows no owner-only tile.
    expect(STAFF_TASKS.filter((task) => mayOpen(task, null)).map((t) => t.path)).toEqual(forEditor)
  })
})

/** The one package a rule is built on: the formatted-text parser, pure and browser-safe (.ci/import-direction.ts says the same). */
const RULE_PACKAGES: Record<string, string[]> = { 'formatted-text.ts': ['marked'] }

test('the rules import nothing but each other (and the pure parser formatted text is built on), so the browser bundle can take them', () => {
  const dir = join(import.meta.dir, '../src/shared/rules')
  for (const file of readdirSync(dir)) {
    const imports = [...readFileSync(join(dir, file), 'utf8').matchAll(/from '([^']+)'/g)].map((m) => m[1]!)
    expect(
      imports.filter((path) => !path.startsWith('./')),
      file,
    ).toEqual(RULE_PACKAGES[file] ?? [])
  }
})
