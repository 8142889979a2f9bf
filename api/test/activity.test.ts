/** The activity trail and contact-message handling. Real app, real SQLite in a temp dir. */
import { afterEach, describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEMO_ADMIN } from '../src/app'
import { loadConfig } from '../src/config'
import { pruneExpired } from '../src/retention'
import { fileOf, jsonOf, makeImage, makeTestApp, type TestApp } from './helpers'
import { loginToServer, startServer, waitUntilReady } from './server-process'

let t: TestApp
afterEach(() => t?.close())

const activity = async (query = '') => {
  const res = await t.call('GET', `/api/admin/activity${query}`, { token: await t.token() })
  expect(res.status).toBe(200)
  return jsonOf<any[]>(res)
}
const entriesOf = (kind: string) => t.ctx.db.query('SELECT * FROM activity WHERE kind = ? ORDER BY id').all(kind) as any[]

async function addEvent(token: string, headers: Record<string, string> = {}) {
  const image = Buffer.from(await makeImage('png')).toString('base64')
  const res = await t.call('POST', '/api/upload-event', {
    token,
    headers,
    json: { title: 'Folk night', description: 'Songs.', startDatetime: '2031-05-01T19:30', image_base64: image },
  })
  expect(res.status).toBe(201)
  return (await jsonOf(res)).event
}

