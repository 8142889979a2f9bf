/**
 * The token signing secret stays out of the database and its backups, and Idempotency-Keys belong to
 * the caller who sent them: not to another account, not to a removed member's namesake, and what is
 * kept of a request cannot be cracked back into the password it carried.
 */
import { afterAll, afterEach, describe, expect, test } from 'bun:test'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { extract } from 'tar'
import { backup } from '../scripts/backup'
import { createContext } from '../src/app'
import { createAdmin, getSetting, setSetting } from '../src/auth/admin-store'
import { loadConfig } from '../src/config'
import { openDatabase } from '../src/db/database'
import { jsonOf, makeTestApp, type TestApp } from './helpers'

const dirs: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'venue-secrets-'))
  dirs.push(dir)
  return dir
}
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

const configFor = (dataDir: string, env: Record<string, string> = {}) =>
  loadConfig({ DATA_DIR: dataDir, WEB_DIST_DIR: join(dataDir, 'none'), SEED_DEMO: 'false', ...env })

/** Every file under a folder, read whole. */
function everyFile(dir: string): { path: string; bytes: Buffer }[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => ({ path: join(e.parentPath, e.name), bytes: readFileSync(join(e.parentPath, e.name)) }))
}

describe('the token signing secret', () => {
  test('is generated into DATA_DIR/secrets/jwt.key (mode 0600), never into the settings table', async () => {
    const dataDir = tempDir()
    const ctx = await createContext(configFor(dataDir))
    const file = join(dataDir, 'secrets', 'jwt.key')
    expect(readFileSync(file, 'utf8').trim()).toBe(ctx.jwtSecret)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(getSetting(ctx.db, 'jwt_secret')).toBeNull()
    ctx.db.close()
  })

  test('a secret an older version kept in the database is moved to the file and deleted from the table', async () => {
    const dataDir = tempDir()
    const config = configFor(dataDir)
    const old = openDatabase(config.databaseFile)
    setSetting(old, 'jwt_secret', 'an-old-secret-kept-in-the-database-by-version-0-1')
    old.close()
    const ctx = await createContext(config)
    expect(ctx.jwtSecret).toBe('an-old-secret-kept-in-the-database-by-version-0-1')
    expect(getSetting(ctx.db, 'jwt_secret')).toBeNull()
    expect(readFileSync(join(dataDir, 'secrets', 'jwt.key'), 'utf8').trim()).toBe(ctx.jwtSecret)
    ctx.db.close()
  })

  test('JWT_SECRET from the environment is used and written nowhere', async () => {
    const dataDir = tempDir()
    const ctx = await createContext(configFor(dataDir, { JWT_SECRET: 'a-secret-from-the-environment-of-enough-length' }))
    expect(ctx.jwtSecret).toBe('a-secret-from-the-environment-of-enough-length')
    expect(getSetting(ctx.db, 'jwt_secret')).toBeNull()
    expect(readdirSync(dataDir)).not.toContain('secrets')
    ctx.db.close()
  })

  test('no backup carries the secret, even of a database an older version wrote it into', async () => {
    const t = await makeTestApp()
    // As if the server had not started since the upgrade: the old copy is still in the table.
    setSetting(t.ctx.db, 'jwt_secret', t.ctx.jwtSecret)
    const archive = join(tempDir(), 'backup.tar.gz')
    await backup(t.dataDir, archive)
    const unpacked = tempDir()
    await extract({ file: archive, cwd: unpacked })
    const files = everyFile(unpacked)
    expect(files.map((f) => f.path)).toContain(join(unpacked, 'venue.sqlite'))
    expect(files.some((f) => f.path.slice(unpacked.length).includes('secrets'))).toBe(false)
    for (const file of files) expect(file.bytes.includes(Buffer.from(t.ctx.jwtSecret)), file.path).toBe(false)
    const db = openDatabase(join(unpacked, 'venue.sqlite'))
    expect(getSetting(db, 'jwt_secret')).toBeNull()
    db.close()
    // The live database still had its old copy removed at start-up; this test put it back by hand.
    t.close()
  })
})

