import type { Venue } from '../config'
import { badRequest } from '../http/errors'
import { venueKeyOf, type VenueKey } from './rules/venues'

/** Reads a business or location as staff, forms and older clients send it (a key or a name); refuses anything else. */
export function parseVenueName(venue: Venue, value: string): VenueKey {
  const key = venueKeyOf(venue, value)
  if (!key) throw badRequest(`Unknown business '${value}'. Use '${venue.hotelName}' or '${venue.barName}'.`)
  return key
}
