import { afterAll, describe, expect, test } from 'bun:test'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp, createContext } from '../src/app'
import { loadConfig } from '../src/config'
import { openDatabase } from '../src/db/database'
import { jsonOf, makeTestApp } from './helpers'

const dirs: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'venue-app-'))
  dirs.push(dir)
  return dir
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

const count = (db: import('bun:sqlite').Database, table: string) => (db.query(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n

describe('start-up', () => {
  test('an empty DATA_DIR is seeded with demo content; a second start keeps what is there', async () => {
    const dataDir = tempDir()
    const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'true' })
    const first = await createContext(config)
    const seeded = {
      gallery: count(first.db, 'gallery_images'),
      attractions: count(first.db, 'attractions'),
      events: count(first.db, 'events'),
      menus: count(first.db, 'menus'),
      holidays: count(first.db, 'holidays'),
      admins: count(first.db, 'admin_users'),
    }
    for (const [table, n] of Object.entries(seeded)) expect(n, table).toBeGreaterThan(0)
    // Staff change something, then the server restarts.
    first.db.query('DELETE FROM attractions WHERE id = (SELECT min(id) FROM attractions)').run()
    first.db.close()
    const second = await createContext(config)
    expect(count(second.db, 'attractions')).toBe(seeded.attractions - 1)
    expect(count(second.db, 'gallery_images')).toBe(seeded.gallery)
    expect(count(second.db, 'admin_users')).toBe(1)
    const app = createApp(second)
    const events = await jsonOf<unknown[]>(await app.handle(new Request('http://localhost/api/events')))
    expect(events.length).toBeGreaterThan(0)
    second.db.close()
  })

  test('production starts with no demo content and no development account', async () => {
    const ctx = await createContext(loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'production' }))
    expect(count(ctx.db, 'gallery_images')).toBe(0)
    expect(count(ctx.db, 'admin_users')).toBe(0)
    ctx.db.close()
  })

  test('a first staff account from env needs a password of at least 12 characters', async () => {
    await expect(createContext(loadConfig({ DATA_DIR: tempDir(), SEED_DEMO: 'false', ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'short-pass' }))).rejects.toThrow(
      'at least 12 characters',
    )
    const ctx = await createContext(loadConfig({ DATA_DIR: tempDir(), SEED_DEMO: 'false', ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'a-long-enough-one' }))
    expect(count(ctx.db, 'admin_users')).toBe(1)
    ctx.db.close()
  })

  test('the JWT secret is generated once and kept', async () => {
    const config = loadConfig({ DATA_DIR: tempDir(), SEED_DEMO: 'false' })
    const a = await createContext(config)
    a.db.close()
    const b = await createContext(config)
    expect(b.jwtSecret).toBe(a.jwtSecret)
    expect(a.jwtSecret.length).toBeGreaterThan(40)
    b.db.close()
  })

  test('migrations run once and the database uses WAL with foreign keys', () => {
    const file = join(tempDir(), 'db.sqlite')
    const db = openDatabase(file)
    expect((db.query('PRAGMA journal_mode').get() as { journal_mode: string }).journal_mode).toBe('wal')
    expect((db.query('PRAGMA foreign_keys').get() as { foreign_keys: number }).foreign_keys).toBe(1)
    const version = (db.query('PRAGMA user_version').get() as { user_version: number }).user_version
    expect(version).toBeGreaterThanOrEqual(1)
    db.close()
    const again = openDatabase(file)
    expect((again.query('PRAGMA user_version').get() as { user_version: number }).user_version).toBe(version)
    expect(count(again, 'opening_times')).toBe(7)
    again.close()
  })
})

describe('serving the web app', () => {
  test('assets, client routes, unknown API paths and unbuilt state', async () => {
    const t = await makeTestApp()
    const dist = join(t.dataDir, 'no-web-build')
    expect((await t.call('GET', '/eat')).status).toBe(503)
    mkdirSync(join(dist, 'assets'), { recursive: true })
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>')
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)')
    writeFileSync(join(dist, 'sw.js'), 'self.x = 1')

    const route = await t.call('GET', '/menu/menu1')
    expect(route.status).toBe(200)
    expect(route.headers.get('content-type')).toContain('text/html')
    expect(route.headers.get('cache-control')).toBe('no-cache')
    expect(await route.text()).toContain('<div id="root">')

    const asset = await t.call('GET', '/assets/index-abc123.js')
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(asset.headers.get('content-type')).toContain('javascript')
    const etag = asset.headers.get('etag')!
    expect((await t.call('GET', '/assets/index-abc123.js', { headers: { 'if-none-match': etag } })).status).toBe(304)

    expect((await t.call('GET', '/sw.js')).headers.get('cache-control')).toBe('no-cache')

    const api = await t.call('GET', '/api/does-not-exist')
    expect(api.status).toBe(404)
    expect(api.headers.get('content-type')).toContain('application/json')
    expect((await jsonOf(api)).error).toContain('/api/does-not-exist')

    const post = await t.call('POST', '/api/does-not-exist', { json: {} })
    expect(post.status).toBe(404)

    const traversal = await t.call('GET', '/../../etc/passwd')
    expect(await traversal.text()).toContain('<div id="root">')

    const missingFile = await t.call('GET', '/files/0123456789abcdef0123456789abcdef.jpg')
    expect(missingFile.status).toBe(404)
    expect((await t.call('GET', '/files/..%2F..%2Fvenue.sqlite')).status).toBe(404)
    t.close()
  })
})
