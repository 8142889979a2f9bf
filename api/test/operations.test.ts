import { afterAll, describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { backup } from '../scripts/backup'
import { restore } from '../scripts/restore'
import { DEMO_ADMIN } from '../src/app'
import { sweepFiles } from '../src/files/sweep'
import { pruneExpired } from '../src/retention'
import { fileOf, jsonOf, makeImage, makeTestApp } from './helpers'

const dirs: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'venue-ops-'))
  dirs.push(dir)
  return dir
}
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

describe('GET /api/health', () => {
  test('ok with database, disk and version (for staff); 503 when the disk cannot be written', async () => {
    // The disk check is kept for a few seconds (http/health.ts): the clock moves past it.
    let clock = Date.now()
    const t = await makeTestApp({ now: () => new Date(clock) })
    const token = await t.token()
    const res = await t.call('GET', '/api/health', { token })
    expect(res.status).toBe(200)
    expect(await jsonOf(res)).toEqual({ status: 'ok', database: 'ok', disk: 'ok', version: t.ctx.config.version })
    rmSync(t.ctx.files.dir, { recursive: true })
    writeFileSync(t.ctx.files.dir, 'not a directory')
    clock += 60_000
    const broken = await t.call('GET', '/api/health', { token })
    expect(broken.status).toBe(503)
    expect((await jsonOf(broken)).disk).not.toBe('ok')
    rmSync(t.ctx.files.dir)
    t.close()
  })
})

