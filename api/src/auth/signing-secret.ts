import type { Database } from 'bun:sqlite'
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { dirname } from 'node:path'
import type { Config } from '../config'
import { getSetting } from './admin-store'

/** Versions up to 0.1 kept the generated secret in the settings table under this key. */
export const LEGACY_SECRET_SETTING = 'jwt_secret'

/**
 * The secret that signs staff tokens. Whoever has it can mint a staff token, so it never lives in
 * the database (and so never in a backup): it is JWT_SECRET, or else a file under DATA_DIR
 * (`secrets/jwt.key`, mode 0600) that the backup leaves out. A secret an older version kept in the
 * database is moved to that file (so logged-in staff stay logged in) and deleted from the table.
 */
export function loadSigningSecret(config: Pick<Config, 'jwtSecret' | 'jwtSecretFile'>, db: Database): string {
  const legacy = getSetting(db, LEGACY_SECRET_SETTING)
  let secret = config.jwtSecret
  if (!secret && existsSync(config.jwtSecretFile)) {
    chmodSync(config.jwtSecretFile, 0o600)
    secret = readFileSync(config.jwtSecretFile, 'utf8').trim()
    if (!secret) throw new Error(`${config.jwtSecretFile} is empty. Delete it to have a new secret made (staff will need to log in again), or set JWT_SECRET.`)
  }
  if (!secret) {
    secret = legacy ?? randomBytes(48).toString('base64url')
    mkdirSync(dirname(config.jwtSecretFile), { recursive: true, mode: 0o700 })
    // Written whole under another name, then renamed: a crash never leaves half a secret.
    const partial = `${config.jwtSecretFile}.${process.pid}.tmp`
    writeFileSync(partial, `${secret}\n`, { mode: 0o600 })
    renameSync(partial, config.jwtSecretFile)
  }
  if (legacy !== null) {
    // secure_delete overwrites the row's bytes rather than leaving them in a free page of the file.
    db.exec('PRAGMA secure_delete = ON')
    db.query('DELETE FROM settings WHERE key = ?').run(LEGACY_SECRET_SETTING)
    db.exec('PRAGMA secure_delete = OFF')
  }
  return secret
}
