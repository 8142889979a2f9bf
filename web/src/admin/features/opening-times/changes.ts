/** Opening-times changes: what a queued one says (meta), how it shows on the form, how its conflict reads. */
import { timeRange } from '../../../features/opening-times/timeRange'
import { currentVenue } from '../../../shell/venue'
import type { OutboxEntry } from '../../adminApi'
import { text, type ConflictRow } from '../../shell/conflictFields'
import { mark, metaOf, type PendingMark } from '../../shell/pending'
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
  return [{ label: what, mine: minePart, theirs }]
}