describe('every staff change is in the trail', () => {
  test('content, opening times, holidays, menus, galleries, attractions: who, what, which record, a summary', async () => {
    t = await makeTestApp({ seedDemo: true })
    const token = await t.token()
    const event = await addEvent(token)
    const edit = new FormData()
    for (const [k, v] of Object.entries({ id: String(event.id), title: 'Folk night II', description: 'Songs.', start_datetime: '2031-05-01T19:30' }))
      edit.append(k, v)
    edit.append('image', fileOf(await makeImage('gif', 30, 20), 'new.gif', 'image/gif'))
    expect((await t.call('POST', '/api/update-event', { token, form: edit })).status).toBe(200)
    expect((await t.call('POST', '/api/delete-event', { token, json: { id: event.id } })).status).toBe(200)
    expect(
      (
        await t.call('PUT', '/api/update-times', {
          token,
          json: { name: 'The Stables bar', day: 'saturday', open_time: '11:00', close_time: '23:30', type: 'opening' },
        })
      ).status,
    ).toBe(200)
    expect(
      (await t.call('POST', '/api/add-bank-holiday-times', { token, json: { location: 'Larkdale Hotel', holiday_date: '2031-12-25', closed: true } })).status,
    ).toBe(201)
    expect((await t.call('DELETE', '/api/remove-bank-holiday-times', { token, json: { location: 'Larkdale Hotel', holiday_date: '2031-12-25' } })).status).toBe(
      201 - 1,
    )
    const gallery = new FormData()
    gallery.append('type', 'cafe')
    gallery.append('images', fileOf(await makeImage('png'), 'a.png', 'image/png'))
    const uploaded = await jsonOf(await t.call('POST', '/api/upload-gallery', { token, form: gallery }))
    expect((await t.call('DELETE', `/api/delete-gallery/${uploaded.images[0].id}`, { token })).status).toBe(200)
    const around = new FormData()
    for (const [k, v] of Object.entries({ name: 'Fell walk', url: 'https://example.org/walk', description: 'A walk.' })) around.append(k, v)
    around.append('image', fileOf(await makeImage('png'), 'w.png', 'image/png'))
    const attraction = (await jsonOf(await t.call('POST', '/api/upload-around', { token, form: around }))).attraction
    const aroundEdit = new FormData()
    for (const [k, v] of Object.entries({ name: 'Fell walk', url: 'https://example.org/walk', description: 'A longer walk.' })) aroundEdit.append(k, v)
    expect((await t.call('PUT', `/api/edit-around/${attraction.id}`, { token, form: aroundEdit })).status).toBe(200)
    expect((await t.call('DELETE', `/api/delete-around/${attraction.id}`, { token })).status).toBe(200)

    const list = await activity('?limit=100')
    const seen = list.map((e) => `${e.kind}:${e.action}`)
    for (const wanted of [
      'event:create',
      'event:update',
      'event:delete',
      'opening-times:update',
      'holiday:create',
      'holiday:delete',
      'gallery:create',
      'gallery:delete',
      'attraction:create',
      'attraction:update',
      'attraction:delete',
      'login:login',
    ]) {
      expect(seen).toContain(wanted)
    }
    expect(list.map((e) => e.id)).toEqual([...list.map((e) => e.id)].sort((a, b) => b - a))
    // (Plain checks: Bun's toMatchObject with expect.any writes the matchers into the object it checks.)
    for (const entry of list) {
      expect([entry.username, entry.device_at, typeof entry.at, typeof entry.summary]).toEqual(['admin', null, 'string', 'string'])
      expect(entry.summary.length).toBeGreaterThan(5)
    }
    const eventEdit = list.find((e) => e.kind === 'event' && e.action === 'update')
    expect(eventEdit.record_id).toBe(String(event.id))
    expect(eventEdit.summary).toContain('Folk night II')
    expect(eventEdit.changes).toEqual([
      { field: 'title', before: 'Folk night', after: 'Folk night II' },
      { field: 'image', before: null, after: 'picture replaced' },
    ])
    expect(list.find((e) => e.kind === 'attraction' && e.action === 'update').changes).toEqual([
      { field: 'description', before: 'A walk.', after: 'A longer walk.' },
    ])
    const times = list.find((e) => e.kind === 'opening-times')
    expect(times.record_id).toBe('stables:saturday')
    expect(JSON.stringify(times.changes)).toContain('23:30')
    // No file bytes and no hashes anywhere in the trail.
    const raw = JSON.stringify(t.ctx.db.query('SELECT * FROM activity').all())
    expect(raw).not.toContain('argon2')
    expect(raw).not.toMatch(/[A-Za-z0-9+/]{200,}/)
  })

  test('a menu upload is recorded', async () => {
    t = await makeTestApp()
    const form = new FormData()
    const { makePdf } = await import('./helpers')
    form.append('pdf', fileOf(await makePdf(), 'menu.pdf', 'application/pdf'))
    form.append('business_id', '1')
    expect((await t.call('POST', '/api/upload-pdf', { token: await t.token(), form })).status).toBe(201)
    expect(entriesOf('menu')).toMatchObject([{ action: 'upload', username: 'admin' }])
  })

  test('logins and failed logins are recorded, a wrong password and an unknown name alike; no password is kept', async () => {
    t = await makeTestApp()
    await t.call('POST', '/api/admin/login', { json: { username: 'admin', password: 'wrong-password-here' } })
    await t.call('POST', '/api/admin/login', { json: { username: 'nobody', password: 'wrong-password-here' } })
    await t.token()
    const logins = entriesOf('login')
    expect(logins.map((e) => [e.username, e.attempted_username, e.action])).toEqual([
      ['', 'admin', 'failed'],
      ['', 'nobody', 'failed'],
      ['admin', null, 'login'],
    ])
    expect(logins[0].summary).toContain('wrong password')
    expect(JSON.stringify(logins)).not.toContain('wrong-password-here')
    expect(JSON.stringify(logins)).not.toContain(DEMO_ADMIN.password)
  })

  test('staff-account changes are recorded, and a password reset says "reset", never the password', async () => {
    t = await makeTestApp()
    const token = await t.token()
    await t.call('POST', '/api/admin/staff', { token, json: { username: 'edna', role: 'editor', password: 'kettle-first-pass-7731' } })
    await t.call('PUT', '/api/admin/staff/edna', { token, json: { role: 'owner', password: 'another-first-pass-99' } })
    await t.call('DELETE', '/api/admin/staff/edna', { token })
    const staff = entriesOf('staff')
    expect(staff.map((e) => e.action)).toEqual(['create', 'update', 'delete'])
    expect(JSON.parse(staff[1].changes)).toEqual([
      { field: 'role', before: 'editor', after: 'owner' },
      { field: 'password', before: null, after: 'reset' },
    ])
    expect(JSON.stringify(staff)).not.toMatch(/kettle|another-first/)
  })
})

