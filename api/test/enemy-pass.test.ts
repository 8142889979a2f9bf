/**
 * Findings of a hostile-client pass over the recent changes (logins, tokens, roles, the activity
 * trail, messages, body limits). Each test failed before its fix. Real app, real SQLite in a temp dir.
 */
import { afterEach, describe, expect, test } from 'bun:test'
import { DEMO_ADMIN } from '../src/app'
import { jsonOf, makeImage, fileOf, makeTestApp, type TestApp } from './helpers'

let t: TestApp
afterEach(() => t?.close())

const holidayCount = () => (t.ctx.db.query('SELECT COUNT(*) AS n FROM holidays').get() as { n: number }).n

describe('multipart part limit', () => {
  test('a quoted parameter that mentions boundary= does not hide the real parts from the limit', async () => {
    t = await makeTestApp()
    const parts = `${Array.from({ length: 200 }, (_, i) => `--real\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`).join('')}--real--\r\n`
    // The part counter used to take the first `boundary=` anywhere in the header ("decoy"), find no
    // parts, and let the form parser (which reads the real parameter) build all 200.
    const token = await t.token()
    for (const type of ['multipart/form-data; x="boundary=decoy"; boundary=real', 'multipart/form-data; x="; boundary=decoy"; boundary=real']) {
      const res = await t.call('POST', '/api/upload-pdf', { token, body: parts, headers: { 'content-type': type } })
      expect(res.status).toBe(413)
      expect((await jsonOf(res)).error).toContain('too many parts')
    }
  })
})

describe('activity trail dates', () => {
  test('to=9999-12-31 (the last day there is) still lists every entry', async () => {
    t = await makeTestApp()
    const token = await t.token()
    const all = await jsonOf<any[]>(await t.call('GET', '/api/admin/activity', { token }))
    expect(all.length).toBeGreaterThan(0)
    const res = await t.call('GET', '/api/admin/activity?to=9999-12-31', { token })
    expect(res.status).toBe(200)
    expect((await jsonOf<any[]>(res)).map((e) => e.id)).toEqual(all.map((e) => e.id))
    const fromLast = await t.call('GET', '/api/admin/activity?from=9999-12-31&to=9999-12-31', { token })
    expect(fromLast.status).toBe(200)
    expect(await jsonOf(fromLast)).toEqual([])
  })

  test('X-Device-Time with a day or time that does not exist is a 400 and changes nothing', async () => {
    t = await makeTestApp()
    const token = await t.token()
    const holiday = { location: 'The Stables bar', holiday_date: '2031-05-05', open_time: '10:00', close_time: '12:00' }
    for (const bad of [
      '2026-02-30T10:00:00Z',
      '2026-04-31T10:00:00Z',
      '2026-11-23T25:00:00Z',
      '2026-11-23T10:61:00Z',
      '2026-11-23T10:00:60Z',
      '2026-13-01T10:00:00Z',
    ]) {
      const res = await t.call('POST', '/api/add-bank-holiday-times', { token, json: holiday, headers: { 'x-device-time': bad } })
      expect(res.status).toBe(400)
      expect((await jsonOf(res)).error).toContain('X-Device-Time')
    }
    expect(holidayCount()).toBe(0)
    // A real time, with an offset, is still kept as given.
    const ok = await t.call('POST', '/api/add-bank-holiday-times', { token, json: holiday, headers: { 'x-device-time': '2024-02-29T23:30:00+01:00' } })
    expect(ok.status).toBe(201)
    const entry = t.ctx.db.query("SELECT device_at FROM activity WHERE kind = 'holiday'").get() as { device_at: string }
    expect(entry.device_at).toBe('2024-02-29T22:30:00.000Z')
  })
})

describe('record ids in paths', () => {
  test('only plain whole numbers name a record: 0x10, 1e1, 1.5 and " 1" are 400s and delete nothing', async () => {
    t = await makeTestApp()
    const token = await t.token()
    const form = new FormData()
    form.append('type', 'cafe')
    for (let i = 0; i < 10; i++) form.append('images', fileOf(await makeImage('png', 8 + i, 8), `${i}.png`, 'image/png'))
    const uploaded = await jsonOf(await t.call('POST', '/api/upload-gallery', { token, form }))
    const ids = (uploaded.images as { id: number }[]).map((image) => image.id)
    expect(ids).toContain(10)
    expect(ids).toContain(1)
    for (const id of ['0x0a', '1e1', '1.5', '%201', '+1', '01']) {
      for (const path of [`/api/delete-gallery/${id}`, `/api/delete-around/${id}`, `/api/admin/messages/${id}`]) {
        const res = await t.call('DELETE', path, { token })
        expect(`${path} ${res.status}`).toBe(`${path} 400`)
      }
      const put = await t.call('PUT', `/api/admin/messages/${id}`, { token, json: { handled: true } })
      expect(put.status).toBe(400)
    }
    const left = (t.ctx.db.query('SELECT COUNT(*) AS n FROM gallery_images').get() as { n: number }).n
    expect(left).toBe(10)
    // The plain spelling still works.
    expect((await t.call('DELETE', '/api/delete-gallery/10', { token })).status).toBe(200)
  })
})

