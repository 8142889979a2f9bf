/**
 * npm run backup [-- <archive.tar.gz>]: one archive with a consistent copy of the database
 * (VACUUM INTO, safe while the server runs) and every uploaded file.
 */
import { Database } from 'bun:sqlite'
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { create } from 'tar'
import { loadConfig } from '../src/config'

export async function backup(dataDir: string, archive: string): Promise<string> {
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir })
  if (!existsSync(config.databaseFile)) throw new Error(`No database at ${config.databaseFile}`)
  const staging = mkdtempSync(join(tmpdir(), 'venue-backup-'))
  try {
    const db = new Database(config.databaseFile, { readonly: true })
    db.exec('PRAGMA busy_timeout = 5000')
    db.query('VACUUM INTO ?').run(join(staging, 'venue.sqlite'))
    db.close()
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
