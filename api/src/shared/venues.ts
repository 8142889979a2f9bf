import type { Venue } from '../config'
import { badRequest } from '../http/errors'

/** The two places the business runs: the hotel and cafe, and the Stables bar. */
export type VenueKey = 'hotel' | 'stables'

/** Menu and business ids of SPEC.md: 1 is the Stables, 2 is the hotel and cafe. */
export const BUSINESS_IDS: Record<VenueKey, 1 | 2> = { stables: 1, hotel: 2 }

export function venueName(venue: Venue, key: VenueKey): string {
  return key === 'hotel' ? venue.hotelName : venue.barName
}

/**
 * Reads a business or location name as staff and older clients send it. Matching ignores case and
 * spacing, so 'The Stables bar' and 'The Stables Bar' are the same place.
 */
export function parseVenueName(venue: Venue, value: string): VenueKey {
  const norm = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim()
  const given = norm(value)
  // A Map, not an object: a name such as '__proto__' or 'constructor' must not find Object.prototype's members.
  const names = new Map<string, VenueKey>([
    [norm(venue.hotelName), 'hotel'],
    [norm(venue.barName), 'stables'],
    ['hotel', 'hotel'],
    ['monsal', 'hotel'],
    ['stables', 'stables'],
    ['the stables', 'stables'],
    ['the stables bar', 'stables'],
  ])
  const key = names.get(given)
  if (!key) throw badRequest(`Unknown business '${value}'. Use '${venue.hotelName}' or '${venue.barName}'.`)
  return key
}
