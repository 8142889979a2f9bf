import type { Database } from 'bun:sqlite'
import { existsSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { planVariants, shareImageOf, type VariantQueue, type VariantSource } from './variants'

/** Every table column that refers to an uploaded file. */
const FILE_REFERENCES = [
  ['gallery_images', 'image'],
  ['attractions', 'image'],
  ['events', 'image'],
  ['menus', 'pdf'],
  ['page_pictures', 'name'],
  ['venue_logo', 'name'],
] as const

export interface SweepReport {
  /** Files on disk that no record knows (left by a crash between writing a file and recording it). */
  removedFiles: string[]
  /** File records that no gallery image, attraction, event or menu uses any more. */
  removedRecords: string[]
  /** Records whose file is missing from disk: reported, never deleted, so staff can re-upload. */
  missing: { table: string; id: number; file: string }[]
  /** Variant files of no recorded image (or of a size no longer planned), and half-written ones. */
  removedVariants: string[]
  /** Images queued again because some of their variants are missing. */
  queuedVariants: number
}

/**
 * Run at start-up, before the server takes requests: makes disk and database agree again after a
 * crash, without ever deleting content somebody could still want. With the variant queue it also
 * tidies the variants folder and queues the variants that are missing.
 */
export function sweepFiles(db: Database, dir: string, variants?: VariantQueue): SweepReport {
  const report: SweepReport = { removedFiles: [], removedRecords: [], missing: [], removedVariants: [], queuedVariants: 0 }
  const used = new Set<string>()
  for (const [table, column] of FILE_REFERENCES) {
    const rows = db.query(`SELECT id, ${column} AS file FROM ${table} WHERE ${column} IS NOT NULL`).all() as { id: number; file: string }[]
    for (const row of rows) {
      used.add(row.file)
      if (!existsSync(join(dir, row.file))) report.missing.push({ table, id: row.id, file: row.file })
    }
  }
  const known = db.query('SELECT name, width, height, animated FROM files').all() as VariantSource[]
  for (const { name } of known) {
    if (used.has(name)) continue
    db.query('DELETE FROM files WHERE name = ?').run(name)
    report.removedRecords.push(name)
  }
  const kept = known.filter((file) => used.has(file.name))
  const recorded = new Set(kept.map((file) => file.name))
  if (existsSync(dir)) {
    for (const entry of readdirSync(dir)) {
      if (entry.startsWith('.health-')) continue
      if (!recorded.has(entry)) {
        rmSync(join(dir, entry), { force: true, recursive: true })
        report.removedFiles.push(entry)
      }
    }
  }
  if (variants) sweepVariants(db, dir, kept, variants, report)
  return report
}

function sweepVariants(db: Database, dir: string, images: VariantSource[], variants: VariantQueue, report: SweepReport): void {
  const plans = images.filter((image) => existsSync(join(dir, image.name))).map((image) => ({ image, plan: planVariants(image) }))
  const planned = new Set(plans.flatMap(({ plan }) => plan.map((variant) => variant.name)))
  // Share pictures are made on request and kept while their image is: not queued when missing.
  const shared = new Set(plans.map(({ image }) => shareImageOf(image)?.name))
  const onDisk = new Set<string>()
  for (const entry of existsSync(variants.dir) ? readdirSync(variants.dir) : []) {
    if (planned.has(entry)) {
      onDisk.add(entry)
    } else if (!shared.has(entry)) {
      rmSync(join(variants.dir, entry), { force: true, recursive: true })
      report.removedVariants.push(entry)
    }
  }
  const rows = db.query('SELECT name FROM file_variants').all() as { name: string }[]
  for (const { name } of rows) if (!onDisk.has(name)) db.query('DELETE FROM file_variants WHERE name = ?').run(name)
  for (const { image, plan } of plans) {
    if (plan.some((variant) => !onDisk.has(variant.name))) {
      variants.enqueue(image.name)
      report.queuedVariants++
    }
  }
}
