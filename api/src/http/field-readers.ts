/**
 * Reading request fields by the shared rules (api/src/shared/rules), with the server's answer when a
 * field breaks one: 400 with the rule's own message. The rules stay pure, so the web app imports them too.
 */
import type { Venue } from '../shared/venue'
import { altTextProblem, normalizeAltText } from '../shared/rules/alt-text'
import { hiddenCharacterProblem } from '../shared/rules/hidden-characters'
import { venueKeyOf, type VenueKey } from '../shared/rules/venues'
import { badRequest } from './errors'

/** A picture's description as a route stores it (null: none); undefined when none was sent (an edit keeps it). Too long: 400. */
export function readAltText(value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined
  const problem = altTextProblem(value)
  if (problem) throw badRequest(problem)
  return normalizeAltText(value)
}

/**
 * A text visitors read, trimmed (null when empty); one holding a character nobody can see (a control
 * character, a zero-width space, a direction override) is a 400 that names the field. `multiline`: line
 * breaks and tabs belong to it (a description).
 */
export function readShownText(label: string, value: string | null | undefined, options: { multiline?: boolean } = {}): string | null {
  const trimmed = value?.trim() || null
  const problem = trimmed === null ? null : hiddenCharacterProblem(label, trimmed, options)
  if (problem) throw badRequest(problem)
  return trimmed
}

/** Reads a business or location as staff, forms and older clients send it (a key or a name); refuses anything else. */
export function parseVenueName(venue: Venue, value: string): VenueKey {
  const key = venueKeyOf(venue, value)
  if (!key) throw badRequest(`Unknown business '${value}'. Use '${venue.hotelName}' or '${venue.barName}'.`)
  return key
}
