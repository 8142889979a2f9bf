/** Opening-times exception changes: what a queued one says (meta) and how it shows in the list. */
import type { AdminHoliday } from '../../../api/types'
import type { OutboxEntry } from '../../../offline/outbox'
import { mark, metaOf, type PendingMark } from '../../shell/pending'

export type HolidayMeta =
  | { kind: 'holiday'; op: 'create'; holiday: Pick<AdminHoliday, 'holiday_date' | 'location' | 'open_time' | 'close_time' | 'closed'> }
  | { kind: 'holiday'; op: 'delete'; holiday_date: string; location: string }

export type DisplayHoliday = Omit<AdminHoliday, 'id' | 'venue'> & { id: number | string; venue?: AdminHoliday['venue']; pending?: PendingMark }

const holidayKey = (date: string, location: string) => `${date}|${location.trim().toLowerCase()}`

export function mergeHolidays(server: AdminHoliday[], pending: OutboxEntry[]): DisplayHoliday[] {
  const rows: DisplayHoliday[] = server.map((h) => ({ ...h }))
  for (const entry of pending) {
    const meta = metaOf(entry)
    if (meta?.kind !== 'holiday') continue
    if (meta.op === 'create') {
      rows.push({ id: entry.id, ...meta.holiday, original_holiday_date: meta.holiday.holiday_date, pending: mark(entry, 'create') })
      continue
    }
    const key = holidayKey(meta.holiday_date, meta.location)
    const index = rows.findIndex((r) => holidayKey(r.original_holiday_date, r.location) === key && r.pending?.op !== 'delete')
    if (index >= 0) rows[index] = { ...rows[index]!, pending: mark(entry, 'delete') }
  }
  return rows.sort((a, b) => a.holiday_date.localeCompare(b.holiday_date))
}