describe('a change and its entry are one', () => {
  test('a change that fails leaves no entry', async () => {
    t = await makeTestApp()
    const token = await t.token()
    const before = t.ctx.db.query('SELECT COUNT(*) AS n FROM activity').get()
    expect((await t.call('POST', '/api/delete-event', { token, json: { id: 999 } })).status).toBe(404)
    expect(
      (await t.call('POST', '/api/add-bank-holiday-times', { token, json: { location: 'Nowhere', holiday_date: '2031-12-25', closed: true } })).status,
    ).toBe(400)
    expect((await t.call('PUT', '/api/admin/staff/admin', { token, json: { disabled: true } })).status).toBe(409)
    expect(t.ctx.db.query('SELECT COUNT(*) AS n FROM activity').get()).toEqual(before)
  })

  test('when the entry cannot be written, the change is rolled back too', async () => {
    t = await makeTestApp()
    const token = await t.token()
    const event = await addEvent(token)
    t.ctx.db.exec("CREATE TRIGGER no_trail BEFORE INSERT ON activity BEGIN SELECT RAISE(ABORT, 'trail unavailable'); END")
    const quiet = console.error
    console.error = () => {}
    try {
      const res = await t.call('POST', '/api/delete-event', { token, json: { id: event.id } })
      expect(res.status).toBe(500)
      expect(typeof (await jsonOf(res)).error).toBe('string')
      expect(
        (await t.call('POST', '/api/add-bank-holiday-times', { token, json: { location: 'Larkdale Hotel', holiday_date: '2031-12-25', closed: true } })).status,
      ).toBe(500)
    } finally {
      console.error = quiet
    }
    t.ctx.db.exec('DROP TRIGGER no_trail')
    expect((await jsonOf(await t.call('GET', '/api/admin/events', { token }))).map((e: any) => e.id)).toEqual([event.id])
    expect(await jsonOf(await t.call('GET', '/api/bank-admin-holiday-exceptions', { token }))).toEqual([])
  })

  test('a request replayed with its Idempotency-Key writes no second entry', async () => {
    t = await makeTestApp()
    const token = await t.token()
    const send = () =>
      t.call('POST', '/api/add-bank-holiday-times', {
        token,
        headers: { 'idempotency-key': 'replay-key-0001' },
        json: { location: 'Larkdale Hotel', holiday_date: '2031-12-25', closed: true },
      })
    expect((await send()).status).toBe(201)
    expect((await send()).status).toBe(201)
    expect(entriesOf('holiday')).toHaveLength(1)
  })
})