describe('rate limits', () => {
  const login = (t: Awaited<ReturnType<typeof makeTestApp>>, username: string, password: string, from: string) =>
    t.call('POST', '/api/admin/login', { json: { username, password }, headers: { 'x-forwarded-for': from } })

  test('the 6th failed login from one address within 15 minutes gets 429 with Retry-After', async () => {
    const t = await makeTestApp({ env: { TRUST_PROXY: 'true' } })
    for (let i = 0; i < 5; i++) expect((await login(t, `guess${i}`, 'wrong-password', '203.0.113.7')).status).toBe(401)
    const sixth = await login(t, 'admin', DEMO_ADMIN.password, '203.0.113.7')
    expect(sixth.status).toBe(429)
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await jsonOf(sixth)).error).toContain('Too many failed logins')
    // Another address is not held up by the first one's guesses.
    expect((await login(t, 'admin', DEMO_ADMIN.password, '198.51.100.1')).status).toBe(200)
    t.close()
  })

  test('guesses at made-up usernames from the venue’s own address do not lock out a member who has logged in from it', async () => {
    const t = await makeTestApp({ env: { TRUST_PROXY: 'true' } })
    const venueWifi = '203.0.113.50'
    expect((await login(t, 'admin', DEMO_ADMIN.password, venueWifi)).status).toBe(200)
    for (let i = 0; i < 5; i++) expect((await login(t, `guess${i}`, 'wrong-password', venueWifi)).status).toBe(401)
    // Other names from that address are held up; the member known there is not.
    expect((await login(t, 'someone-else', 'wrong-password', venueWifi)).status).toBe(429)
    expect((await login(t, 'admin', DEMO_ADMIN.password, venueWifi)).status).toBe(200)
    // But the member's own failures there still count: five, and that address waits for that name too.
    const at = new Date(Date.now() + 60 * 60_000)
    const later = await makeTestApp({ env: { TRUST_PROXY: 'true' }, now: () => at })
    expect((await login(later, 'admin', DEMO_ADMIN.password, venueWifi)).status).toBe(200)
    for (let i = 0; i < 5; i++) expect((await login(later, 'admin', 'wrong-password', venueWifi)).status).toBe(401)
    expect((await login(later, 'admin', DEMO_ADMIN.password, venueWifi)).status).toBe(429)
    t.close()
    later.close()
  })

  test('an address a member logged in from is still known after a restart: guesses at their name elsewhere do not hold them up', async () => {
    const at = new Date()
    const before = await makeTestApp({ env: { TRUST_PROXY: 'true' }, now: () => at })
    expect((await login(before, 'admin', DEMO_ADMIN.password, '203.0.113.60')).status).toBe(200)
    before.close(true)
    const after = await makeTestApp({ env: { TRUST_PROXY: 'true' }, now: () => at, dataDir: before.dataDir })
    for (let i = 0; i < 5; i++) expect((await login(after, 'admin', 'wrong-password', `192.0.2.${i}`)).status).toBe(401)
    // A wrong password from a new address is held up by the guesses; from the known one it is only wrong.
    expect((await login(after, 'admin', 'wrong-password', '192.0.2.99')).status).toBe(429)
    expect((await login(after, 'admin', 'wrong-password', '203.0.113.60')).status).toBe(401)
    expect((await login(after, 'admin', DEMO_ADMIN.password, '203.0.113.60')).status).toBe(200)
    after.close()
  })

  test('a removed member’s addresses are forgotten: a new member given the same name starts as a stranger there', async () => {
    const at = new Date()
    const t = await makeTestApp({ env: { TRUST_PROXY: 'true' }, now: () => at })
    const owner = await t.token()
    const add = () => t.call('POST', '/api/admin/staff', { token: owner, json: { username: 'olive', role: 'editor', password: 'kettle-first-pass-7731' } })
    expect((await add()).status).toBe(201)
    expect((await login(t, 'olive', 'kettle-first-pass-7731', '203.0.113.70')).status).toBe(200)
    expect((await t.call('DELETE', '/api/admin/staff/olive', { token: owner })).status).toBe(200)
    expect((await add()).status).toBe(201)
    for (let i = 0; i < 5; i++) expect((await login(t, 'olive', 'wrong-password', `192.0.2.${i}`)).status).toBe(401)
    expect((await login(t, 'olive', 'wrong-password', '203.0.113.70')).status).toBe(429)
    expect(t.ctx.db.query('SELECT count(*) AS n FROM login_known_addresses WHERE username = ?').get('olive')).toEqual({ n: 0 })
    t.close()
  })

  for (const change of [{ password: 'saucepan-new-pass-4412' }, { disabled: true }] as const)
    test(`an owner's ${'password' in change ? 'password reset' : 'disabling'} forgets where the member logged in from: a leaked password's address is a stranger again`, async () => {
      const at = new Date()
      const t = await makeTestApp({ env: { TRUST_PROXY: 'true' }, now: () => at })
      const owner = await t.token()
      expect(
        (await t.call('POST', '/api/admin/staff', { token: owner, json: { username: 'olive', role: 'editor', password: 'kettle-first-pass-7731' } })).status,
      ).toBe(201)
      expect((await login(t, 'olive', 'kettle-first-pass-7731', '203.0.113.70')).status).toBe(200)
      expect((await t.call('PUT', '/api/admin/staff/olive', { token: owner, json: change })).status).toBe(200)
      expect(t.ctx.db.query('SELECT count(*) AS n FROM login_known_addresses WHERE username = ?').get('olive')).toEqual({ n: 0 })
      t.close()
    })

  test('guesses at one username from many addresses are limited too', async () => {
    // Past five failures the username waits 1 s before the next try: a clock that stands still keeps the
    // sixth inside that second however long five password checks take on a busy machine.
    const at = new Date()
    const t = await makeTestApp({ env: { TRUST_PROXY: 'true' }, now: () => at })
    for (let i = 0; i < 5; i++) expect((await login(t, 'admin', 'wrong-password', `192.0.2.${i}`)).status).toBe(401)
    // The sixth wrong guess, from yet another address, is told to wait (not "wrong"), and counted.
    const held = await login(t, 'admin', 'wrong-password', '192.0.2.98')
    expect(held.status).toBe(429)
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await jsonOf(held)).error).toContain('for this username')
    t.close()
  })

  test('the right password gets in from a never-seen address however hard others guess at the name (a hold, not a lock-out)', async () => {
    const at = new Date()
    const t = await makeTestApp({ env: { TRUST_PROXY: 'true' }, now: () => at })
    // Three addresses guessing until each is refused, as an attacker polling would.
    for (const from of ['192.0.2.1', '192.0.2.2', '192.0.2.3'])
      for (let i = 0; i < 6; i++) expect([401, 429]).toContain((await login(t, 'admin', 'wrong-password', from)).status)
    expect((await login(t, 'admin', 'wrong-password', '198.51.100.8')).status).toBe(429)
    expect((await login(t, 'admin', DEMO_ADMIN.password, '198.51.100.9')).status).toBe(200)
    t.close()
  })

  test('without TRUST_PROXY a forged X-Forwarded-For does not get around the limit', async () => {
    const t = await makeTestApp()
    for (let i = 0; i < 5; i++) expect((await login(t, `user${i}`, 'wrong-password', `10.0.0.${i}`)).status).toBe(401)
    expect((await login(t, 'other', 'wrong-password', '10.0.0.200')).status).toBe(429)
    t.close()
  })

  test('behind a proxy, addresses a client prepends to X-Forwarded-For are ignored: the proxy’s last entry counts', async () => {
    const t = await makeTestApp({ env: { TRUST_PROXY: 'true' } })
    for (let i = 0; i < 5; i++) expect((await login(t, `user${i}`, 'wrong-password', `10.9.9.${i}, 203.0.113.50`)).status).toBe(401)
    expect((await login(t, 'other', 'wrong-password', '10.9.9.200, 203.0.113.50')).status).toBe(429)
    t.close()
  })

  test('the 6th contact message from one address within 10 minutes gets 429, and nothing more is stored', async () => {
    const t = await makeTestApp({ env: { CONTACT_RATE_LIMIT: '5' } })
    const count = () => (t.ctx.db.query('SELECT COUNT(*) AS n FROM contact_messages').get() as { n: number }).n
    const message = { name: 'Ada', phone: '07700 900123', email: 'ada@example.org', message: 'Hello' }
    const log = console.log
    console.log = () => {}
    try {
      for (let i = 0; i < 5; i++) expect((await t.call('POST', '/api/email/send-email', { json: message })).status).toBe(200)
      const sixth = await t.call('POST', '/api/email/send-email', { json: message })
      expect(sixth.status).toBe(429)
      expect(sixth.headers.get('retry-after')).toBeTruthy()
    } finally {
      console.log = log
    }
    expect(count()).toBe(5)
    t.close()
  })

  test('a filled honeypot field is thanked and thrown away', async () => {
    const t = await makeTestApp()
    const res = await t.call('POST', '/api/email/send-email', {
      json: { name: 'Bot', phone: '1', email: 'bot@example.org', message: 'Buy now', website: 'http://spam.example' },
    })
    expect(res.status).toBe(200)
    expect((t.ctx.db.query('SELECT COUNT(*) AS n FROM contact_messages').get() as { n: number }).n).toBe(0)
    t.close()
  })

  test('an address a member last logged in from over 30 days ago is deleted by the daily retention sweep, not kept until a restart', async () => {
    let clock = Date.now()
    const t = await makeTestApp({ env: { TRUST_PROXY: 'true' }, now: () => new Date(clock) })
    expect((await login(t, 'admin', DEMO_ADMIN.password, '203.0.113.80')).status).toBe(200)
    const stored = () => (t.ctx.db.query('SELECT COUNT(*) AS n FROM login_known_addresses').get() as { n: number }).n
    expect(stored()).toBe(1)
    clock += 29 * 86_400_000
    pruneExpired(t.ctx)
    expect(stored()).toBe(1)
    clock += 2 * 86_400_000
    expect(pruneExpired(t.ctx)).toMatchObject({ knownAddresses: 1 })
    expect(stored()).toBe(0)
    t.close()
  })

  test('a sender refused a second message while the hour is over budget is told to come back when their own hour is up, not when the budget frees', async () => {
    let clock = Date.now()
    const t = await makeTestApp({ env: { TRUST_PROXY: 'true', CONTACT_RATE_LIMIT: '5', CONTACT_HOURLY_LIMIT: '6' }, now: () => new Date(clock) })
    const send = (from: string) =>
      t.call('POST', '/api/email/send-email', {
        json: { name: 'Ada', email: 'ada@example.org', message: `Hello from ${from}` },
        headers: { 'x-forwarded-for': from },
      })
    const log = console.log
    console.log = () => {}
    try {
      expect((await send('203.0.113.1')).status).toBe(200)
      clock += 60_000
      expect((await send('203.0.113.2')).status).toBe(200)
      // Fifty minutes on, four more spend the budget and twelve newcomers the rest of the three budgets.
      clock += 49 * 60_000
      for (let i = 3; i < 19; i++) expect((await send(`203.0.113.${i}`)).status).toBe(200)
      clock += 5 * 60_000
      const refused = await send('203.0.113.2')
      expect(refused.status).toBe(429)
      // Its first message leaves its hour six minutes from now, and the oldest leaves the ceiling before that.
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(6 * 60)
      expect((await jsonOf(refused)).error).toContain('in about 6 minutes')
      clock += 6 * 60_000
      expect((await send('203.0.113.2')).status).toBe(200)
    } finally {
      console.log = log
    }
    t.close()
  })
})

