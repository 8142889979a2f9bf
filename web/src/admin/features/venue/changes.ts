/** Venue-details changes: what a queued one says (meta), the values the form shows while it waits. */
import type { OutboxEntry } from '../../adminApi'
import { mark, metaOf, type PendingMark } from '../../shell/pending'
import type { VenueDetails } from '../../../../../api/src/shared/rules/venue-details'

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