describe('device time (changes replayed from the offline outbox)', () => {
  test('X-Device-Time is kept as device_at beside the server time; a time up to 5 minutes ahead of the server is clamped to now', async () => {
    let now = new Date('2026-11-20T12:00:00.000Z')
    t = await makeTestApp({ now: () => now })
    now = new Date('2026-11-23T12:00:00.000Z')
    const token = await t.token()
    await addEvent(token, { 'x-device-time': '2026-11-23T09:15:00+01:00' })
    await addEvent(token, { 'x-device-time': '2026-11-23T12:04:00Z' })
    const [ahead, past] = await activity('?kind=event')
    expect(past).toMatchObject({ username: 'admin', at: now.toISOString(), device_at: '2026-11-23T08:15:00.000Z', device_time_believable: true })
    expect(ahead).toMatchObject({ device_at: now.toISOString(), device_time_believable: true })
  })

  test('a device time before the account existed or over 5 minutes ahead is kept, marked not believable, and the change is made', async () => {
    let now = new Date('2026-11-20T12:00:00.000Z')
    t = await makeTestApp({ now: () => now })
    now = new Date('2026-11-23T12:00:00.000Z')
    const token = await t.token()
    // Before the account was made (the account is from 2026-11-20), long before, and too far ahead.
    const claims = ['2026-11-19T23:59:00Z', '1999-01-01T00:00:00Z', '2026-11-23T12:06:00Z', '2027-01-01T00:00:00Z']
    for (const claim of claims) await addEvent(token, { 'x-device-time': claim })
    const entries = (await activity('?kind=event')).reverse()
    expect(entries.map((entry) => [entry.device_at, entry.device_time_believable])).toEqual(claims.map((claim) => [new Date(claim).toISOString(), false]))
    expect(entries.every((entry) => entry.at === now.toISOString())).toBe(true)
  })

  test('an X-Device-Time that is not an ISO date and time is a 400 and nothing is saved', async () => {
    t = await makeTestApp()
    const token = await t.token()
    for (const bad of ['yesterday', '2026-11-23', '2026-13-40T10:00:00Z', '2026-11-23T10:00:00']) {
      const res = await t.call('POST', '/api/add-bank-holiday-times', {
        token,
        headers: { 'x-device-time': bad },
        json: { location: 'Larkdale Hotel', holiday_date: '2031-12-25', closed: true },
      })
      expect(res.status, bad).toBe(400)
      expect((await jsonOf(res)).error).toContain('X-Device-Time')
    }
    expect(await jsonOf(await t.call('GET', '/api/bank-admin-holiday-exceptions', { token }))).toEqual([])
  })
})

describe('GET /api/admin/activity', () => {
  test('filters by member and kind, pages with before, caps the limit at 100, never cached', async () => {
    t = await makeTestApp()
    const token = await t.token()
    for (let i = 0; i < 105; i++) {
      const at = `2026-01-0${i < 60 ? 1 : 2}T00:${String(i % 60).padStart(2, '0')}:00.000Z`
      t.ctx.db.transaction(() =>
        t.ctx.db
          .query("INSERT INTO activity (at, username, kind, action, summary) VALUES (?, ?, 'event', 'update', ?)")
          .run(at, i % 2 ? 'edna' : 'admin', `entry ${i}`),
      )()
    }
    const res = await t.call('GET', '/api/admin/activity', { token })
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(await jsonOf(res)).toHaveLength(50)
    const all = await activity('?limit=1000')
    expect(all).toHaveLength(100)
    const edna = await activity('?member=EDNA&limit=100')
    expect(edna.every((e) => e.username === 'edna')).toBe(true)
    expect(edna).toHaveLength(52)
    expect(await activity('?kind=login')).toHaveLength(1)
    const first = await activity('?limit=10')
    const second = await activity(`?limit=10&before=${first.at(-1).id}`)
    expect(second[0].id).toBe(first.at(-1).id - 1)
    expect(new Set([...first, ...second].map((e) => e.id)).size).toBe(20)
    // Entries 0–59 were written on 1 January, the rest on 2 January (UTC); dates are whole days.
    expect(await activity('?from=2026-01-01&to=2026-01-01&limit=100')).toHaveLength(60)
    expect((await activity('?from=2026-01-01&to=2026-01-01&limit=100')).every((e) => e.at.startsWith('2026-01-01'))).toBe(true)
    expect(await activity('?to=2025-12-31')).toEqual([])
    for (const bad of ['?limit=0', '?limit=abc', '?before=-1', '?before=x', '?from=2026-02-30', '?to=yesterday']) {
      const refused = await t.call('GET', `/api/admin/activity${bad}`, { token })
      expect(refused.status, bad).toBe(400)
      expect(typeof (await jsonOf(refused)).error).toBe('string')
    }
    expect((await t.call('GET', '/api/admin/activity')).status).toBe(401)
  })
})