describe('Idempotency-Keys belong to their caller', () => {
  const times = (open: string) => ({ name: 'The Stables bar', day: 'saturday', open_time: open, close_time: '23:00', type: 'opening' })
  const contact = { name: 'Ada', phone: '1', email: 'ada@example.org', message: 'Hello' }

  test('a visitor who claims a key first does not turn a staff change into 422', async () => {
    const t = await makeTestApp()
    const key = { 'idempotency-key': 'shared-key-0001' }
    expect((await t.call('POST', '/api/email/send-email', { json: contact, headers: key })).status).toBe(200)
    const res = await t.call('PUT', '/api/update-times', { token: await t.token(), json: times('10:00'), headers: key })
    expect(res.status).toBe(200)
    t.close()
  })

  test('a second staff account never receives the first one’s stored reply, nor a 422 for its key', async () => {
    const t = await makeTestApp()
    await createAdmin(t.ctx.db, 'second', 'second-password-123')
    const second = (await jsonOf(await t.call('POST', '/api/admin/login', { json: { username: 'second', password: 'second-password-123' } }))).token
    const key = { 'idempotency-key': 'shared-key-0002' }
    expect((await t.call('PUT', '/api/update-times', { token: await t.token(), json: times('10:00'), headers: key })).status).toBe(200)
    const res = await t.call('PUT', '/api/update-times', { token: second, json: times('09:30'), headers: key })
    expect(res.status).toBe(200)
    const saturday = (await jsonOf(await t.call('GET', '/api/opening-times'))) as unknown
    expect(JSON.stringify(saturday)).toContain('09:30')
    // The same caller replaying its own key still gets its first reply and changes nothing.
    const replay = await t.call('PUT', '/api/update-times', { token: await t.token(), json: times('10:00'), headers: key })
    expect(replay.status).toBe(200)
    expect(JSON.stringify(await jsonOf(await t.call('GET', '/api/opening-times')))).toContain('09:30')
    const scopes = t.ctx.db.query('SELECT COUNT(*) AS n FROM idempotency_keys WHERE key = ?').get('shared-key-0002') as { n: number }
    expect(scopes.n).toBe(2)
    t.close()
  })

  test('one caller reusing its own key on another path is still told 422, not given the other reply', async () => {
    const t = await makeTestApp()
    const token = await t.token()
    const key = { 'idempotency-key': 'shared-key-0003' }
    expect((await t.call('PUT', '/api/update-times', { token, json: times('10:00'), headers: key })).status).toBe(200)
    const other = await t.call('POST', '/api/add-bank-holiday-times', {
      token,
      json: { location: 'The Stables bar', holiday_date: '2031-01-01', closed: true },
      headers: key,
    })
    expect(other.status).toBe(422)
    t.close()
  })
})

describe('Idempotency-Keys and staff accounts', () => {
  let t: TestApp
  afterEach(() => t?.close())
  const FIRST = 'kettle-first-choice-7731'
  const OWN = 'kettle lantern orchard 42'
  const loginAs = async (username: string, password: string) =>
    (await jsonOf(await t.call('POST', '/api/admin/login', { json: { username, password } }))).token as string
  /** A member who has chosen their own password, ready to make content changes. */
  const member = async (owner: string, username: string) => {
    expect((await t.call('POST', '/api/admin/staff', { token: owner, json: { username, role: 'editor', password: FIRST } })).status).toBe(201)
    const first = await loginAs(username, FIRST)
    expect((await t.call('POST', '/api/admin/password', { token: first, json: { current_password: FIRST, new_password: OWN } })).status).toBe(200)
    return loginAs(username, OWN)
  }

  test('a member made under a removed member’s username is not handed the removed member’s stored replies', async () => {
    t = await makeTestApp()
    const owner = await t.token()
    const headers = { 'idempotency-key': 'outbox-reused-name-0001' }
    const holiday = { location: 'The Stables bar', holiday_date: '2030-12-25', open_time: '12:00', close_time: '16:00' }
    const old = await member(owner, 'bob')
    expect((await t.call('POST', '/api/add-bank-holiday-times', { token: old, json: holiday, headers })).status).toBe(201)
    expect((await t.call('DELETE', '/api/admin/staff/bob', { token: owner })).status).toBe(200)
    const newer = await member(owner, 'Bob')
    const res = await t.call('POST', '/api/add-bank-holiday-times', { token: newer, json: { ...holiday, holiday_date: '2030-12-26' }, headers })
    expect(res.status).toBe(201)
    // Applied as the new member's own change, not answered from the old member's record.
    expect(t.ctx.db.query("SELECT COUNT(*) AS n FROM holidays WHERE holiday_date = '2030-12-26'").get()).toEqual({ n: 1 })
  })

  test('a password sent with an Idempotency-Key leaves no crackable hash of it in the database', async () => {
    t = await makeTestApp()
    const owner = await t.token()
    const password = 'orchard-lantern-kettle-99'
    const headers = { 'idempotency-key': 'outbox-new-member-0001' }
    expect((await t.call('POST', '/api/admin/staff', { token: owner, json: { username: 'cara', role: 'editor', password }, headers })).status).toBe(201)
    const stored = t.ctx.db.query('SELECT request_hash FROM idempotency_keys').all() as { request_hash: string }[]
    expect(stored.length).toBe(1)
    // What a thief with a backup could compute from a guessed password: the plain SHA-256 of the request.
    const { createHash } = await import('node:crypto')
    const guess = createHash('sha256')
    guess.update('POST /api/admin/staff\n')
    for (const [key, value] of Object.entries({ password, role: 'editor', username: 'cara' })) guess.update(`${JSON.stringify(key)}:${JSON.stringify(value)}`)
    expect(stored[0]!.request_hash).not.toBe(guess.digest('hex'))
  })
})
