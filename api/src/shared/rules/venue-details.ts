// The venue's details as owners edit them (names, phone, address, map and third-party addresses):
// their shape and every field's check. Pure: the API refuses what these refuse, and the staff form
// checks with the same words before it queues a change.
import { hiddenCharacterProblem } from './hidden-characters'

/** The venue's public identity. A real venue changes it in the staff screen Venue details. */
export interface VenueDetails {
  hotelName: string
  barName: string
  phone: string
  email: string
  address: { street: string; locality: string; region: string; postcode: string; country: string }
  geo: { latitude: number; longitude: number }
  mapEmbedUrl: string
  mapLinkUrl: string
  giftCardUrl: string
  instagramUrl: string
  booking: { scriptUrl: string; widgetId: string; origin: string }
}

type Check = (value: unknown, details: Record<string, unknown>) => string | null

interface FieldRule {
  /** Where the value sits: 'phone', 'address.postcode'. */
  path: string
  /** The field's name as the form labels it; every message about it starts with it. */
  label: string
  kind: 'text' | 'number'
  /** The longest text accepted (the form stops typing there). */
  max?: number
  check: Check
}

const EXAMPLE_PHONE = '01632 960 123'

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '')

const required =
  (label: string, max: number): Check =>
  (value) => {
    const v = text(value)
    if (v === '') return `${label} must not be empty.`
    return v.length > max ? `${label} must be at most ${max} characters.` : null
  }

/** A UK number as people write it: 01632 960 123, (01632) 960123, +44 1632 960 123, 07700 900 123. */
export function isUkPhone(value: string): boolean {
  const compact = value.replace(/[\s()-]/g, '')
  return /^[\d\s()+-]+$/.test(value) && /^(?:\+44|0)\d{9,10}$/.test(compact)
}

/** The postcode shape of Royal Mail's format (LA22 9HL, SW1A 1AA, M1 1AE); whether it exists is not checked. */
export function isUkPostcode(value: string): boolean {
  return /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i.test(value.trim())
}

/**
 * A host as the Content-Security-Policy reads one source: dot-separated labels of letters, digits and
 * hyphens (an international name as its xn-- form). WHATWG URL accepts hosts such as "book.example;sandbox",
 * "*.com" or "a,b.example", which a policy would read as a second directive, a wildcard or a second policy.
 */
export function isPlainHost(hostname: string): boolean {
  const label = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?'
  return hostname.length <= 253 && new RegExp(`^${label}(?:\\.${label})+$`).test(hostname)
}

function httpsAddress(value: string): URL | null {
  if (!URL.canParse(value)) return null
  const url = new URL(value)
  return url.protocol === 'https:' && isPlainHost(url.hostname) && !url.username && !url.password ? url : null
}

/** The https origin of a third party's address, as a policy may list it; null for anything else. */
export const plainHttpsOrigin = (value: string): string | null => httpsAddress(value)?.origin ?? null

const https =
  (label: string, example: string): Check =>
  (value) => {
    const v = text(value)
    if (v.length > 2048) return `${label} must be at most 2048 characters.`
    return httpsAddress(v) ? null : `${label} must be a full https:// address, e.g. ${example}.`
  }

const within =
  (label: string, min: number, max: number): Check =>
  (value) =>
    typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max ? null : `${label} must be a number from ${min} to ${max}.`

const originOf = (value: unknown) => plainHttpsOrigin(text(value))

/** Every field, in the form's order, with its check. */
export const VENUE_FIELDS: readonly FieldRule[] = [
  { path: 'hotelName', label: 'Hotel name', kind: 'text', max: 80, check: required('Hotel name', 80) },
  { path: 'barName', label: 'Bar name', kind: 'text', max: 80, check: required('Bar name', 80) },
  {
    path: 'phone',
    label: 'Phone',
    kind: 'text',
    max: 30,
    check: (v) => (isUkPhone(text(v)) ? null : `Phone: '${text(v)}' is not a UK phone number, e.g. ${EXAMPLE_PHONE} or +44 1632 960 123.`),
  },
  {
    path: 'email',
    label: 'Email',
    kind: 'text',
    max: 254,
    check: (v) => {
      const email = text(v)
      return email.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@.]+$/.test(email) ? null : `Email: '${email}' is not an email address, e.g. hello@example.com.`
    },
  },
  { path: 'address.street', label: 'Street', kind: 'text', max: 120, check: required('Street', 120) },
  { path: 'address.locality', label: 'Town or village', kind: 'text', max: 120, check: required('Town or village', 120) },
  { path: 'address.region', label: 'Region', kind: 'text', max: 120, check: required('Region', 120) },
  {
    path: 'address.postcode',
    label: 'Postcode',
    kind: 'text',
    max: 8,
    check: (v) => (isUkPostcode(text(v)) ? null : `Postcode: '${text(v)}' is not a UK postcode, e.g. LA22 9HL.`),
  },
  {
    path: 'address.country',
    label: 'Country',
    kind: 'text',
    max: 2,
    check: (v) => (/^[A-Z]{2}$/.test(text(v)) ? null : 'Country must be a two-letter country code in capitals, e.g. GB.'),
  },
  { path: 'geo.latitude', label: 'Latitude', kind: 'number', check: within('Latitude', -90, 90) },
  { path: 'geo.longitude', label: 'Longitude', kind: 'number', check: within('Longitude', -180, 180) },
  { path: 'mapEmbedUrl', label: 'Map embed address', kind: 'text', max: 2048, check: https('Map embed address', 'https://maps.example.com/embed?q=Hotel') },
  { path: 'mapLinkUrl', label: 'Map link', kind: 'text', max: 2048, check: https('Map link', 'https://maps.example.com/?q=Hotel') },
  { path: 'giftCardUrl', label: 'Gift-card shop', kind: 'text', max: 2048, check: https('Gift-card shop', 'https://giftcards.example.com/hotel') },
  { path: 'instagramUrl', label: 'Instagram', kind: 'text', max: 2048, check: https('Instagram', 'https://www.instagram.com/yourvenue/') },
  {
    path: 'booking.scriptUrl',
    label: 'Booking script',
    kind: 'text',
    max: 2048,
    check: (v, all) => {
      const problem = https('Booking script', 'https://booking.example.com/widget.js')(v, all)
      if (problem) return problem
      const origin = originOf(all['booking.origin'])
      // The Content-Security-Policy allows scripts from the booking origin only: a script elsewhere would be blocked.
      return origin && originOf(v) !== origin ? `Booking script must be on the booking origin, ${origin}.` : null
    },
  },
  {
    path: 'booking.widgetId',
    label: 'Booking widget id',
    kind: 'text',
    max: 120,
    check: (v) => (/^[\w.:-]{1,120}$/.test(text(v)) ? null : 'Booking widget id must be 1 to 120 letters, digits, dots, colons, dashes or underscores.'),
  },
  {
    path: 'booking.origin',
    label: 'Booking origin',
    kind: 'text',
    max: 2048,
    check: (v) => {
      const url = httpsAddress(text(v))
      return url && text(v).replace(/\/$/, '') === url.origin
        ? null
        : 'Booking origin must be an https:// address with nothing after the host, e.g. https://booking.example.com.'
    },
  },
]

