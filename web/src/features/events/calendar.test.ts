import { describe, expect, test } from 'bun:test'
import { demoVenue } from '../../../../api/src/config'
import { buildEventIcs, escapeIcsText, foldIcsLine, icsDateTime, icsFileName, venueLocation } from './calendar'

const now = new Date('2026-11-20T09:15:00.000Z')
const event = {
  id: 42,
  title: 'Cheese, Ale; & Song',
  description: 'Six cheeses\nsix ales; bring a friend, or two.\\o/',
  start_datetime: '2026-12-05T19:30:00Z',
  ticket_url: null,
  contact_to_book: 0 as const,
}

/** Undoes line folding (RFC 5545 §3.1) and splits into content lines. */
const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split('\r\n')

describe('escapeIcsText', () => {
  test('escapes backslash, semicolon, comma and newlines', () => {
    expect(escapeIcsText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng')
    expect(escapeIcsText('plain text')).toBe('plain text')
  })
})

describe('buildEventIcs', () => {
  const ics = buildEventIcs(event, { venue: demoVenue, now })!

  test('is a calendar with one event, every line ending in CRLF', () => {
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true)
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true)
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
    const lines = unfold(ics)
    expect(lines).toContain('VERSION:2.0')
    expect(lines.some((l) => l.startsWith('PRODID:'))).toBe(true)
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1)
    expect(lines).toContain('END:VEVENT')
    expect(lines.indexOf('BEGIN:VEVENT')).toBeLessThan(lines.indexOf('END:VEVENT'))
  })

  test('UID, DTSTAMP, DTSTART in UTC and DTEND two hours later', () => {
    const lines = unfold(ics)
    const uid = lines.find((l) => l.startsWith('UID:'))
    expect(uid).toMatch(/^UID:event-42-20261205T193000Z@larkdale\.example$/)
    expect(lines).toContain('DTSTAMP:20261120T091500Z')
    expect(lines).toContain('DTSTART:20261205T193000Z')
    expect(lines).toContain('DTEND:20261205T213000Z')
  })

  test('SUMMARY, DESCRIPTION and LOCATION are escaped', () => {
    const lines = unfold(ics)
    expect(lines).toContain('SUMMARY:Cheese\\, Ale\\; & Song')
    expect(lines).toContain('DESCRIPTION:Six cheeses\\nsix ales\\; bring a friend\\, or two.\\\\o/')
    const location = lines.find((l) => l.startsWith('LOCATION:'))!
    expect(location).toBe(`LOCATION:${escapeIcsText(venueLocation(demoVenue))}`)
    expect(location).toContain(`${demoVenue.hotelName}\\, ${demoVenue.address.street}\\,`)
    expect(location).toContain(demoVenue.address.postcode)
  })

  test('fallback title and description; the ticket link is added to the description and as URL', () => {
    const lines = unfold(
      buildEventIcs({ start_datetime: '2026-07-04T18:30:00Z', ticket_url: 'https://tickets.example.org/x', contact_to_book: 0 }, { venue: demoVenue, now })!,
    )
    expect(lines).toContain('SUMMARY:Untitled Event')
    expect(lines).toContain('DESCRIPTION:No description available.\\nTickets: https://tickets.example.org/x')
    expect(lines).toContain('URL:https://tickets.example.org/x')
    expect(lines).toContain('DTSTART:20260704T183000Z')
  })

  test('long lines are folded at 75 octets without splitting characters', () => {
    const long = { ...event, description: 'Café walk — '.repeat(30).trim() }
    const text = buildEventIcs(long, { venue: demoVenue, now })!
    for (const line of text.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75)
    expect(unfold(text)).toContain(`DESCRIPTION:${escapeIcsText(long.description)}`)
    expect(foldIcsLine('short')).toBe('short')
  })

  test('no calendar for an event without a usable date', () => {
    expect(buildEventIcs({ title: 'x' }, { venue: demoVenue })).toBeNull()
    expect(buildEventIcs({ title: 'x', start_datetime: 'soon' }, { venue: demoVenue })).toBeNull()
  })
})

describe('helpers', () => {
  test('icsDateTime is the UTC basic form', () => {
    expect(icsDateTime(new Date('2026-01-02T03:04:05.678Z'))).toBe('20260102T030405Z')
  })
  test('icsFileName is a safe slug with the date', () => {
    expect(icsFileName(event)).toBe('cheese-ale-song-2026-12-05.ics')
    expect(icsFileName({ title: '!!!' })).toBe('event.ics')
  })
})
