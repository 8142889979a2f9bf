/** Venue-details changes: what a queued one says (meta), the values the form shows while it waits. */
import type { OutboxEntry } from '../../adminApi'
import { mark, metaOf, type PendingMark } from '../../shell/pending'
import { VENUE_FIELDS, type VenueDetails } from '../../../../../api/src/shared/rules/venue-details'
import { text, type ConflictRow } from '../../shell/conflictFields'
import type { EditFields } from '../../shell/registry'

/** `fields`: the paths it changes ('phone', 'booking.origin'), for the Pending changes list. */
export type VenueMeta = { kind: 'venue'; op: 'update'; fields: string[] }

declare module '../../shell/pending' {
  interface PendingMetaByKind {
    venue: VenueMeta
  }
}

/** The newest queued change of the details: its values (what the server will have) and its badge. */
export function pendingVenue(pending: readonly OutboxEntry[]): { details: VenueDetails; mark: PendingMark } | null {
  let newest: { details: VenueDetails; mark: PendingMark } | null = null
  for (const entry of pending) {
    if (metaOf(entry)?.kind !== 'venue' || entry.body.kind !== 'json') continue
    newest = { details: entry.body.value as VenueDetails, mark: mark(entry, 'update') }
  }
  return newest
}

/** The details in a 409 reply (`{ venue, updated_at }`), for the merge: each top-level field, a group (the address) as one. */
const detailsOf = (current: unknown): Record<string, unknown> | null => {
  const venue = current && typeof current === 'object' ? (current as { venue?: unknown }).venue : undefined
  return venue && typeof venue === 'object' ? { ...(venue as Record<string, unknown>) } : null
}

/** Edits of the venue's details merge field by field: an address another owner changed stays when this one changed the phone. */
export const venueEdits: EditFields = {
  applies: (entry) => entry.method === 'PUT' && entry.path === '/api/admin/venue',
  read: (current) => detailsOf(current),
  version: (current) => (current as { updated_at?: string } | null)?.updated_at,
}

/** A group's words for the conflict view: its label and its values joined ("Street, Town, …"). */
const GROUP_LABELS: Record<string, string> = { address: 'Postal address', geo: 'Map position', booking: 'Booking widget' }
const words = (value: unknown) => (value && typeof value === 'object' ? Object.values(value).map(String).join(', ') : text(value))

/** The fields changed on both sides, in staff's words. */
export function venueConflictRows(entry: OutboxEntry, mine: Record<string, string>, current: Record<string, unknown>): ConflictRow[] | null {
  if (!venueEdits.applies(entry) || entry.body.kind !== 'json') return null
  const sent = entry.body.value as Record<string, unknown>
  const theirs = detailsOf(current) ?? {}
  return Object.keys(sent).map((field) => ({
    fields: [field],
    label: GROUP_LABELS[field] ?? VENUE_FIELDS.find((known) => known.path === field)?.label ?? field,
    mine: words(sent[field] ?? mine[field]),
    theirs: words(theirs[field]),
  }))
}
