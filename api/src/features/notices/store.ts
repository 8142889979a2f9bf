import type { Database } from 'bun:sqlite'
import type { NoticeVenue } from '../../shared/rules/notice-fields'

export interface NoticeRow {
  id: number
  text: string
  link: string | null
  link_text: string | null
  venue: NoticeVenue
  /** UTC instants, ISO 8601 with Z. */
  starts_at: string
  ends_at: string
  updated_at: string
}

export type NoticeFields = Pick<NoticeRow, 'text' | 'link' | 'link_text' | 'venue' | 'starts_at' | 'ends_at'>

const SELECT = 'SELECT id, text, link, link_text, venue, starts_at, ends_at, updated_at FROM notices'

/** How many notices still to start the public reply carries, besides every one showing now (the page's timer shows them at their start). */
export const PUBLIC_NOTICES_KEPT = 20

/**
 * Notices that have not ended at `now`, soonest start first: every one showing now (however many run at
 * once: a cap there would hide one that is due), then the next PUBLIC_NOTICES_KEPT to start.
 */
export function listNoticesNotEnded(db: Database, now: string): NoticeRow[] {
  const showing = db.query(`${SELECT} WHERE starts_at <= ? AND ends_at > ? ORDER BY starts_at, id`).all(now, now) as NoticeRow[]
  const next = db.query(`${SELECT} WHERE starts_at > ? ORDER BY starts_at, id LIMIT ?`).all(now, PUBLIC_NOTICES_KEPT) as NoticeRow[]
  return [...showing, ...next]
}

/** Every notice, soonest start first. */
export function listAllNotices(db: Database): NoticeRow[] {
  return db.query(`${SELECT} ORDER BY starts_at, id`).all() as NoticeRow[]
}

export function findNotice(db: Database, id: number): NoticeRow | null {
  return db.query(`${SELECT} WHERE id = ?`).get(id) as NoticeRow | null
}

export function insertNotice(db: Database, fields: NoticeFields, now: string): number {
  const row = db
    .query(
      `INSERT INTO notices (text, link, link_text, venue, starts_at, ends_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    )
    .get(fields.text, fields.link, fields.link_text, fields.venue, fields.starts_at, fields.ends_at, now, now) as { id: number }
  return row.id
}

export function updateNotice(db: Database, id: number, fields: NoticeFields, version: string): boolean {
  return (
    db
      .query('UPDATE notices SET text = ?, link = ?, link_text = ?, venue = ?, starts_at = ?, ends_at = ?, updated_at = ? WHERE id = ?')
      .run(fields.text, fields.link, fields.link_text, fields.venue, fields.starts_at, fields.ends_at, version, id).changes > 0
  )
}

export function deleteNotice(db: Database, id: number): boolean {
  return db.query('DELETE FROM notices WHERE id = ?').run(id).changes > 0
}
