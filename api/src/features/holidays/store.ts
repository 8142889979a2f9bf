import type { Database } from 'bun:sqlite'
import type { VenueKey } from '../../shared/rules/venues'

export interface HolidayRow {
  id: number
  venue: VenueKey
  holiday_date: string
  open_time: string | null
  close_time: string | null
  closed: 0 | 1
}

export interface NewHoliday {
  venue: VenueKey
  date: string
  open: string | null
  close: string | null
  closed: boolean
}

const COLUMNS = 'id, venue, holiday_date, open_time, close_time, closed'

/** Exceptions on or after the given venue date, soonest first. */
export function listHolidaysFrom(db: Database, fromDate: string): HolidayRow[] {
  return db.query(`SELECT ${COLUMNS} FROM holidays WHERE holiday_date >= ? ORDER BY holiday_date, venue`).all(fromDate) as HolidayRow[]
}

export function listAllHolidays(db: Database): HolidayRow[] {
  return db.query(`SELECT ${COLUMNS} FROM holidays ORDER BY holiday_date, venue`).all() as HolidayRow[]
}

export function countHolidays(db: Database): number {
  return (db.query('SELECT count(*) AS n FROM holidays').get() as { n: number }).n
}

/** Adds an exception; null when the venue already has one on that date. */
export function insertHoliday(db: Database, holiday: NewHoliday): HolidayRow | null {
  return db
    .query(
      `INSERT INTO holidays (venue, holiday_date, open_time, close_time, closed) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (venue, holiday_date) DO NOTHING RETURNING ${COLUMNS}`,
    )
    .get(holiday.venue, holiday.date, holiday.open, holiday.close, holiday.closed ? 1 : 0) as HolidayRow | null
}

/** Removes the venue's exception on that date; false when there was none. */
export function deleteHoliday(db: Database, venue: VenueKey, date: string): boolean {
  return db.query('DELETE FROM holidays WHERE venue = ? AND holiday_date = ?').run(venue, date).changes > 0
}