describe('text anyone can type, in the trail', () => {
  test('a failed login names no member: the username tried is kept as attempted text, without controls, zero-width or bidi characters', async () => {
    t = await makeTestApp()
    const tried = [
      'server (npm run staff)',
      'own2\nLogged in from 10.0.0.1',
      'admin\u200b',
      '<img src=x onerror=alert(1)>',
      'x\u202Etxt.exe\u2066\uFEFF\u0085\u0007',
      // Every other invisible format character: Arabic letter mark, soft hyphen, word joiner, Mongolian vowel separator, grapheme joiner, tags.
      'is\u061Co\u00ADs\u2060w\u180Ej\u034Fx\u{E0041}y',
    ]
    // From different addresses, so the failures do not add up to a lockout.
    for (const [i, username] of tried.entries()) {
      expect((await t.call('POST', '/api/admin/login', { json: { username, password: 'wrong-password-here' }, peer: `203.0.113.${i + 1}` })).status).toBe(401)
    }
    const failed = (await activity('?kind=login')).filter((entry) => entry.action === 'failed').reverse()
    expect(failed.map((entry) => [entry.username, entry.attempted_username])).toEqual([
      ['', 'server (npm run staff)'],
      ['', 'own2 Logged in from 10.0.0.1'],
      ['', 'admin'],
      ['', '<img src=x onerror=alert(1)>'],
      ['', 'xtxt.exe'],
      ['', 'isoswjxy'],
    ])
    expect((await activity('?member=admin&kind=login')).map((entry) => entry.action)).toEqual(['login'])
  })

  test('a contact name with bidi or control characters reaches a summary without them', async () => {
    t = await makeTestApp()
    const name = 'Eve\u202Egnp.exe\u200F\u2066'
    expect((await t.call('POST', '/api/email/send-email', { json: { name, email: 'eve@example.org', message: 'Hello' } })).status).toBe(200)
    const { id } = t.ctx.db.query('SELECT id FROM contact_messages').get() as { id: number }
    expect((await t.call('PUT', `/api/admin/messages/${id}`, { token: await t.token(), json: { handled: true } })).status).toBe(200)
    expect(entriesOf('message').map((entry) => entry.summary)).toEqual(['Marked the message from Evegnp.exe handled'])
  })
})

describe('contact messages', () => {
  async function withMessage() {
    t = await makeTestApp()
    expect((await t.call('POST', '/api/email/send-email', { json: { name: 'Ada', email: 'ada@example.org', message: 'Hello' } })).status).toBe(200)
    return { token: await t.token(), id: (t.ctx.db.query('SELECT id FROM contact_messages').get() as { id: number }).id }
  }

  test('PUT marks a message handled (who and when) and not handled again; the list shows it', async () => {
    const { token, id } = await withMessage()
    const res = await t.call('PUT', `/api/admin/messages/${id}`, { token, json: { handled: true } })
    expect(res.status).toBe(200)
    expect((await jsonOf(res)).item).toMatchObject({ id, handled_by: 'admin', handled_at: expect.any(String) })
    expect((await jsonOf(await t.call('GET', '/api/admin/messages', { token })))[0]).toMatchObject({ handled_by: 'admin' })
    expect((await jsonOf(await t.call('PUT', `/api/admin/messages/${id}`, { token, json: { handled: false } }))).item).toMatchObject({
      handled_by: null,
      handled_at: null,
    })
    expect(entriesOf('message').map((e) => e.action)).toEqual(['handled', 'unhandled'])
  })

  test('DELETE removes a message; unknown ids are 404, bad ids and bodies 400, and nothing is lost', async () => {
    const { token, id } = await withMessage()
    expect((await t.call('PUT', '/api/admin/messages/999', { token, json: { handled: true } })).status).toBe(404)
    expect((await t.call('PUT', `/api/admin/messages/${id}`, { token, json: { handled: 'yes' } })).status).toBe(400)
    expect((await t.call('PUT', '/api/admin/messages/abc', { token, json: { handled: true } })).status).toBe(400)
    expect((await t.call('DELETE', '/api/admin/messages/999', { token })).status).toBe(404)
    expect((await t.call('DELETE', `/api/admin/messages/${id}`)).status).toBe(401)
    expect(await jsonOf(await t.call('GET', '/api/admin/messages', { token }))).toHaveLength(1)
    expect((await t.call('DELETE', `/api/admin/messages/${id}`, { token })).status).toBe(200)
    expect(await jsonOf(await t.call('GET', '/api/admin/messages', { token }))).toEqual([])
    expect(entriesOf('message').map((e) => e.action)).toEqual(['delete'])
  })
})