const GROUPS = { address: 'Address', geo: 'Map position', booking: 'Booking' } as const

export interface VenueProblem {
  /** The field at fault ('address.postcode'), or '' for the request as a whole. */
  field: string
  message: string
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** The values by path ('address.postcode': 'LA22 9HL'), or a problem with the shape (unknown or missing fields, a group that is not an object). */
function flatten(input: unknown): { values: Record<string, unknown> } | { problem: VenueProblem } {
  if (!isRecord(input)) return { problem: { field: '', message: 'The venue details must be a JSON object.' } }
  const known = new Set(VENUE_FIELDS.map((field) => field.path))
  const values: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(input)) {
    if (Object.hasOwn(GROUPS, key)) {
      if (!isRecord(value)) return { problem: { field: key, message: `${GROUPS[key as keyof typeof GROUPS]} must be an object of its fields.` } }
      for (const [inner, innerValue] of Object.entries(value)) values[`${key}.${inner}`] = innerValue
    } else values[key] = value
  }
  const unknown = Object.keys(values).find((path) => !known.has(path))
  if (unknown !== undefined) return { problem: { field: '', message: `Unknown field '${unknown.slice(0, 60)}': venue details have no such field.` } }
  for (const field of VENUE_FIELDS) {
    const value = values[field.path]
    if (value === undefined) return { problem: { field: field.path, message: `${field.label} is missing.` } }
    if (field.kind === 'text' && typeof value !== 'string') return { problem: { field: field.path, message: `${field.label} must be text.` } }
  }
  return { values }
}

/** Every problem with `input` as venue details (field by field, in the form's order); empty: it may be saved. */
export function venueDetailsProblems(input: unknown): VenueProblem[] {
  const flat = flatten(input)
  if ('problem' in flat) return [flat.problem]
  return VENUE_FIELDS.flatMap((field) => {
    const value = flat.values[field.path]
    const hidden = typeof value === 'string' ? hiddenCharacterProblem(field.label, value) : null
    const message = hidden ?? field.check(value, flat.values)
    return message ? [{ field: field.path, message }] : []
  })
}

/** The details as they are saved: text trimmed, the postcode in capitals, the booking origin without a trailing slash. Check first. */
export function normalisedVenueDetails(details: VenueDetails): VenueDetails {
  const a = details.address
  return {
    hotelName: details.hotelName.trim(),
    barName: details.barName.trim(),
    phone: details.phone.trim(),
    email: details.email.trim(),
    address: {
      street: a.street.trim(),
      locality: a.locality.trim(),
      region: a.region.trim(),
      postcode: a.postcode.trim().toUpperCase(),
      country: a.country.trim(),
    },
    geo: { latitude: details.geo.latitude, longitude: details.geo.longitude },
    mapEmbedUrl: details.mapEmbedUrl.trim(),
    mapLinkUrl: details.mapLinkUrl.trim(),
    giftCardUrl: details.giftCardUrl.trim(),
    instagramUrl: details.instagramUrl.trim(),
    booking: {
      scriptUrl: details.booking.scriptUrl.trim(),
      widgetId: details.booking.widgetId.trim(),
      origin: details.booking.origin.trim().replace(/\/$/, ''),
    },
  }
}

/** The field a server's message is about (every message starts with its field's label), or '' when none. */
export function venueFieldOfMessage(message: string): string {
  return VENUE_FIELDS.find((field) => message.startsWith(`${field.label} `) || message.startsWith(`${field.label}:`))?.path ?? ''
}

/** The fields that differ between two copies, by path, before → after: for the activity trail. */
export function venueDetailChanges(before: VenueDetails, after: VenueDetails): { field: string; before: unknown; after: unknown }[] {
  const at = (details: VenueDetails, path: string) => path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], details)
  return VENUE_FIELDS.filter((field) => at(before, field.path) !== at(after, field.path)).map((field) => ({
    field: field.path,
    before: at(before, field.path),
    after: at(after, field.path),
  }))
}
