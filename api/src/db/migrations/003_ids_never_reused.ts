import type { Database } from 'bun:sqlite'

/**
 * Record ids are never reused (DECISIONS.md): a change queued offline for a record deleted meanwhile
 * must find nothing, not a newer record that got the same id. `INTEGER PRIMARY KEY` alone hands out
 * max(id) + 1, so deleting the newest record gave its id to the next one; AUTOINCREMENT keeps the
 * highest id ever used (in sqlite_sequence) and never goes below it. Staff accounts too: a token names
 * its account by id, and must never let its holder in as a later account.
 */
export const TABLES = ['holidays', 'gallery_images', 'attractions', 'events', 'menus', 'contact_messages', 'admin_users']

export function up(db: Database): void {
  for (const table of TABLES) rebuildWithAutoincrement(db, table)
}

/**
 * SQLite cannot add AUTOINCREMENT to a table, so the table is rebuilt as its docs describe
 * (https://sqlite.org/lang_altertable.html#otheralter): a copy made from the table's own definition
 * plus AUTOINCREMENT, every row copied with its id, the old table dropped, the copy renamed, and the
 * table's indexes and triggers made again from their own definitions. Working from what the database
 * holds, not a copy of 001's text, keeps any column, index, trigger or reference another migration
 * added. Runs inside migrate()'s transaction; the copy seeds sqlite_sequence with the highest id kept.
 */
export function rebuildWithAutoincrement(db: Database, table: string): void {
  const definition = db.query("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) as { sql: string } | null
  if (!definition || /AUTOINCREMENT/i.test(definition.sql)) return
  const primaryKey = /\bid\s+INTEGER\s+PRIMARY\s+KEY\b/i
  if (!primaryKey.test(definition.sql)) throw new Error(`${table}: no 'id INTEGER PRIMARY KEY' to make AUTOINCREMENT`)
  const rebuilt = `${table}__rebuild`
  const createRebuilt = definition.sql
    .replace(/^CREATE\s+TABLE\s+(?:"[^"]+"|`[^`]+`|\[[^\]]+\]|\S+?)(\s*\()/i, `CREATE TABLE "${rebuilt}"$1`)
    .replace(primaryKey, (match) => `${match} AUTOINCREMENT`)
  const dependents = db.query("SELECT sql FROM sqlite_master WHERE tbl_name = ? AND type IN ('index', 'trigger') AND sql IS NOT NULL").all(table) as {
    sql: string
  }[]
  // Triggers and views elsewhere may name this table; while it is briefly missing they must not be checked.
  db.exec('PRAGMA legacy_alter_table = ON')
  try {
    db.exec(createRebuilt)
    db.exec(`INSERT INTO "${rebuilt}" SELECT * FROM "${table}"`)
    db.exec(`DROP TABLE "${table}"`)
    db.exec(`ALTER TABLE "${rebuilt}" RENAME TO "${table}"`)
    for (const { sql } of dependents) db.exec(sql)
  } finally {
    db.exec('PRAGMA legacy_alter_table = OFF')
  }
}
