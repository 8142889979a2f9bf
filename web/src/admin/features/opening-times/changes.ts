/** Opening-times changes: what a queued one says (meta), how it shows on the form, how its conflict reads. */
import { timeRange } from '../../../features/opening-times/timeRange'
import { currentVenue } from '../../../shell/venue'
import type { OutboxEntry } from '../../adminApi'
import { text, type ConflictRow } from '../../shell/conflictFields'
import { mark, metaOf, type PendingMark } from '../../shell/pending'
import type { EditFields } from '../../shell/registry'
import { venueName, type VenueKey } from '../../../../../api/src/shared/rules/venues'
import { TIMES_REPLY_KEY } from '../../../../../api/src/shared/rules/opening-groups'

export type TimesMeta = { kind: 'times'; business: VenueKey; group: string; type: 'opening' | 'food'; open: string; close: string; closed: boolean }

declare module '../../shell/pending' {
  interface PendingMetaByKind {
    times: TimesMeta
  }
}

/** The newest queued change of each business, days and type ('hotel|saturday|opening'). */
export function pendingTimes(pending: OutboxEntry[]): Map<string, { meta: TimesMeta; mark: PendingMark }> {
  const out = new Map<string, { meta: TimesMeta; mark: PendingMark }>()
  for (const entry of pending) {
    const meta = metaOf(entry)
    if (meta?.kind === 'times') out.set(`${meta.business}|${meta.group}|${meta.type}`, { meta, mark: mark(entry, 'update') })
  }
  return out
}

type Range = { open_time: string; close_time: string } | null
type GroupTimes = { closed?: boolean; hours?: Range; breakfast?: Range; lunch?: Range }

/**
 * The fields a times edit sends (open_time, close_time, closed), as `times` (the opening times reply)
 * has them for one business, days and type: the edit's base, and the server's times on a conflict.
 */
export function timesEditFields(times: unknown, business: VenueKey, group: string, type: 'opening' | 'food'): Record<string, unknown> | null {
  const venueTimes = (times as Record<string, Record<string, GroupTimes> | undefined> | null)?.[TIMES_REPLY_KEY[business]]?.[group]
  if (!venueTimes) return null
  const range = type === 'food' ? (business === 'hotel' ? venueTimes.breakfast : venueTimes.lunch) : venueTimes.hours
  // As the form reads them: food is "closed" when the venue is open that day but serves none.
  const closed = type === 'food' ? !venueTimes.closed && !range : !!venueTimes.closed
  return { open_time: closed ? '' : (range?.open_time ?? ''), close_time: closed ? '' : (range?.close_time ?? ''), closed }
}

/** How a times edit merges with the times as they are now (one business, days and type). */
export const timesEdits: EditFields = {
  applies: (entry) => metaOf(entry)?.kind === 'times',
  read: (current, entry) => {
    const meta = metaOf(entry)
    return meta?.kind === 'times' ? timesEditFields(current, meta.business, meta.group, meta.type) : null
  },
  version: (current) => (current as { updated_at?: string } | null)?.updated_at,
}

/** One row: which venue, days and hours, staff's times beside the server's. */
export function timesConflictRows(entry: OutboxEntry, mine: Record<string, string>, current: Record<string, unknown>): ConflictRow[] {
  const meta = metaOf(entry)
  const times = meta?.kind === 'times' ? meta : null
  const venueTimes = times ? ((current[TIMES_REPLY_KEY[times.business]] as Record<string, Record<string, unknown>> | undefined)?.[times.group] ?? null) : null
  const foodKey = times?.business === 'hotel' ? 'breakfast' : 'lunch'
  const range = (r: unknown) =>
    r && typeof r === 'object' ? timeRange((r as { open_time: string }).open_time, (r as { close_time: string }).close_time) : 'Closed'
  const theirs = venueTimes ? (venueTimes.closed ? 'Closed' : range(times?.type === 'food' ? venueTimes[foodKey] : venueTimes.hours)) : '—'
  const minePart = mine.closed === 'true' ? 'Closed' : timeRange(text(mine.open_time), text(mine.close_time))
  const what = times
    ? `${venueName(currentVenue(), times.business)}, ${String(venueTimes?.label ?? times.group)}: ${times.type === 'food' ? (times.business === 'hotel' ? 'breakfast' : 'lunch') : 'opening hours'}`
    : 'Times'
  return [{ fields: ['open_time', 'close_time', 'closed'], label: what, mine: minePart, theirs }]
}
