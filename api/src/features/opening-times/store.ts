import type { Database } from 'bun:sqlite'
import type { VenueKey } from '../../shared/rules/venues'
import { GROUP_LABELS, type HotelGroup, type OpeningTimes, type StablesGroup } from './model'

interface Row {
  venue: VenueKey
  group_key: HotelGroup | StablesGroup
  open_time: string | null
  close_time: string | null
  food_open: string | null
  food_close: string | null
  closed: 0 | 1
  updated_at: string
}

const range = (open: string | null, close: string | null) => (open && close ? { open_time: open, close_time: close } : null)

export function readOpeningTimes(db: Database): OpeningTimes {
  const rows = db.query('SELECT * FROM opening_times ORDER BY venue, position').all() as Row[]
  const monsal: Record<string, unknown> = {}
  const stables: Record<string, unknown> = {}
  let updatedAt = ''
  for (const row of rows) {
    const closed = row.closed === 1
    const base = { label: GROUP_LABELS[row.group_key], closed, hours: closed ? null : range(row.open_time, row.close_time) }
    const food = closed ? null : range(row.food_open, row.food_close)
    if (row.venue === 'hotel') monsal[row.group_key] = { ...base, breakfast: food }
    else stables[row.group_key] = { ...base, lunch: food }
    if (row.updated_at > updatedAt) updatedAt = row.updated_at
  }
  return { monsal, stables, updated_at: updatedAt } as OpeningTimes
}

export interface TimesChange {
  venue: VenueKey
  group: HotelGroup | StablesGroup
  type: 'opening' | 'food'
  closed: boolean
  open: string | null
  close: string | null
}

/** When one group last changed. */
export function groupVersion(db: Database, venue: VenueKey, group: HotelGroup | StablesGroup): string {
  const row = db.query('SELECT updated_at FROM opening_times WHERE venue = ? AND group_key = ?').get(venue, group) as { updated_at: string } | null
  return row?.updated_at ?? ''
}

/**
 * The new version is after every earlier one (even within one millisecond), because clients compare
 * a group's version with the newest version they saw.
 */
const NEXT_VERSION = `max(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'),
  (SELECT strftime('%Y-%m-%dT%H:%M:%fZ', max(updated_at), '+0.001 seconds') FROM opening_times))`

export function updateOpeningTimes(db: Database, change: TimesChange): void {
  const sql =
    change.type === 'opening'
      ? `UPDATE opening_times SET closed = ?1, open_time = coalesce(?2, open_time), close_time = coalesce(?3, close_time),
           updated_at = ${NEXT_VERSION} WHERE venue = ?4 AND group_key = ?5`
      : `UPDATE opening_times SET food_open = CASE WHEN ?1 THEN NULL ELSE ?2 END, food_close = CASE WHEN ?1 THEN NULL ELSE ?3 END,
           updated_at = ${NEXT_VERSION} WHERE venue = ?4 AND group_key = ?5`
  db.query(sql).run(change.closed ? 1 : 0, change.open, change.close, change.venue, change.group)
}
