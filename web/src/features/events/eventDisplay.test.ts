import { afterEach, describe, expect, test } from 'bun:test'
import {
  DATE_FORMATTING_ERROR,
  DATE_NOT_AVAILABLE,
  eventBooking,
  eventDescription,
  eventImage,
  eventTitle,
  formatEventDate,
  INVALID_DATE,
  NO_DESCRIPTION,
  UNTITLED_EVENT,
  upcomingEvents,
  venueDay,
} from './eventDisplay'

const originalTz = process.env.TZ
afterEach(() => {
  if (originalTz === undefined) delete process.env.TZ
  else process.env.TZ = originalTz
})

describe('title and description', () => {
  test('the title is shown, trimmed; missing or blank is "Untitled Event"', () => {
    expect(eventTitle({ title: '  Quiz Night ' })).toBe('Quiz Night')
    expect(eventTitle({})).toBe(UNTITLED_EVENT)
    expect(eventTitle({ title: '' })).toBe('Untitled Event')
    expect(eventTitle({ title: '   ' })).toBe('Untitled Event')
    expect(eventTitle({ title: null as unknown as string })).toBe('Untitled Event')
  })

  test('the description is shown; missing or blank is "No description available."', () => {
    expect(eventDescription({ description: 'Eight rounds.' })).toBe('Eight rounds.')
    expect(eventDescription({})).toBe(NO_DESCRIPTION)
    expect(eventDescription({ description: ' \n ' })).toBe('No description available.')
  })
})

describe('formatEventDate', () => {
  const bst = '2026-07-04T18:30:00Z' // 19:30 in London (BST, UTC+1)
  const gmt = '2026-12-05T19:30:00Z' // 19:30 in London (GMT, UTC+0)

  test('en-GB, long weekday, 12-hour time, in London time (BST and GMT) whatever the device time zone', () => {
    for (const tz of ['UTC', 'Europe/London', 'America/Los_Angeles', 'Asia/Tokyo', 'Pacific/Auckland']) {
      process.env.TZ = tz
      expect(formatEventDate(bst)).toBe('Saturday 4 July 2026 at 7:30 pm')
      expect(formatEventDate(gmt)).toBe('Saturday 5 December 2026 at 7:30 pm')
    }
  })

  test('a morning time and a time just after midnight London time fall on the London day', () => {
    expect(formatEventDate('2026-08-16T05:30:00Z')).toBe('Sunday 16 August 2026 at 6:30 am')
    // 23:30 UTC on 31 July is 00:30 on 1 August in London.
    expect(formatEventDate('2026-07-31T23:30:00Z')).toBe('Saturday 1 August 2026 at 12:30 am')
  })

  test('missing: "Date not available"', () => {
    expect(formatEventDate(undefined)).toBe(DATE_NOT_AVAILABLE)
    expect(formatEventDate(null)).toBe('Date not available')
    expect(formatEventDate('')).toBe('Date not available')
    expect(formatEventDate('  ')).toBe('Date not available')
  })

  test('unparseable: "Invalid Date"', () => {
    expect(formatEventDate('next Tuesday-ish')).toBe(INVALID_DATE)
    expect(formatEventDate('2026-13-45T99:00:00Z')).toBe('Invalid Date')
  })

  test('a formatter that throws: "Date formatting error"', () => {
    const broken = {
      format(): string {
        throw new RangeError('no ICU data')
      },
    }
    expect(formatEventDate('2026-12-05T19:30:00Z', broken)).toBe(DATE_FORMATTING_ERROR)
  })
})

describe('eventBooking', () => {
  test('a ticket link when ticket_url is set and contact_to_book is 0', () => {
    expect(eventBooking({ ticket_url: 'https://tickets.example.org/folk', contact_to_book: 0 })).toEqual({
      kind: 'tickets',
      url: 'https://tickets.example.org/folk',
    })
  })
  test('"contact" when contact_to_book is 1, with or without a ticket link', () => {
    expect(eventBooking({ ticket_url: 'https://tickets.example.org/folk', contact_to_book: 1 })).toEqual({ kind: 'contact' })
    expect(eventBooking({ ticket_url: null, contact_to_book: 1 })).toEqual({ kind: 'contact' })
  })
  test('"free" (No Ticket Required!) with no ticket and contact_to_book 0', () => {
    expect(eventBooking({ ticket_url: null, contact_to_book: 0 })).toEqual({ kind: 'free' })
    expect(eventBooking({ ticket_url: '', contact_to_book: 0 })).toEqual({ kind: 'free' })
    expect(eventBooking({})).toEqual({ kind: 'free' })
  })
  test('a link that is not http(s) is not offered', () => {
    expect(eventBooking({ ticket_url: 'javascript:alert(1)', contact_to_book: 0 })).toEqual({ kind: 'free' })
    expect(eventBooking({ ticket_url: 'not a url', contact_to_book: 0 })).toEqual({ kind: 'free' })
  })
})

describe('eventImage', () => {
  test('the image with its size, a 4:3 box when the size is unknown, null when missing', () => {
    expect(eventImage({ image_url: '/files/a.jpg', image_width: 1200, image_height: 750 })).toEqual({ src: '/files/a.jpg', width: 1200, height: 750 })
    expect(eventImage({ image_url: '/files/a.jpg', image_width: null, image_height: null })).toEqual({ src: '/files/a.jpg', width: 800, height: 600 })
    expect(eventImage({ image_url: null })).toBeNull()
    expect(eventImage({})).toBeNull()
  })
})

describe('upcomingEvents', () => {
  const now = new Date('2026-07-04T23:30:00Z') // 00:30 on Sunday 5 July in London
  const at = (id: number, start: string | null) => ({ id, title: `E${id}`, start_datetime: start as string })

  test('keeps events from the start of today (London) on, soonest first; undated ones last', () => {
    const list = [
      at(1, '2026-08-01T18:00:00Z'),
      at(2, '2026-07-04T22:00:00Z'), // 23:00 on 4 July in London: yesterday
      at(3, '2026-07-04T23:15:00Z'), // 00:15 on 5 July in London: today, already started, still listed
      at(4, 'garbage'),
      at(5, '2026-07-10T18:00:00Z'),
    ]
    expect(upcomingEvents(list, now).map((e) => e.id)).toEqual([3, 5, 1, 4])
  })

  test('venueDay is the London calendar day', () => {
    expect(venueDay(now)).toBe('2026-07-05')
    expect(venueDay(new Date('2026-12-31T23:30:00Z'))).toBe('2026-12-31')
  })
})
