import type { Database } from 'bun:sqlite'
import { existsSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'

/** Every table column that refers to an uploaded file. */
const FILE_REFERENCES = [
  ['gallery_images', 'image'],
  ['attractions', 'image'],
  ['events', 'image'],
  ['menus', 'pdf'],
] as const

export interface SweepReport {
  /** Files on disk that no record knows (left by a crash between writing a file and recording it). */
  removedFiles: string[]
  /** File records that no gallery image, attraction, event or menu uses any more. */
  removedRecords: string[]
  /** Records whose file is missing from disk: reported, never deleted, so staff can re-upload. */
  missing: { table: string; id: number; file: string }[]
}

/**
 * Run at start-up, before the server takes requests: makes disk and database agree again after a
 * crash, without ever deleting content somebody could still want.
 */
export function sweepFiles(db: Database, dir: string): SweepReport {
  const report: SweepReport = { removedFiles: [], removedRecords: [], missing: [] }
  const used = new Set<string>()
  for (const [table, column] of FILE_REFERENCES) {
    const rows = db.query(`SELECT id, ${column} AS file FROM ${table} WHERE ${column} IS NOT NULL`).all() as { id: number; file: string }[]
    for (const row of rows) {
      used.add(row.file)
      if (!existsSync(join(dir, row.file))) report.missing.push({ table, id: row.id, file: row.file })
    }
  }
  const known = db.query('SELECT name FROM files').all() as { name: string }[]
  for (const { name } of known) {
    if (used.has(name)) continue
    db.query('DELETE FROM files WHERE name = ?').run(name)
    report.removedRecords.push(name)
  }
  const recorded = new Set(known.map((f) => f.name).filter((name) => used.has(name)))
  if (existsSync(dir)) {
    for (const entry of readdirSync(dir)) {
      if (entry.startsWith('.health-')) continue
      if (!recorded.has(entry)) {
        rmSync(join(dir, entry), { force: true, recursive: true })
        report.removedFiles.push(entry)
      }
    }
  }
  return report
}
