/**
 * schema.org LocalBusiness data for the two venues, written once for the web build (which puts it in
 * the <head> of the pages that carry it) and for the server (which replaces that block with one built
 * from the database whenever it serves such a page, so search engines read the hours staff set a
 * minute ago rather than those known at build time). Plain data in, plain data out: no server imports.
 */
import type { Venue } from './venue'
import { GROUP_DAYS, HOTEL_GROUPS, STABLES_GROUPS, TIMES_REPLY_KEY, type HotelGroup, type StablesGroup } from './rules/opening-groups'
import { BUSINESS_IDS, menuPath, type VenueKey } from './rules/venues'
import { utcOfWallClock, venueParts } from './rules/venue-time'

/** The id of the block in <head>: the build writes it, the server finds and replaces it. */
export const STRUCTURED_DATA_ID = 'venue-structured-data'
/** The id of the upcoming events' block, which the server adds to the pages that list events. */
export const EVENTS_STRUCTURED_DATA_ID = 'events-structured-data'

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const

/** One bank-holiday exception, as GET /api/bank-holiday-exceptions lists it. */
export interface OpeningException {
  venue: VenueKey
  holiday_date: string
  open_time: string | null
  close_time: string | null
  closed: boolean
}

export interface StructuredDataSource {
  venue: Venue
  /** SITE_URL: every URL in the data is absolute, from this address. */
  siteUrl: string
  /** The weekly hours; null at build time, when only the server's database knows them. */
  openingTimes: WeeklyTimes | null
  exceptions: OpeningException[]
  /** The venue's date today (YYYY-MM-DD): exceptions before it are over and left out. */
  today: string
}

type GroupTimes = { closed: boolean; hours: { open_time: string; close_time: string } | null }
/** What the data reads of the opening times (GET /api/opening-times): each venue's groups of days. */
type WeeklyTimes = { monsal: Record<string, GroupTimes>; stables: Record<string, GroupTimes> }

/** One specification per group of days; a closed group is left out (schema.org: days not listed are closed). */
function weeklyHours(groups: Record<string, GroupTimes>, order: readonly (HotelGroup | StablesGroup)[]) {
  return order.flatMap((key) => {
    const group = groups[key]
    if (!group || group.closed || !group.hours) return []
    return [
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: GROUP_DAYS[key].map((day) => DAY_NAMES[day]),
        opens: group.hours.open_time,
        closes: group.hours.close_time,
      },
    ]
  })
}

/** A day with other hours; closed all day is opens = closes = 00:00, as search engines read it. */
function exceptionHours(exceptions: OpeningException[], venue: VenueKey, today: string) {
  return exceptions
    .filter((day) => day.venue === venue && day.holiday_date >= today)
    .sort((a, b) => a.holiday_date.localeCompare(b.holiday_date))
    .map((day) => {
      const closed = day.closed || !day.open_time || !day.close_time
      return {
        '@type': 'OpeningHoursSpecification',
        validFrom: day.holiday_date,
        validThrough: day.holiday_date,
        opens: closed ? '00:00' : day.open_time,
        closes: closed ? '00:00' : day.close_time,
      }
    })
}

/** The venue's postal address as schema.org writes it (the businesses and every event's location). */
export function postalAddress(address: Venue['address']): Record<string, string> {
  return {
    '@type': 'PostalAddress',
    streetAddress: address.street,
    addressLocality: address.locality,
    addressRegion: address.region,
    postalCode: address.postcode,
    addressCountry: address.country,
  }
}