describe('retention', () => {
  test('defaults are 730 days of activity and 365 days of messages; other values come from the environment', () => {
    expect(loadConfig({})).toMatchObject({ activityRetentionDays: 730, messageRetentionDays: 365 })
    expect(loadConfig({ ACTIVITY_RETENTION_DAYS: '30', MESSAGE_RETENTION_DAYS: '90' })).toMatchObject({ activityRetentionDays: 30, messageRetentionDays: 90 })
    expect(() => loadConfig({ MESSAGE_RETENTION_DAYS: '0' })).toThrow('MESSAGE_RETENTION_DAYS')
    expect(() => loadConfig({ ACTIVITY_RETENTION_DAYS: 'two years' })).toThrow('ACTIVITY_RETENTION_DAYS')
  })

  test('pruning deletes activity and messages past their retention and keeps the rest', async () => {
    const now = new Date('2026-11-23T12:00:00.000Z')
    t = await makeTestApp({ now: () => now })
    const db = t.ctx.db
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString()
    db.transaction(() => {
      for (const days of [731, 729])
        db.query("INSERT INTO activity (at, username, kind, action, summary) VALUES (?, 'admin', 'event', 'update', ?)").run(daysAgo(days), `${days}`)
      for (const days of [366, 364])
        db.query("INSERT INTO contact_messages (name, phone, email, message, status, created_at) VALUES ('A', '', 'a@example.org', ?, 'stored', ?)").run(
          `${days}`,
          daysAgo(days),
        )
    })()
    expect(pruneExpired(t.ctx)).toMatchObject({ activity: 1, messages: 1 })
    expect(db.query("SELECT summary FROM activity WHERE kind = 'event'").all()).toEqual([{ summary: '729' }])
    expect(db.query('SELECT message FROM contact_messages').all()).toEqual([{ message: '364' }])
  })

  test('the real server prunes at start-up', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'venue-retention-'))
    let server: ReturnType<typeof startServer> | undefined
    try {
      const first = startServer(dataDir)
      await waitUntilReady(first)
      await loginToServer(first)
      first.proc.kill()
      await first.proc.exited
      const db = new Database(join(dataDir, 'venue.sqlite'))
      db.query("INSERT INTO activity (at, username, kind, action, summary) VALUES ('2020-01-01T00:00:00.000Z', 'admin', 'event', 'update', 'old')").run()
      db.query(
        "INSERT INTO contact_messages (name, phone, email, message, status, created_at) VALUES ('A', '', 'a@example.org', 'old', 'stored', '2020-01-01T00:00:00.000Z')",
      ).run()
      db.close()
      server = startServer(dataDir)
      await waitUntilReady(server)
      const check = new Database(join(dataDir, 'venue.sqlite'), { readonly: true })
      expect(check.query("SELECT COUNT(*) AS n FROM activity WHERE summary = 'old'").get()).toEqual({ n: 0 })
      expect(check.query('SELECT COUNT(*) AS n FROM contact_messages').get()).toEqual({ n: 0 })
      expect(check.query("SELECT COUNT(*) AS n FROM activity WHERE kind = 'login'").get()).toEqual({ n: 1 })
      check.close()
    } finally {
      server?.proc.kill()
      await server?.proc.exited
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 120_000)
})
