/**
 * An iCalendar file (RFC 5545) for one event, built on the device so "Add to calendar" works offline.
 */
import type { VenueInfo } from '../../api/types'
import { EVENT_LENGTH_MS, eventDescription, eventStart, eventTitle, ticketUrl, type EventLike } from './eventDisplay'

/** TEXT value escaping (RFC 5545 §3.3.11): backslash, semicolon, comma and newlines. */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
}

/** UTC date-time form, e.g. 20261205T193000Z. */
export function icsDateTime(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '')
}

const encoder = new TextEncoder()

/** Folds a content line to at most 75 octets per line (RFC 5545 §3.1), never splitting a character. */
export function foldIcsLine(line: string): string {
  if (encoder.encode(line).length <= 75) return line
  const parts: string[] = []
  let current = ''
  let size = 0
  for (const char of line) {
    const charSize = encoder.encode(char).length
    const limit = parts.length === 0 ? 75 : 74 // continuation lines start with a space
    if (size + charSize > limit) {
      parts.push(current)
      current = ''
      size = 0
    }
    current += char
    size += charSize
  }
  parts.push(current)
  return parts.join('\r\n ')
}

export function venueLocation(venue: VenueInfo): string {
  const { street, locality, region, postcode } = venue.address
  return [venue.hotelName, street, locality, region, postcode].filter(Boolean).join(', ')
}

function uidDomain(venue: VenueInfo): string {
  const domain = venue.email.split('@')[1]
  return domain && /^[A-Za-z0-9.-]+$/.test(domain) ? domain : 'venue.invalid'
}

export interface IcsOptions {
  venue: VenueInfo
  /** DTSTAMP; now by default. */
  now?: Date
}

/** The .ics text for an event, or null when it has no usable start date. Lines end with CRLF. */
export function buildEventIcs(event: EventLike, { venue, now = new Date() }: IcsOptions): string | null {
  const start = eventStart(event)
  if (!start) return null
  const end = new Date(start.getTime() + EVENT_LENGTH_MS)
  const id = event.id ?? icsDateTime(start)
  const description = eventDescription(event)
  const tickets = ticketUrl(event)
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeIcsText(venue.hotelName)}//Events//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:event-${id}-${icsDateTime(start)}@${uidDomain(venue)}`,
    `DTSTAMP:${icsDateTime(now)}`,
    `DTSTART:${icsDateTime(start)}`,
    `DTEND:${icsDateTime(end)}`,
    `SUMMARY:${escapeIcsText(eventTitle(event))}`,
    `DESCRIPTION:${escapeIcsText(tickets ? `${description}\nTickets: ${tickets}` : description)}`,
    `LOCATION:${escapeIcsText(venueLocation(venue))}`,
    ...(tickets ? [`URL:${tickets}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ]
  return `${lines.map(foldIcsLine).join('\r\n')}\r\n`
}

/** A safe file name from the title, e.g. "quiz-night-2026-12-05.ics". */
export function icsFileName(event: EventLike): string {
  const slug =
    eventTitle(event)
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'event'
  const start = eventStart(event)
  return `${slug}${start ? `-${start.toISOString().slice(0, 10)}` : ''}.ics`
}

/** Starts the download of the event's .ics from a Blob URL (call from a click handler only). */
export function downloadEventIcs(event: EventLike, venue: VenueInfo): boolean {
  const ics = buildEventIcs(event, { venue })
  if (!ics) return false
  const url = URL.createObjectURL(new Blob([ics], { type: 'text/calendar;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = icsFileName(event)
  link.rel = 'noopener'
  link.style.display = 'none'
  document.body.append(link)
  link.click()
  link.remove()
  // Give the browser time to start the download before the URL is released.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
  return true
}
