import type { Database } from 'bun:sqlite'
import type { MenuSection } from '../../shared/menu-text'

export interface MenuRow {
  id: number
  business_id: 1 | 2
  type_id: string
  pdf: string
  created_at: string
  /** JSON of the sections read from the PDF; null until the server has read it (rows from before 006). */
  sections: string | null
}

/** The newest menu of a business, of the given type or of any type. */
export function latestMenu(db: Database, businessId: 1 | 2, typeId?: string): MenuRow | null {
  if (typeId === undefined) {
    return db.query('SELECT * FROM menus WHERE business_id = ? ORDER BY id DESC LIMIT 1').get(businessId) as MenuRow | null
  }
  return db.query('SELECT * FROM menus WHERE business_id = ? AND type_id = ? ORDER BY id DESC LIMIT 1').get(businessId, typeId) as MenuRow | null
}

export function findMenu(db: Database, id: number): MenuRow | null {
  return db.query('SELECT * FROM menus WHERE id = ?').get(id) as MenuRow | null
}

export function countMenus(db: Database): number {
  return (db.query('SELECT count(*) AS n FROM menus').get() as { n: number }).n
}

/**
 * Puts a menu in place of any earlier one for the same business and type. Returns the new row's id
 * and the files the replaced rows referred to, for the caller to release once committed.
 */
export function replaceMenu(db: Database, businessId: 1 | 2, typeId: string, pdf: string, sections: MenuSection[]): { id: number; replacedFiles: string[] } {
  const replaced = db.query('DELETE FROM menus WHERE business_id = ? AND type_id = ? RETURNING pdf').all(businessId, typeId) as { pdf: string }[]
  const { id } = db
    .query('INSERT INTO menus (business_id, type_id, pdf, sections) VALUES (?, ?, ?, ?) RETURNING id')
    .get(businessId, typeId, pdf, JSON.stringify(sections)) as { id: number }
  return { id, replacedFiles: [...new Set(replaced.map((r) => r.pdf))].filter((name) => name !== pdf) }
}

/** Menus whose text has not been read yet (stored before the server read it). */
export function menusWithoutText(db: Database): MenuRow[] {
  return db.query('SELECT * FROM menus WHERE sections IS NULL ORDER BY id').all() as MenuRow[]
}

/** Stores the text read from a menu's PDF; a row replaced meanwhile is simply not there any more. */
export function setMenuSections(db: Database, id: number, sections: MenuSection[]): void {
  db.query('UPDATE menus SET sections = ? WHERE id = ? AND sections IS NULL').run(JSON.stringify(sections), id)
}

/** The stored sections of a row (null when not read yet). */
export function sectionsOf(row: MenuRow): MenuSection[] | null {
  return row.sections === null ? null : (JSON.parse(row.sections) as MenuSection[])
}
