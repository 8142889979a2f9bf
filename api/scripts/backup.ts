/**
 * npm run backup [-- <archive.tar.gz>]: one archive with a consistent copy of the database
 * (VACUUM INTO, safe while the server runs) and every uploaded file. The token signing secret is
 * never in it: a restored server makes a new one, and staff log in again.
 */
import { Database } from 'bun:sqlite'
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { create } from 'tar'
import { LEGACY_SECRET_SETTING } from '../src/auth/signing-secret'
import { makePrivateFile } from '../src/db/private-files'
import { loadConfig } from '../src/config'

/**
 * Removes the token signing secret an older version kept in the settings table, and leaves no trace
 * of it in free pages: whoever holds a backup must not be able to mint staff tokens.
 */
export function dropSigningSecret(file: string): void {
  const db = new Database(file)
  try {
    db.exec('PRAGMA secure_delete = ON')
    db.query('DELETE FROM settings WHERE key = ?').run(LEGACY_SECRET_SETTING)
    db.exec('VACUUM')
  } finally {
    db.close()
  }
}

export async function backup(dataDir: string, archive: string): Promise<string> {
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir })
  if (!existsSync(config.databaseFile)) throw new Error(`No database at ${config.databaseFile}`)
  const staging = mkdtempSync(join(tmpdir(), 'venue-backup-'))
  try {
    const db = new Database(config.databaseFile, { readonly: true })
    db.exec('PRAGMA busy_timeout = 5000')
    db.query('VACUUM INTO ?').run(join(staging, 'venue.sqlite'))
    db.close()
    dropSigningSecret(join(staging, 'venue.sqlite'))
    // DATA_DIR/secrets (the token signing key) is deliberately not in the archive.
    const entries = ['venue.sqlite']
    const uploads = join(staging, 'uploads')
    mkdirSync(uploads)
    if (existsSync(config.uploadsDir)) {
      await Bun.$`cp -R ${config.uploadsDir}/. ${uploads}/`.quiet()
    }
    entries.push('uploads')
    if (existsSync(join(dataDir, 'venue.json'))) {
      await Bun.write(join(staging, 'venue.json'), Bun.file(join(dataDir, 'venue.json')))
      entries.push('venue.json')
    }
    // The archive holds password hashes and visitors' messages: it is made owner-only before a byte is written.
    makePrivateFile(archive)
    await create({ gzip: true, file: archive, cwd: staging, portable: true }, entries)
    return archive
  } finally {
    rmSync(staging, { recursive: true, force: true })
  }
}

if (import.meta.main) {
  const config = loadConfig()
  const stamp = new Date().toISOString().replace(/[:.]/g, '-')
  const archive = resolve(process.argv[2] ?? `venue-backup-${stamp}.tar.gz`)
  await backup(config.dataDir, archive)
  console.log(`Backup written to ${archive}`)
}
