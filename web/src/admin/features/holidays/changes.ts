/** Opening-times exception changes: what a queued one says (meta) and how it shows in the list. */
import type { AdminHoliday } from '../../../api/types'
import type { OutboxEntry } from '../../adminApi'
import { mark, metaOf, type PendingMark } from '../../shell/pending'
import { venueKeyOf, type VenueKey } from '../../../../../api/src/shared/rules/venues'
import { currentVenue } from '../../../shell/venue'

/** `venue` is the key; changes queued by older versions carry only `location`, the display name. */
export type HolidayMeta =
  | { kind: 'holiday'; op: 'create'; holiday: Pick<AdminHoliday, 'holiday_date' | 'location' | 'open_time' | 'close_time' | 'closed'> & { venue?: VenueKey } }
  | { kind: 'holiday'; op: 'delete'; holiday_date: string; location: string; venue?: VenueKey }

declare module '../../shell/pending' {
  interface PendingMetaByKind {
    holiday: HolidayMeta
  }
}

export type DisplayHoliday = Omit<AdminHoliday, 'id' | 'venue'> & { id: number | string; venue?: AdminHoliday['venue']; pending?: PendingMark }

/** The venue a queued change is for: its key, or the venue its display name stands for. */
const queuedVenue = (venue: VenueKey | undefined, location: string) => venue ?? venueKeyOf(currentVenue(), location) ?? undefined

export function mergeHolidays(server: AdminHoliday[], pending: OutboxEntry[]): DisplayHoliday[] {
  const rows: DisplayHoliday[] = server.map((h) => ({ ...h }))
  for (const entry of pending) {
    const meta = metaOf(entry)
    if (meta?.kind !== 'holiday') continue
    if (meta.op === 'create') {
      const venue = queuedVenue(meta.holiday.venue, meta.holiday.location)
      rows.push({ id: entry.id, ...meta.holiday, venue, original_holiday_date: meta.holiday.holiday_date, pending: mark(entry, 'create') })
      continue
    }
    const venue = queuedVenue(meta.venue, meta.location)
    const index = rows.findIndex((r) => r.original_holiday_date === meta.holiday_date && r.venue === venue && r.pending?.op !== 'delete')
    if (index >= 0) rows[index] = { ...rows[index]!, pending: mark(entry, 'delete') }
  }
  return rows.sort((a, b) => a.holiday_date.localeCompare(b.holiday_date))
}