/** The hotel (with its cafe) as a Hotel and the Stables as a BarOrPub, each with its own hours and exceptions. */
export function localBusinessData(source: StructuredDataSource): Record<string, unknown>[] {
  const { venue, siteUrl, openingTimes, exceptions, today } = source
  const absolute = (path: string) => `${siteUrl}${path}`
  const common = {
    telephone: venue.phone,
    email: venue.email,
    address: postalAddress(venue.address),
    geo: { '@type': 'GeoCoordinates', latitude: venue.geo.latitude, longitude: venue.geo.longitude },
    sameAs: [venue.instagramUrl],
  }
  const hoursOf = (key: VenueKey) => {
    const hours: Record<string, unknown> = {}
    if (openingTimes) {
      hours.openingHoursSpecification = weeklyHours(openingTimes[TIMES_REPLY_KEY[key]], key === 'hotel' ? HOTEL_GROUPS : STABLES_GROUPS)
    }
    const special = exceptionHours(exceptions, key, today)
    if (special.length > 0) hours.specialOpeningHoursSpecification = special
    return hours
  }
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Hotel',
      '@id': absolute('/#hotel'),
      name: venue.hotelName,
      url: absolute('/'),
      image: absolute('/images/hero-home.jpg'),
      hasMenu: absolute(menuPath(BUSINESS_IDS.hotel)),
      ...common,
      ...hoursOf('hotel'),
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BarOrPub',
      '@id': absolute('/drink#stables'),
      name: venue.barName,
      url: absolute('/drink'),
      image: absolute('/images/tile-drink.jpg'),
      hasMenu: absolute(menuPath(BUSINESS_IDS.stables)),
      ...common,
      ...hoursOf('stables'),
    },
  ]
}

/** An upcoming event as GET /api/events answers it (start in UTC, site-relative image). */
export interface UpcomingEvent {
  title: string
  description: string
  start_datetime: string
  image_url: string | null
  ticket_url: string | null
  contact_to_book: number | boolean
}

const pad = (n: number) => String(Math.abs(n)).padStart(2, '0')

/** An instant as the venue's wall clock with its UTC offset: 2026-07-01T19:30:00+01:00. */
export function venueDateTimeWithOffset(instant: Date): string {
  const wall = venueParts(instant)
  const asUtc = utcOfWallClock(wall.year, wall.month, wall.day, wall.hour, wall.minute, wall.second)
  const offset = Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000)
  const sign = offset < 0 ? '-' : '+'
  const date = `${String(wall.year).padStart(4, '0')}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}`
  return `${date}${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`
}

/**
 * One schema.org Event per upcoming event, held at the hotel (a Place with its address): the
 * properties Google's event rich results require (name, startDate, location with address) and those
 * it recommends (description, image, eventStatus, eventAttendanceMode, offers when there is a ticket link).
 */
export function eventStructuredData(events: readonly UpcomingEvent[], source: Pick<StructuredDataSource, 'venue' | 'siteUrl'>): Record<string, unknown>[] {
  const { venue, siteUrl } = source
  return events.flatMap((event) => {
    const start = new Date(event.start_datetime)
    if (Number.isNaN(start.getTime())) return []
    const data: Record<string, unknown> = {
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: event.title,
      startDate: venueDateTimeWithOffset(start),
      description: event.description,
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: { '@type': 'Place', name: venue.hotelName, url: `${siteUrl}/`, address: postalAddress(venue.address) },
      organizer: { '@type': 'Organization', name: venue.hotelName, url: `${siteUrl}/`, telephone: venue.phone },
    }
    if (event.image_url) data.image = [new URL(event.image_url, `${siteUrl}/`).href]
    if (event.ticket_url && !event.contact_to_book) {
      data.offers = { '@type': 'Offer', url: event.ticket_url, availability: 'https://schema.org/InStock' }
    }
    return [data]
  })
}

/** A <script> block for <head>. No '<' is left in the JSON, so no value can close the script early. */
export function structuredDataScript(data: unknown, id = STRUCTURED_DATA_ID): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c')
  return `<script type="application/ld+json" id="${id}">${json}</script>`
}

const BLOCK = new RegExp(`<script type="application/ld\\+json" id="${STRUCTURED_DATA_ID}">[\\s\\S]*?</script>`)

/** Whether a page carries the block (only those the build gave one get the current data). */
export function hasStructuredData(html: string): boolean {
  return BLOCK.test(html)
}

/** The page with its block replaced by `script` (a function replacement: `$` in the data stays as it is). */
export function withStructuredData(html: string, script: string): string {
  return html.replace(BLOCK, () => script)
}