describe('the start-up file sweep', () => {
  test('removes files and file records nothing uses, keeps the rest, and reports missing files', async () => {
    const t = await makeTestApp()
    const token = await t.token()
    const form = new FormData()
    form.append('type', 'cafe')
    form.append('images', fileOf(await makeImage('png', 40, 30), 'a.png', 'image/png'))
    const uploaded = await jsonOf(await t.call('POST', '/api/upload-gallery', { form, token }))
    const kept = (uploaded.images[0].image_url as string).split('/').pop()!
    // A crash between writing a file and recording its use leaves both of these behind.
    const stray = await t.ctx.files.save(await makeImage('jpeg', 20, 20, '#f00'), { label: 'Image', accept: ['image/jpeg'], maxBytes: 1e6 })
    writeFileSync(join(t.ctx.files.dir, '.tmp-deadbeef'), 'half written')
    writeFileSync(join(t.ctx.files.dir, 'ffffffffffffffffffffffffffffffff.jpg'), 'unknown')
    const report = sweepFiles(t.ctx.db, t.ctx.files.dir)
    expect(report.removedRecords).toEqual([stray.name])
    expect(report.removedFiles.sort()).toEqual(['.tmp-deadbeef', 'ffffffffffffffffffffffffffffffff.jpg', stray.name].sort())
    expect(readdirSync(t.ctx.files.dir)).toEqual([kept])
    expect(report.missing).toEqual([])
    rmSync(join(t.ctx.files.dir, kept))
    expect(sweepFiles(t.ctx.db, t.ctx.files.dir).missing).toEqual([{ table: 'gallery_images', id: uploaded.images[0].id, file: kept }])
    t.close()
  })
})

