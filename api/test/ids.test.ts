/**
 * Record ids are never reused (DECISIONS.md): deleting the newest record of any table and adding
 * another gives a higher id, and an edit or delete queued for a record deleted meanwhile is refused
 * rather than applied to the newer record. Also: the migration that made ids so keeps every row,
 * index and reference of a database made before it. And only a plain whole number names a record in
 * a path: 0x10, 1e1 or 1.5 are refused, not read as some other record.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../src/db/database'
import { fileOf, jsonOf, makeImage, makePdf, makeTestApp, type TestApp } from './helpers'

let t: TestApp
let token: string
beforeAll(async () => {
  t = await makeTestApp({ now: () => new Date('2026-05-02T10:30:00Z') })
  token = await t.token()
})
afterAll(() => t.close())

let colour = 0
const nextImage = () => makeImage('png', 30, 20, `#${(++colour).toString(16).padStart(6, '0')}`)

async function galleryImage(): Promise<number> {
  const form = new FormData()
  form.append('type', 'cafe')
  form.append('images', fileOf(await nextImage(), 'a.png', 'image/png'))
  const res = await t.call('POST', '/api/upload-gallery', { form, token })
  expect(res.status).toBe(201)
  return (await jsonOf(res)).images[0].id
}

async function attraction(name = 'Tarn'): Promise<{ id: number; updated_at: string }> {
  const form = new FormData()
  for (const [k, v] of Object.entries({ name, url: 'https://example.org/tarn', description: 'A lake.' })) form.append(k, v)
  form.append('image', fileOf(await nextImage(), 'a.png', 'image/png'))
  const res = await t.call('POST', '/api/upload-around', { form, token })
  expect(res.status).toBe(201)
  return (await jsonOf(res)).attraction
}

async function event(title = 'Quiz'): Promise<{ id: number; updated_at: string; title: string }> {
  const image_base64 = Buffer.from(await nextImage()).toString('base64')
  const res = await t.call('POST', '/api/upload-event', { token, json: { title, description: 'Fun.', startDatetime: '2030-03-01T19:30', image_base64 } })
  expect(res.status).toBe(201)
  return (await jsonOf(res)).event
}

async function holiday(date: string): Promise<number> {
  const res = await t.call('POST', '/api/add-bank-holiday-times', { token, json: { location: 'The Stables bar', holiday_date: date, closed: true } })
  expect(res.status).toBe(201)
  return (await jsonOf(res)).holiday.id
}

async function menu(business: '1' | '2'): Promise<number> {
  const form = new FormData()
  form.append('pdf', fileOf(await makePdf(`Menu ${business} ${++colour}`), 'menu.pdf', 'application/pdf'))
  form.append('business_id', business)
  const res = await t.call('POST', '/api/upload-pdf', { form, token })
  expect(res.status).toBe(201)
  return (await jsonOf(res)).id
}

describe('deleting the newest record and adding another gives a higher id', () => {
  test('gallery images', async () => {
    await galleryImage()
    const newest = await galleryImage()
    expect((await t.call('DELETE', `/api/delete-gallery/${newest}`, { token })).status).toBe(200)
    expect(await galleryImage()).toBeGreaterThan(newest)
  })

  test('attractions', async () => {
    await attraction()
    const newest = (await attraction()).id
    expect((await t.call('DELETE', `/api/delete-around/${newest}`, { token })).status).toBe(200)
    expect((await attraction()).id).toBeGreaterThan(newest)
  })

  test('events', async () => {
    await event()
    const newest = (await event()).id
    expect((await t.call('POST', '/api/delete-event', { token, json: { id: newest } })).status).toBe(200)
    expect((await event()).id).toBeGreaterThan(newest)
  })

  test('bank-holiday exceptions', async () => {
    await holiday('2030-12-25')
    const newest = await holiday('2030-12-26')
    expect(
      (await t.call('DELETE', '/api/remove-bank-holiday-times', { token, json: { location: 'The Stables bar', holiday_date: '2030-12-26' } })).status,
    ).toBe(200)
    expect(await holiday('2030-12-26')).toBeGreaterThan(newest)
  })

  test('menus (a new upload deletes the menu it replaces)', async () => {
    await menu('1')
    const newest = await menu('2')
    expect(await menu('2')).toBeGreaterThan(newest)
  })

  test('contact messages', async () => {
    const send = async () => {
      const res = await t.call('POST', '/api/email/send-email', { json: { name: 'Ada', phone: '', email: 'ada@example.org', message: 'Hello' } })
      expect(res.status).toBe(200)
      return (t.ctx.db.query('SELECT max(id) AS id FROM contact_messages').get() as { id: number }).id
    }
    await send()
    const newest = await send()
    // Messages have no delete endpoint yet; deleting one must not free its id either.
    t.ctx.db.query('DELETE FROM contact_messages WHERE id = ?').run(newest)
    expect(await send()).toBeGreaterThan(newest)
  })
})

describe('a change queued for a record deleted meanwhile never lands on a newer one', () => {
  test('editing or deleting a deleted attraction', async () => {
    const old = await attraction('Old')
    expect((await t.call('DELETE', `/api/delete-around/${old.id}`, { token })).status).toBe(200)
    const newer = await attraction('Newer')
    const form = new FormData()
    for (const [k, v] of Object.entries({ name: 'Edited offline', url: 'https://example.org/x', description: 'Stale.' })) form.append(k, v)
    const edit = await t.call('PUT', `/api/edit-around/${old.id}`, { form, token, headers: { 'if-match': `"${old.updated_at}"` } })
    expect([404, 409]).toContain(edit.status)
    expect((await t.call('DELETE', `/api/delete-around/${old.id}`, { token })).status).toBe(404)
    const list = await jsonOf(await t.call('GET', '/api/around'))
    expect(list.find((a: { id: number }) => a.id === newer.id)).toMatchObject({ name: 'Newer' })
  })

  test('editing or deleting a deleted event', async () => {
    const old = await event('Old')
    expect((await t.call('POST', '/api/delete-event', { token, json: { id: old.id } })).status).toBe(200)
    const newer = await event('Newer')
    const form = new FormData()
    for (const [k, v] of Object.entries({
      id: String(old.id),
      title: 'Edited offline',
      description: 'Stale.',
      start_datetime: '2030-03-02T19:30',
      contactToBook: 'false',
    }))
      form.append(k, v)
    const edit = await t.call('POST', '/api/update-event', { form, token, headers: { 'if-match': `"${old.updated_at}"` } })
    expect([404, 409]).toContain(edit.status)
    expect((await t.call('POST', '/api/delete-event', { token, json: { id: old.id } })).status).toBe(404)
    const events = await jsonOf(await t.call('GET', '/api/admin/events', { token }))
    expect(events.find((e: { id: number }) => e.id === newer.id)).toMatchObject({ title: 'Newer' })
  })

  test('deleting a deleted gallery image', async () => {
    const old = await galleryImage()
    expect((await t.call('DELETE', `/api/delete-gallery/${old}`, { token })).status).toBe(200)
    const newer = await galleryImage()
    expect((await t.call('DELETE', `/api/delete-gallery/${old}`, { token })).status).toBe(404)
    const cafe = await jsonOf(await t.call('GET', '/api/gallery/cafe'))
    expect(cafe.map((image: { id: number }) => image.id)).toContain(newer)
  })
})

test('the migration keeps the rows, indexes and references of a database made before it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'venue-ids-'))
  try {
    const file = join(dir, 'venue.sqlite')
    const migrations = join(import.meta.dir, '..', 'src', 'db', 'migrations')
    const old = new Database(file, { create: true })
    old.exec('PRAGMA foreign_keys = ON')
    for (const name of readdirSync(migrations)
      .filter((n) => /^00[12]_/.test(n))
      .sort())
      old.exec(readFileSync(join(migrations, name), 'utf8'))
    old.exec('PRAGMA user_version = 2')
    old.exec(`INSERT INTO files (name, content_type, bytes) VALUES ('${'a'.repeat(32)}.png', 'image/png', 1), ('${'b'.repeat(32)}.pdf', 'application/pdf', 1)`)
    old.exec(`INSERT INTO gallery_images (id, type, image) VALUES (3, 'cafe', '${'a'.repeat(32)}.png'), (28, 'rooms', '${'a'.repeat(32)}.png')`)
    old.exec(`INSERT INTO events (id, title, description, start_datetime) VALUES (7, 'Quiz', 'Fun', '2030-01-01T19:00:00.000Z')`)
    old.exec(`INSERT INTO holidays (id, venue, holiday_date, closed) VALUES (2, 'hotel', '2030-12-25', 1)`)
    old.exec(`INSERT INTO menus (id, business_id, pdf) VALUES (4, 1, '${'b'.repeat(32)}.pdf')`)
    old.exec(`INSERT INTO admin_users (id, username, password_hash) VALUES (5, 'ada', 'x')`)
    // What another migration may have added before this one runs: a column, an index, a trigger.
    // (Names no real migration uses, so the later migrations still apply on top.)
    old.exec("ALTER TABLE admin_users ADD COLUMN nickname TEXT NOT NULL DEFAULT 'boss'")
    old.exec('CREATE INDEX admin_users_nickname ON admin_users (nickname)')
    old.exec('CREATE TABLE deleted_log (what TEXT NOT NULL)')
    old.exec("CREATE TRIGGER events_deleted AFTER DELETE ON events BEGIN INSERT INTO deleted_log (what) VALUES ('deleted ' || old.id); END")
    const before = ['gallery_images', 'events', 'holidays', 'menus', 'admin_users'].map((table) => old.query(`SELECT * FROM ${table} ORDER BY id`).all())
    old.close()

    const db = openDatabase(file)
    expect((db.query('PRAGMA user_version').get() as { user_version: number }).user_version).toBeGreaterThanOrEqual(3)
    // Later migrations may add columns; every column and value that was there is still there.
    type Row = Record<string, unknown>
    const after = ['gallery_images', 'events', 'holidays', 'menus', 'admin_users'].map((table) => db.query(`SELECT * FROM ${table} ORDER BY id`).all() as Row[])
    after.forEach((rows, table) => {
      const kept = before[table] as Row[]
      expect(rows.map((row, i) => Object.fromEntries(Object.keys(kept[i]!).map((k) => [k, row[k]])))).toEqual(kept)
    })
    const indexes = (db.query("SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%'").all() as { name: string }[]).map(
      (r) => r.name,
    )
    for (const index of [
      'gallery_images_type',
      'gallery_images_image',
      'attractions_image',
      'events_start',
      'events_image',
      'menus_business',
      'menus_pdf',
      'contact_messages_status',
    ])
      expect(indexes).toContain(index)
    expect(db.query('PRAGMA integrity_check').all()).toEqual([{ integrity_check: 'ok' }])
    expect(db.query('PRAGMA foreign_key_check').all()).toEqual([])
    expect(indexes).toContain('admin_users_nickname')
    expect(db.query('SELECT nickname FROM admin_users WHERE id = 5').get()).toEqual({ nickname: 'boss' })
    db.exec('DELETE FROM events WHERE id = 7')
    expect(db.query('SELECT what FROM deleted_log').all()).toEqual([{ what: 'deleted 7' }])
    // The references to files still hold: a file in use cannot go.
    expect(() => db.exec(`DELETE FROM files WHERE name = '${'a'.repeat(32)}.png'`)).toThrow(/FOREIGN KEY/)
    // The next ids continue above the highest kept.
    db.exec('DELETE FROM gallery_images WHERE id = 28')
    expect((db.query(`INSERT INTO gallery_images (type, image) VALUES ('cafe', '${'a'.repeat(32)}.png') RETURNING id`).get() as { id: number }).id).toBe(29)
    expect((db.query(`INSERT INTO events (title, description, start_datetime) VALUES ('x', 'y', 'z') RETURNING id`).get() as { id: number }).id).toBe(8)
    for (const table of ['holidays', 'gallery_images', 'attractions', 'events', 'menus', 'contact_messages', 'admin_users']) {
      expect((db.query('SELECT sql FROM sqlite_master WHERE name = ?').get(table) as { sql: string }).sql).toContain('AUTOINCREMENT')
    }
    db.close()
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

describe('record ids in paths', () => {
  let app: TestApp
  afterEach(() => app?.close())

  test('only plain whole numbers name a record: 0x10, 1e1, 1.5 and " 1" are 400s and delete nothing', async () => {
    app = await makeTestApp()
    const token = await app.token()
    const form = new FormData()
    form.append('type', 'cafe')
    for (let i = 0; i < 10; i++) form.append('images', fileOf(await makeImage('png', 8 + i, 8), `${i}.png`, 'image/png'))
    const uploaded = await jsonOf(await app.call('POST', '/api/upload-gallery', { token, form }))
    const ids = (uploaded.images as { id: number }[]).map((image) => image.id)
    expect(ids).toContain(10)
    expect(ids).toContain(1)
    for (const id of ['0x0a', '1e1', '1.5', '%201', '+1', '01']) {
      for (const path of [`/api/delete-gallery/${id}`, `/api/delete-around/${id}`, `/api/admin/messages/${id}`]) {
        const res = await app.call('DELETE', path, { token })
        expect(`${path} ${res.status}`).toBe(`${path} 400`)
      }
      const put = await app.call('PUT', `/api/admin/messages/${id}`, { token, json: { handled: true } })
      expect(put.status).toBe(400)
    }
    const left = (app.ctx.db.query('SELECT COUNT(*) AS n FROM gallery_images').get() as { n: number }).n
    expect(left).toBe(10)
    // The plain spelling still works.
    expect((await app.call('DELETE', '/api/delete-gallery/10', { token })).status).toBe(200)
  })
})
