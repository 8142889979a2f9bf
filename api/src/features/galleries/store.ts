import type { Database } from 'bun:sqlite'
import type { GalleryType } from './model'

export interface GalleryRow {
  id: number
  type: GalleryType
  image: string
  /** The generated description made at upload ("Photo of the cafe"): shown when staff wrote none. */
  alt: string
  /** What staff wrote; null: none yet. */
  alt_text: string | null
  /** Place in its gallery, 0 first. */
  position: number
  width: number
  height: number
  animated: 0 | 1
}

export interface NewGalleryImage {
  type: GalleryType
  image: string
  alt: string
  alt_text?: string | null
}

const SELECT = `SELECT g.id, g.type, g.image, g.alt, g.alt_text, g.position, f.width, f.height, f.animated
  FROM gallery_images g JOIN files f ON f.name = g.image`

/** In the order staff gave each gallery (new uploads at the end). */
export function listGalleryImages(db: Database, type?: GalleryType): GalleryRow[] {
  if (type) return db.query(`${SELECT} WHERE g.type = ? ORDER BY g.position, g.id`).all(type) as GalleryRow[]
  return db.query(`${SELECT} ORDER BY g.type, g.position, g.id`).all() as GalleryRow[]
}

export function findGalleryImage(db: Database, id: number): GalleryRow | null {
  return db.query(`${SELECT} WHERE g.id = ?`).get(id) as GalleryRow | null
}

export function countGalleryImages(db: Database): number {
  return (db.query('SELECT count(*) AS n FROM gallery_images').get() as { n: number }).n
}

/** Inserts in the given order, each at the end of its gallery, and returns the rows as stored; call inside a transaction to keep it all-or-nothing. */
export function insertGalleryImages(db: Database, images: NewGalleryImage[]): GalleryRow[] {
  const insert = db.query(
    `INSERT INTO gallery_images (type, image, alt, alt_text, position)
     VALUES (?1, ?2, ?3, ?4, (SELECT coalesce(max(position) + 1, 0) FROM gallery_images WHERE type = ?1)) RETURNING id`,
  )
  return images.map((image) => {
    const { id } = insert.get(image.type, image.image, image.alt, image.alt_text ?? null) as { id: number }
    return findGalleryImage(db, id)!
  })
}

export function deleteGalleryImage(db: Database, id: number): boolean {
  return db.query('DELETE FROM gallery_images WHERE id = ?').run(id).changes > 0
}

/** Staff's description of one picture (null: back to the generated one). */
export function setGalleryAltText(db: Database, id: number, altText: string | null): boolean {
  return db.query('UPDATE gallery_images SET alt_text = ? WHERE id = ?').run(altText, id).changes > 0
}

/**
 * Puts `ids` first in that order; the gallery's other pictures follow in the order they had. The
 * caller has checked that every id is in this gallery. Call inside a transaction.
 */
export function setGalleryOrder(db: Database, type: GalleryType, ids: number[]): void {
  const named = new Set(ids)
  const rest = listGalleryImages(db, type)
    .map((row) => row.id)
    .filter((id) => !named.has(id))
  const update = db.query('UPDATE gallery_images SET position = ? WHERE id = ?')
  for (const [position, id] of [...ids, ...rest].entries()) update.run(position, id)
}