describe('backup and restore', () => {
  test('a restore into a new DATA_DIR gives identical records and byte-identical files', async () => {
    const t = await makeTestApp({ seedDemo: true })
    const archive = join(tempDir(), 'backup.tar.gz')
    await backup(t.dataDir, archive)
    const target = join(tempDir(), 'restored')
    await restore(archive, target)
    const restored = new Database(join(target, 'venue.sqlite'), { readonly: true })
    const tables = (t.ctx.db.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as { name: string }[]).map(
      (r) => r.name,
    )
    expect(tables.length).toBeGreaterThan(8)
    for (const table of tables) {
      const before = t.ctx.db.query(`SELECT * FROM ${table} ORDER BY 1`).all()
      expect(restored.query(`SELECT * FROM ${table} ORDER BY 1`).all(), table).toEqual(before)
    }
    restored.close()
    const files = readdirSync(t.ctx.files.dir).sort()
    expect(files.length).toBeGreaterThan(20)
    expect(readdirSync(join(target, 'uploads')).sort()).toEqual(files)
    for (const name of files) {
      expect(readFileSync(join(target, 'uploads', name)).equals(readFileSync(join(t.ctx.files.dir, name))), name).toBe(true)
    }
    t.close()
  }, 60_000)

  test('restore refuses a DATA_DIR that already has data', async () => {
    const t = await makeTestApp()
    const archive = join(tempDir(), 'b.tar.gz')
    await backup(t.dataDir, archive)
    await expect(restore(archive, t.dataDir)).rejects.toThrow('not empty')
    t.close()
  })
})

describe('data files other local users cannot read', () => {
  const modeOf = (path: string) => statSync(path).mode & 0o777

  test('the data directory, database, uploads and backup archive are owner-only under a permissive umask', async () => {
    const before = process.umask(0o022)
    try {
      const dataDir = join(tempDir(), 'data')
      const t = await makeTestApp({ env: { DATA_DIR: dataDir } })
      const token = await t.token()
      const form = new FormData()
      form.append('type', 'cafe')
      form.append('images', fileOf(await makeImage('png', 40, 30), 'a.png', 'image/png'))
      const uploaded = await jsonOf(await t.call('POST', '/api/upload-gallery', { form, token }))
      const stored = (uploaded.images[0].image_url as string).split('/').pop()!
      const database = t.ctx.config.databaseFile
      expect(modeOf(dataDir)).toBe(0o700)
      for (const file of [database, `${database}-wal`, `${database}-shm`]) expect(modeOf(file), file).toBe(0o600)
      expect(modeOf(t.ctx.files.dir)).toBe(0o700)
      expect(modeOf(join(t.ctx.files.dir, stored))).toBe(0o600)
      const archive = join(tempDir(), 'backup.tar.gz')
      process.umask(0o022)
      await backup(dataDir, archive)
      expect(modeOf(archive)).toBe(0o600)
      t.close()
    } finally {
      process.umask(before)
    }
  })
})
