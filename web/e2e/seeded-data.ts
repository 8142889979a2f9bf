/**
 * The DATA_DIR every browser-test server starts from: the demo content, seeded once and copied for
 * each server. Seeding draws and encodes every demo picture (over ten seconds on this machine), and
 * their AVIF and WebP sizes then take half a minute more of both cores in the background, which every
 * one of some forty servers in a run did again while its browser tests waited on the page. A copy
 * takes a fraction of a second and holds the same rows, files and signing key: what a seeded server
 * holds after a restart, which is what a real one serves.
 *
 * `bun .ci/run-tests.ts` makes the seed once for every browser shard (E2E_SEEDED_DATA_DIR); a
 * `bun test` run on its own makes one the first time it needs it, removed once that run has ended.
 */
import { cpSync, existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const root = join(import.meta.dir, '..', '..')
export const SEEDED_DATA_ENV = 'E2E_SEEDED_DATA_DIR'

/** Seeds the demo content into `dir` (which must not hold a database yet), with every image variant made. */
export async function makeSeededData(dir: string): Promise<void> {
  // Its own process, as the server seeds: the test process never loads sharp or opens the database.
  const proc = Bun.spawn([process.execPath, join(root, 'web/e2e/seed-data.ts'), dir], { cwd: root, stdout: 'inherit', stderr: 'inherit' })
  const code = await proc.exited
  if (code !== 0) throw new Error(`seeding the demo content into ${dir} failed (exit ${code})`)
}

/** Whether these settings change what a first start seeds: such a server seeds a DATA_DIR of its own. */
export function changesSeed(env: Record<string, string | undefined>): boolean {
  return ['SEED_DEMO', 'ADMIN_USERNAME', 'ADMIN_PASSWORD', 'VENUE_FILE'].some((name) => env[name] !== undefined)
}

let ownSeed: Promise<string> | undefined

function seedTemplate(): Promise<string> {
  const given = process.env[SEEDED_DATA_ENV]
  if (given && existsSync(join(given, 'venue.sqlite'))) return Promise.resolve(given)
  ownSeed ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'venue-e2e-seed-'))
    // `bun test` fires no exit event: a watcher removes the seed once this process is gone.
    Bun.spawn(['sh', '-c', 'while kill -0 "$1" 2>/dev/null; do sleep 1; done; rm -rf -- "$2"', 'sh', String(process.pid), dir], {
      stdio: ['ignore', 'ignore', 'ignore'],
    }).unref()
    await makeSeededData(dir)
    // Later test files of this run may load this module anew: they find the seed through the environment.
    process.env[SEEDED_DATA_ENV] = dir
    return dir
  })()
  return ownSeed
}

/** A new temp folder holding a copy of the seeded demo data; the caller removes it. */
export async function seededDataDir(prefix: string): Promise<string> {
  const template = await seedTemplate()
  const dir = mkdtempSync(join(tmpdir(), prefix))
  cpSync(template, dir, { recursive: true })
  return dir
}
