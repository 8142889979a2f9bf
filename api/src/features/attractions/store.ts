import type { Database } from 'bun:sqlite'

export interface AttractionRow {
  id: number
  name: string
  url: string
  description: string
  image: string
  width: number
  height: number
  animated: 0 | 1
  updated_at: string
  /** Staff's description of the picture; null: none (the picture is then decorative beside the name). */
  alt_text: string | null
}

export interface AttractionFields {
  name: string
  url: string
  description: string
  image: string
  /** Staff's description of the picture (null or left out: none). */
  alt_text?: string | null
}

const SELECT = `SELECT a.id, a.name, a.url, a.description, a.image, a.alt_text, a.updated_at, f.width, f.height, f.animated
  FROM attractions a JOIN files f ON f.name = a.image`

/** By name, ignoring case, as visitors scan the list. */
export function listAttractions(db: Database): AttractionRow[] {
  return db.query(`${SELECT} ORDER BY a.name COLLATE NOCASE, a.id`).all() as AttractionRow[]
}

export function findAttraction(db: Database, id: number): AttractionRow | null {
  return db.query(`${SELECT} WHERE a.id = ?`).get(id) as AttractionRow | null
}

export function countAttractions(db: Database): number {
  return (db.query('SELECT count(*) AS n FROM attractions').get() as { n: number }).n
}

export function insertAttraction(db: Database, fields: AttractionFields, now: string): number {
  const row = db
    .query('INSERT INTO attractions (name, url, description, image, alt_text, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id')
    .get(fields.name, fields.url, fields.description, fields.image, fields.alt_text ?? null, now, now) as { id: number }
  return row.id
}

export function updateAttraction(db: Database, id: number, fields: AttractionFields, now: string): boolean {
  return (
    db
      .query('UPDATE attractions SET name = ?, url = ?, description = ?, image = ?, alt_text = ?, updated_at = ? WHERE id = ?')
      .run(fields.name, fields.url, fields.description, fields.image, fields.alt_text ?? null, now, id).changes > 0
  )
}

export function deleteAttraction(db: Database, id: number): boolean {
  return db.query('DELETE FROM attractions WHERE id = ?').run(id).changes > 0
}
