/**
 * What an event card shows, as pure functions (no DOM, no React) so every rule and fallback is tested
 * on its own. Times are always the venue's (Europe/London), whatever the visitor's time zone.
 */
import { formatEventStart, venueDateOf, venueParts } from '../../../../api/src/shared/rules/venue-time'
import type { VenueEvent } from '../../api/types'

export const UNTITLED_EVENT = 'Untitled Event'
export const NO_DESCRIPTION = 'No description available.'
export const DATE_NOT_AVAILABLE = 'Date not available'
export const INVALID_DATE = 'Invalid Date'
export const DATE_FORMATTING_ERROR = 'Date formatting error'
export { IMAGE_NOT_AVAILABLE } from '../../ui/ImageNotAvailable'
export const CONTACT_TO_BOOK = 'Contact us to book this event.'
export const NO_TICKET_REQUIRED = 'No Ticket Required!'
/** Events have no end time; calendars and search engines get two hours. */
export const EVENT_LENGTH_MS = 2 * 60 * 60 * 1000

export const NO_UPCOMING_EVENTS = 'Currently, there are no upcoming events scheduled. Please check back soon!'

/** The fields a card reads; anything may be missing in an old saved copy or a hand-made record. */
export type EventLike = Partial<
  Pick<
    VenueEvent,
    'id' | 'title' | 'description' | 'start_datetime' | 'image_url' | 'image_variants' | 'image_width' | 'image_height' | 'ticket_url' | 'alt_text'
  >
> & {
  contact_to_book?: number | boolean | null
}

export interface DateFormatter {
  format(date: Date): string
}

/** en-GB, long weekday, 12-hour time, in the venue's time zone, e.g. "Saturday 5 December 2026 at 7:30 pm". */
export const eventDateFormatter: DateFormatter = { format: formatEventStart }

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '')

export function eventTitle(event: EventLike): string {
  return text(event.title) || UNTITLED_EVENT
}

export function eventDescription(event: EventLike): string {
  return text(event.description) || NO_DESCRIPTION
}

/** The start as a Date, or null when missing or unparseable. */
export function eventStart(event: EventLike): Date | null {
  const raw = text(event.start_datetime)
  if (!raw) return null
  const date = new Date(raw)
  return Number.isNaN(date.getTime()) ? null : date
}

/** The start for people: 'Date not available' when missing, 'Invalid Date' when unparseable, 'Date formatting error' if formatting throws. */
export function formatEventDate(value: string | null | undefined, formatter: DateFormatter = eventDateFormatter): string {
  const raw = text(value)
  if (!raw) return DATE_NOT_AVAILABLE
  const date = new Date(raw)
  if (Number.isNaN(date.getTime())) return INVALID_DATE
  try {
    return formatter.format(date)
  } catch {
    return DATE_FORMATTING_ERROR
  }
}

export type Booking = { kind: 'tickets'; url: string } | { kind: 'contact' } | { kind: 'free' }

const contactToBook = (event: EventLike) => event.contact_to_book === 1 || event.contact_to_book === true

/** A usable http(s) ticket link, or null. */
export function ticketUrl(event: EventLike): string | null {
  const raw = text(event.ticket_url)
  if (!raw) return null
  try {
    const url = new URL(raw)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}

/**
 * SPEC.md §4: a ticket link when ticket_url is set and contact_to_book is 0; 'Contact us to book this
 * event.' when contact_to_book is 1 (whatever the link); 'No Ticket Required!' otherwise.
 */
export function eventBooking(event: EventLike): Booking {
  if (contactToBook(event)) return { kind: 'contact' }
  const url = ticketUrl(event)
  return url ? { kind: 'tickets', url } : { kind: 'free' }
}

export interface EventImage {
  src: string
  width: number
  height: number
}

/** The event's picture with its size (a 4:3 box when the size is unknown), or null for the placeholder. */
export function eventImage(event: EventLike): EventImage | null {
  const src = text(event.image_url)
  if (!src) return null
  const width = typeof event.image_width === 'number' && event.image_width > 0 ? event.image_width : 800
  const height = typeof event.image_height === 'number' && event.image_height > 0 ? event.image_height : 600
  return { src, width, height }
}

/** 'YYYY-MM-DD' of an instant in the venue's time zone. */
export function venueDay(date: Date): string {
  return venueDateOf(venueParts(date))
}

/**
 * Events still to come (starting today or later, venue time), soonest first. The server already
 * answers this way; a copy saved on the phone days ago is filtered again. Events without a usable
 * date are kept, last, so staff notice them.
 */
export function upcomingEvents<T extends EventLike>(events: readonly T[], now: Date = new Date()): T[] {
  const today = venueDay(now)
  return events
    .map((event) => ({ event, start: eventStart(event) }))
    .filter(({ start }) => start === null || venueDay(start) >= today)
    .sort((a, b) => (a.start?.getTime() ?? Number.POSITIVE_INFINITY) - (b.start?.getTime() ?? Number.POSITIVE_INFINITY))
    .map(({ event }) => event)
}
