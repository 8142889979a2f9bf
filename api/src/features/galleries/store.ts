import type { Database } from 'bun:sqlite'
import type { GalleryType } from './model'

export interface GalleryRow {
  id: number
  type: GalleryType
  image: string
  alt: string
  width: number
  height: number
  animated: 0 | 1
}

export interface NewGalleryImage {
  type: GalleryType
  image: string
  alt: string
}

const SELECT = `SELECT g.id, g.type, g.image, g.alt, f.width, f.height, f.animated
  FROM gallery_images g JOIN files f ON f.name = g.image`

/** Newest first. */
export function listGalleryImages(db: Database, type?: GalleryType): GalleryRow[] {
  if (type) return db.query(`${SELECT} WHERE g.type = ? ORDER BY g.id DESC`).all(type) as GalleryRow[]
  return db.query(`${SELECT} ORDER BY g.id DESC`).all() as GalleryRow[]
}

export function findGalleryImage(db: Database, id: number): GalleryRow | null {
  return db.query(`${SELECT} WHERE g.id = ?`).get(id) as GalleryRow | null
}

export function countGalleryImages(db: Database): number {
  return (db.query('SELECT count(*) AS n FROM gallery_images').get() as { n: number }).n
}

/** Inserts in the given order and returns the rows as stored; call inside a transaction to keep it all-or-nothing. */
export function insertGalleryImages(db: Database, images: NewGalleryImage[]): GalleryRow[] {
  const insert = db.query('INSERT INTO gallery_images (type, image, alt) VALUES (?, ?, ?) RETURNING id')
  return images.map((image) => {
    const { id } = insert.get(image.type, image.image, image.alt) as { id: number }
    return findGalleryImage(db, id)!
  })
}

export function deleteGalleryImage(db: Database, id: number): boolean {
  return db.query('DELETE FROM gallery_images WHERE id = ?').run(id).changes > 0
}