describe('login limits per address', () => {
  test('an IPv6 client cannot dodge the per-address limit by rotating addresses within its /64', async () => {
    t = await makeTestApp()
    const statuses: number[] = []
    for (let i = 1; i <= 7; i++) {
      const res = await t.call('POST', '/api/admin/login', {
        json: { username: `nobody${i}`, password: 'wrong-password' },
        peer: `2001:db8:1:2::${i.toString(16)}`,
      })
      statuses.push(res.status)
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429])
    // Another /64 (another customer) is not held back, and the real user still logs in from there.
    const other = await t.call('POST', '/api/admin/login', { json: DEMO_ADMIN, peer: '2001:db8:1:3::1' })
    expect(other.status).toBe(200)
  })
})

test('the contact form counts an IPv6 sender by its /64 too', async () => {
  t = await makeTestApp({ env: { CONTACT_RATE_LIMIT: '2' } })
  const message = { name: 'Ann', email: 'ann@example.com', message: 'A room for two, please.' }
  const statuses: number[] = []
  for (let i = 1; i <= 3; i++) statuses.push((await t.call('POST', '/api/email/send-email', { json: message, peer: `2001:db8:5:6::${i}` })).status)
  expect(statuses).toEqual([200, 200, 429])
  expect((await t.call('POST', '/api/email/send-email', { json: message, peer: '2001:db8:5:7::1' })).status).toBe(200)
})

test('the first owner from ADMIN_USERNAME/ADMIN_PASSWORD meets the password rules every other staff password meets', async () => {
  const { mkdtempSync, rmSync } = await import('node:fs')
  const { tmpdir } = await import('node:os')
  const { join } = await import('node:path')
  const { createContext } = await import('../src/app')
  const { loadConfig } = await import('../src/config')
  const dirs: string[] = []
  const start = (password: string) => {
    const dir = mkdtempSync(join(tmpdir(), 'venue-first-owner-'))
    dirs.push(dir)
    return createContext(loadConfig({ DATA_DIR: dir, NODE_ENV: 'production', ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: password, LOG_REQUESTS: 'false' }))
  }
  try {
    // A leaked password, and one containing the username: both were made the owner's password.
    await expect(start('password1234')).rejects.toThrow('common leaked')
    await expect(start('owner-is-my-name')).rejects.toThrow('must not contain the username')
    const ctx = await start('Sturdy-Keeper-Pass-93')
    expect((ctx.db.query('SELECT COUNT(*) AS n FROM admin_users').get() as { n: number }).n).toBe(1)
    ctx.db.close()
  } finally {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  }
})

describe('forms a hostile page can make a browser send', () => {
  // A cross-site HTML form may POST urlencoded or multipart bodies without any CORS preflight. The
  // JSON routes used to read them: any web page could make its visitors' browsers send contact
  // messages (each from the visitor's own address) or failed logins (locking out the address of a
  // staff member who opened the page).
  const urlencoded = (fields: Record<string, string>) => ({
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
  })
  const multipart = (fields: Record<string, string>) => {
    const form = new FormData()
    for (const [k, v] of Object.entries(fields)) form.append(k, v)
    return { form, headers: { origin: 'https://evil.example' } }
  }

  test('the contact form and the login take JSON only: a form body gets 415 and stores or counts nothing', async () => {
    t = await makeTestApp()
    const message = { name: 'Spam', email: 'spam@example.com', message: 'Buy now' }
    for (const options of [urlencoded(message), multipart(message)]) {
      const res = await t.call('POST', '/api/email/send-email', options)
      expect(res.status).toBe(415)
      expect((await jsonOf(res)).error).toContain('JSON')
    }
    expect((t.ctx.db.query('SELECT COUNT(*) AS n FROM contact_messages').get() as { n: number }).n).toBe(0)
    for (let i = 0; i < 6; i++) {
      const guess = { username: DEMO_ADMIN.username, password: `wrong-${i}` }
      expect((await t.call('POST', '/api/admin/login', i % 2 ? urlencoded(guess) : multipart(guess))).status).toBe(415)
    }
    // None of those counted against the address: the real login from it still works.
    expect((await t.call('POST', '/api/admin/login', { json: DEMO_ADMIN })).status).toBe(200)
  })

  test('upload routes still take their multipart forms', async () => {
    t = await makeTestApp()
    const form = new FormData()
    form.append('type', 'cafe')
    form.append('images', fileOf(await makeImage('png'), 'a.png', 'image/png'))
    expect((await t.call('POST', '/api/upload-gallery', { token: await t.token(), form })).status).toBe(201)
  })
})

describe('Idempotency-Keys after the enemy pass', () => {
  const FIRST = 'kettle-first-pass-7731'
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
