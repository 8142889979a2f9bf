import type { Database } from 'bun:sqlite'

export interface EventRow {
  id: number
  title: string
  description: string
  start_datetime: string
  image: string | null
  image_width: number | null
  image_height: number | null
  image_animated: 0 | 1 | null
  ticket_url: string | null
  contact_to_book: 0 | 1
  updated_at: string
  /** Staff's description of the picture; null: none. */
  alt_text: string | null
}

export interface EventFields {
  title: string
  description: string
  /** UTC instant, ISO 8601 with Z, so text order is time order. */
  startDatetime: string
  image: string | null
  ticketUrl: string | null
  contactToBook: boolean
}

const SELECT_EVENTS = `
  SELECT e.id, e.title, e.description, e.start_datetime, e.image, f.width AS image_width, f.height AS image_height, f.animated AS image_animated,
         e.ticket_url, e.contact_to_book, e.updated_at, e.alt_text
  FROM events e LEFT JOIN files f ON f.name = e.image`

/** Events starting at or after the given instant (every event without one), soonest first. */
export function listEvents(db: Database, from?: string): EventRow[] {
  if (from === undefined) return db.query(`${SELECT_EVENTS} ORDER BY e.start_datetime, e.id`).all() as EventRow[]
  return db.query(`${SELECT_EVENTS} WHERE e.start_datetime >= ? ORDER BY e.start_datetime, e.id`).all(from) as EventRow[]
}

export function findEvent(db: Database, id: number): EventRow | null {
  return db.query(`${SELECT_EVENTS} WHERE e.id = ?`).get(id) as EventRow | null
}

export function countEvents(db: Database): number {
  return (db.query('SELECT count(*) AS n FROM events').get() as { n: number }).n
}

export function insertEvent(db: Database, event: EventFields): number {
  const row = db
    .query(
      `INSERT INTO events (title, description, start_datetime, image, ticket_url, contact_to_book)
       VALUES (?, ?, ?, ?, ?, ?) RETURNING id`,
    )
    .get(event.title, event.description, event.startDatetime, event.image, event.ticketUrl, event.contactToBook ? 1 : 0) as { id: number }
  return row.id
}

/**
 * Overwrites every field of the event. Returns false when there is no such event. The version
 * (updated_at) always moves forward, even twice in one millisecond, so If-Match can tell edits apart.
 */
export function updateEvent(db: Database, id: number, event: EventFields): boolean {
  const { changes } = db
    .query(
      `UPDATE events SET title = ?, description = ?, start_datetime = ?, image = ?, ticket_url = ?, contact_to_book = ?,
         updated_at = max(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', updated_at, '+0.001 seconds'))
       WHERE id = ?`,
    )
    .run(event.title, event.description, event.startDatetime, event.image, event.ticketUrl, event.contactToBook ? 1 : 0, id)
  return changes > 0
}

/** Deletes the event and returns the file it referred to, or undefined when there was no such event. */
export function deleteEvent(db: Database, id: number): { image: string | null } | undefined {
  const row = db.query('DELETE FROM events WHERE id = ? RETURNING image').get(id) as { image: string | null } | null
  return row ?? undefined
}

/** Staff's description of the event's picture (null: none); written in the same transaction as the create or edit. */
export function setEventAltText(db: Database, id: number, altText: string | null): void {
  db.query('UPDATE events SET alt_text = ? WHERE id = ?').run(altText, id)
}
