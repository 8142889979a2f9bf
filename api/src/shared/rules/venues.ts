// Pure rules about the two venues, imported by the API and the web app alike (no server imports).

/** The two places the business runs: the hotel and cafe, and the Stables bar. */
export const VENUE_KEYS = ['hotel', 'stables'] as const
export type VenueKey = (typeof VENUE_KEYS)[number]

/** Menu and business ids of SPEC.md: 1 is the Stables, 2 is the hotel and cafe. */
export type BusinessId = 1 | 2
export const BUSINESS_IDS: Record<VenueKey, BusinessId> = { stables: 1, hotel: 2 }

/** Each business's menu page: /menu/menu1 is the Stables, /menu/menu2 the hotel cafe. */
export const menuPath = (businessId: BusinessId) => `/menu/menu${businessId}`

/** The business a menu page's route id (`menu1`, `menu2`) stands for, or undefined for any other. */
export function businessOfMenuRoute(routeId: string): BusinessId | undefined {
  const match = /^menu([12])$/.exec(routeId)
  return match ? (Number(match[1]) as BusinessId) : undefined
}

/** The display names of the venues, as configured (the server's config and the web build both carry them). */
export interface VenueNames {
  hotelName: string
  barName: string
}

export function venueName(names: VenueNames, key: VenueKey): string {
  return key === 'hotel' ? names.hotelName : names.barName
}

/** The business a menu belongs to, as staff know it: the Stables bar, or the hotel's cafe. */
export function menuBusinessName(names: VenueNames, businessId: BusinessId): string {
  return businessId === BUSINESS_IDS.stables ? names.barName : `${names.hotelName} cafe`
}

const normalise = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim()

/**
 * The venue a key or a name stands for, or null when it names neither. Forms send the key; staff,
 * older clients and changes they queued offline send a display name. Matching ignores case and
 * spacing, so 'The Stables bar' and 'The Stables Bar' are the same place.
 */
export function venueKeyOf(names: VenueNames, value: string): VenueKey | null {
  // A Map, not an object: a name such as '__proto__' or 'constructor' must not find Object.prototype's members.
  const known = new Map<string, VenueKey>([
    [normalise(names.hotelName), 'hotel'],
    [normalise(names.barName), 'stables'],
    ['hotel', 'hotel'],
    ['monsal', 'hotel'],
    ['stables', 'stables'],
    ['the stables', 'stables'],
    ['the stables bar', 'stables'],
  ])
  return known.get(normalise(value)) ?? null
}
