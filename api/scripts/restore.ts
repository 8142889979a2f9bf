/**
 * npm run restore -- <archive.tar.gz>: brings a backup back into an empty DATA_DIR. Refuses to
 * overwrite an existing database, so a mistyped command cannot destroy live data.
 */
import { Database } from 'bun:sqlite'
import { existsSync, readdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { extract } from 'tar'
import { loadConfig } from '../src/config'
import { makePrivateDir } from '../src/db/private-files'
import { dropSigningSecret } from './backup'

export async function restore(archive: string, dataDir: string): Promise<void> {
  if (!existsSync(archive)) throw new Error(`No archive at ${archive}`)
  makePrivateDir(dataDir)
  const present = readdirSync(dataDir).filter((name) => name !== 'README.md' && name !== 'venue.example.json')
  if (present.length) throw new Error(`${dataDir} is not empty (${present.join(', ')}). Restore into an empty DATA_DIR.`)
  await extract({
    file: archive,
    cwd: dataDir,
    strict: true,
    filter: (path) => /^(venue\.sqlite|venue\.json|uploads(\/[a-f0-9]{32}\.(jpg|png|gif|webp|pdf))?\/?)$/.test(path.replace(/^\.\//, '')),
  })
  // Archives made by older versions carry the signing secret in the database; it is not brought back.
  dropSigningSecret(join(dataDir, 'venue.sqlite'))
  const db = new Database(join(dataDir, 'venue.sqlite'))
  const check = db.query('PRAGMA integrity_check').get() as { integrity_check: string }
  db.close()
  if (check.integrity_check !== 'ok') throw new Error(`The restored database failed its integrity check: ${check.integrity_check}`)
}

if (import.meta.main) {
  const archive = process.argv[2]
  if (!archive) {
    console.error('Usage: npm run restore -- <archive.tar.gz>   (restores into DATA_DIR, which must be empty)')
    process.exit(2)
  }
  const { dataDir } = loadConfig()
  await restore(resolve(archive), dataDir)
  console.log(`Restored ${archive} into ${dataDir}`)
}
