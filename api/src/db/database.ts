import { Database } from 'bun:sqlite'
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { keepNewFilesPrivate, makePrivateDir, makePrivateFile, narrowIfPresent } from './private-files'

const migrationsDir = join(import.meta.dir, 'migrations')

/** Opens the SQLite file with the pragmas every connection needs and brings its schema up to date. */
export function openDatabase(file: string): Database {
  if (file !== ':memory:') {
    keepNewFilesPrivate()
    makePrivateDir(dirname(file))
    // SQLite gives the -wal and -shm files the database file's own mode, so that mode is set first.
    makePrivateFile(file)
    narrowIfPresent(`${file}-wal`, `${file}-shm`)
  }
  const db = new Database(file, { create: true, strict: true })
  db.exec('PRAGMA journal_mode = WAL')
  db.exec('PRAGMA synchronous = NORMAL')
  db.exec('PRAGMA foreign_keys = ON')
  db.exec('PRAGMA busy_timeout = 5000')
  migrate(db)
  return db
}

/**
 * Applies numbered migrations (001_name.sql, 002_name.sql, ...) newer than PRAGMA user_version,
 * each in its own transaction, so a crash mid-migration leaves the previous version intact. A change
 * that SQL alone cannot make safely (rebuilding a table from its current definition) is a
 * NNN_name.ts module exporting `up(db)`.
 */
export function migrate(db: Database): number {
  const current = (db.query('PRAGMA user_version').get() as { user_version: number }).user_version
  const files = readdirSync(migrationsDir)
    .filter((name) => /^\d{3}_.+\.(sql|ts)$/.test(name))
    .sort()
  let applied = 0
  for (const name of files) {
    const version = Number(name.slice(0, 3))
    if (version <= current) continue
    const path = join(migrationsDir, name)
    const apply = name.endsWith('.ts') ? (require(path) as { up: (db: Database) => void }).up : (target: Database) => target.exec(readFileSync(path, 'utf8'))
    db.transaction(() => {
      apply(db)
      db.exec(`PRAGMA user_version = ${version}`)
    })()
    applied++
  }
  return applied
}
