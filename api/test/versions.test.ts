/**
 * Optimistic concurrency on the edit routes the offline outbox replays: update-event, edit-around and
 * update-times take the version a change was based on (If-Match: "<updated_at>", or an updated_at
 * field) and answer 409 { error, current } when the record changed since. Without a version they
 * behave exactly as SPEC.md's clients expect.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { existsSync, readdirSync } from 'node:fs'
import { fileOf, jsonOf, makeImage, makeTestApp, type TestApp } from './helpers'

/** A pinned clock: versions must still move forward on every edit. */
const NOW = new Date('2026-06-15T10:00:00.000Z')

let t: TestApp
let token: string
let png: Uint8Array
beforeAll(async () => {
  t = await makeTestApp({ now: () => NOW })
  token = await t.token()
  png = await makeImage('png', 64, 48, '#2a6')
})
afterAll(() => t.close())

const form = (fields: Record<string, string | File>) => {
  const body = new FormData()
  for (const [key, value] of Object.entries(fields)) body.append(key, value)
  return body
}
const count = (table: string) => (t.ctx.db.query(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n

async function newEvent(title = 'Quiz Night') {
  const res = await t.call('POST', '/api/upload-event', {
    token,
    json: {
      title,
      description: 'Eight rounds.',
      startDatetime: '2026-07-01T19:30',
      image_base64: `data:image/png;base64,${Buffer.from(png).toString('base64')}`,
    },
  })
  expect(res.status).toBe(201)
  return (await jsonOf(res)).event as { id: number; title: string; updated_at: string; image_url: string }
}

const editEvent = (id: number, title: string, headers: Record<string, string> = {}, extra: Record<string, string | File> = {}) =>
  t.call('POST', '/api/update-event', {
    token,
    headers,
    form: form({ id: String(id), title, description: 'Eight rounds.', start_datetime: '2026-07-01T19:30', ...extra }),
  })

describe('update-event with a version', () => {
  test('the version it was based on: applied, and the reply carries a newer version', async () => {
    const event = await newEvent()
    const res = await editEvent(event.id, 'Quiz Night II', { 'if-match': `"${event.updated_at}"` })
    expect(res.status).toBe(200)
    const updated = (await jsonOf(res)).event
    expect(updated.title).toBe('Quiz Night II')
    expect(updated.updated_at > event.updated_at).toBe(true)
  })

  test('changed since: 409 with the reason and the event as it is now; nothing is overwritten', async () => {
    const event = await newEvent('Folk Night')
    expect((await editEvent(event.id, 'Folk Night (edited elsewhere)')).status).toBe(200)
    const res = await editEvent(event.id, 'Folk Night (offline edit)', { 'if-match': `"${event.updated_at}"`, 'idempotency-key': 'stale-edit-0001' })
    expect(res.status).toBe(409)
    const body = await jsonOf(res)
    expect(body.error).toBe('This event was changed by someone else since you opened it.')
    expect(body.current.id).toBe(event.id)
    expect(body.current.title).toBe('Folk Night (edited elsewhere)')
    const stored = t.ctx.db.query('SELECT title FROM events WHERE id = ?').get(event.id) as { title: string }
    expect(stored.title).toBe('Folk Night (edited elsewhere)')
    // The refusal is not stored under the key: the same request still gets the fresh answer.
    const again = await editEvent(event.id, 'Folk Night (offline edit)', { 'if-match': `"${event.updated_at}"`, 'idempotency-key': 'stale-edit-0001' })
    expect(again.status).toBe(409)
  })

  test('a refused edit with a new image leaves no file behind', async () => {
    const event = await newEvent('Barn Dance')
    expect((await editEvent(event.id, 'Barn Dance!')).status).toBe(200)
    const before = readdirSync(t.ctx.files.dir).sort()
    const res = await editEvent(
      event.id,
      'Barn Dance?',
      { 'if-match': `"${event.updated_at}"` },
      { image: fileOf(await makeImage('png', 30, 20, '#a52'), 'new.png', 'image/png') },
    )
    expect(res.status).toBe(409)
    expect(readdirSync(t.ctx.files.dir).sort()).toEqual(before)
  })

  test('the updated_at field works like If-Match; W/ and * are understood', async () => {
    const event = await newEvent('Carols')
    const edited = await jsonOf(await editEvent(event.id, 'Carols by Lantern', { 'if-match': `W/"${event.updated_at}"` }))
    expect(edited.event.title).toBe('Carols by Lantern')
    const stale = await editEvent(event.id, 'Carols (stale)', {}, { updated_at: event.updated_at })
    expect(stale.status).toBe(409)
    expect((await jsonOf(stale)).current.title).toBe('Carols by Lantern')
    const any = await editEvent(event.id, 'Carols (any version)', { 'if-match': '*' })
    expect(any.status).toBe(200)
  })

  test('without a version, edits behave as before (last one wins), even twice within a millisecond', async () => {
    const event = await newEvent('Open Mic')
    const first = await jsonOf(await editEvent(event.id, 'Open Mic 1'))
    const second = await jsonOf(await editEvent(event.id, 'Open Mic 2'))
    expect(second.event.title).toBe('Open Mic 2')
    expect(second.event.updated_at > first.event.updated_at).toBe(true)
  })

  test('an unknown event is still 404 with a version', async () => {
    const res = await editEvent(999_999, 'Nobody', { 'if-match': '"2026-01-01T00:00:00.000Z"' })
    expect(res.status).toBe(404)
  })

  test('without a token: 401 and nothing changes', async () => {
    const event = await newEvent('Locked')
    const res = await t.call('POST', '/api/update-event', {
      headers: { 'if-match': `"${event.updated_at}"` },
      form: form({ id: String(event.id), title: 'Hacked', description: 'x', start_datetime: '2026-07-01T19:30' }),
    })
    expect(res.status).toBe(401)
    expect((t.ctx.db.query('SELECT title FROM events WHERE id = ?').get(event.id) as { title: string }).title).toBe('Locked')
  })
})

describe('edit-around with a version', () => {
  const image = async () => fileOf(await makeImage('jpeg', 90, 60, '#2a6'), 'view.jpg', 'image/jpeg')
  async function newAttraction(name: string) {
    const res = await t.call('POST', '/api/upload-around', {
      token,
      form: form({ name, url: 'https://example.org/walk', description: 'A walk.', image: await image() }),
    })
    expect(res.status).toBe(201)
    return (await jsonOf(res)).attraction as { id: number; name: string; updated_at: string }
  }
  const edit = (id: number, name: string, headers: Record<string, string> = {}, extra: Record<string, string> = {}) =>
    t.call('PUT', `/api/edit-around/${id}`, { token, headers, form: form({ name, url: 'https://example.org/walk', description: 'A walk.', ...extra }) })

  test('based on the current version: applied, and the version moves on although the clock is pinned', async () => {
    const attraction = await newAttraction('Larkdale Force')
    const res = await edit(attraction.id, 'Larkdale Falls', { 'if-match': `"${attraction.updated_at}"` })
    expect(res.status).toBe(200)
    const updated = (await jsonOf(res)).attraction
    expect(updated.name).toBe('Larkdale Falls')
    expect(updated.updated_at > attraction.updated_at).toBe(true)
  })

  test('changed since: 409 with the attraction as it is now (header or field)', async () => {
    const attraction = await newAttraction('Monsal Trail')
    expect((await edit(attraction.id, 'Monsal Trail (elsewhere)')).status).toBe(200)
    for (const [headers, extra] of [
      [{ 'if-match': `"${attraction.updated_at}"` }, {}],
      [{}, { updated_at: attraction.updated_at }],
    ] as const) {
      const res = await edit(attraction.id, 'Monsal Trail (stale)', headers, extra)
      expect(res.status).toBe(409)
      const body = await jsonOf(res)
      expect(body.error).toBe('This attraction was changed by someone else since you opened it.')
      expect(body.current.name).toBe('Monsal Trail (elsewhere)')
    }
    expect((t.ctx.db.query('SELECT name FROM attractions WHERE id = ?').get(attraction.id) as { name: string }).name).toBe('Monsal Trail (elsewhere)')
  })

  test('without a version: last one wins, as before', async () => {
    const attraction = await newAttraction('Chee Dale')
    expect((await edit(attraction.id, 'Chee Dale 1')).status).toBe(200)
    const res = await edit(attraction.id, 'Chee Dale 2')
    expect(res.status).toBe(200)
    expect((await jsonOf(res)).attraction.name).toBe('Chee Dale 2')
  })
})

describe('update-times with a version', () => {
  const HOTEL = () => t.ctx.venue().hotelName
  const times = async () => jsonOf(await t.call('GET', '/api/opening-times'))
  const change = (day: string, open: string, headers: Record<string, string> = {}, extra: Record<string, unknown> = {}) =>
    t.call('PUT', '/api/update-times', { token, headers, json: { name: HOTEL(), day, open_time: open, close_time: '22:00', type: 'opening', ...extra } })

  test('based on what staff saw: applied', async () => {
    const seen = await times()
    const res = await change('saturday', '09:15', { 'if-match': `"${seen.updated_at}"` })
    expect(res.status).toBe(200)
    const body = await jsonOf(res)
    expect(body.opening_times.monsal.saturday.hours).toEqual({ open_time: '09:15', close_time: '22:00' })
    expect(body.opening_times.updated_at > seen.updated_at).toBe(true)
  })

  test('the same group changed since: 409 with every venue as it is now, and nothing changes', async () => {
    const seen = await times()
    expect((await change('sunday', '10:00')).status).toBe(200)
    const res = await change('sunday', '07:00', { 'if-match': `"${seen.updated_at}"` })
    expect(res.status).toBe(409)
    const body = await jsonOf(res)
    expect(body.error).toBe('These opening times were changed by someone else since you opened them.')
    expect(body.current.monsal.sunday.hours.open_time).toBe('10:00')
    expect((await times()).monsal.sunday.hours.open_time).toBe('10:00')
    const viaField = await change('sunday', '07:00', {}, { updated_at: seen.updated_at })
    expect(viaField.status).toBe(409)
  })

  test('another group changed since is no conflict', async () => {
    const seen = await times()
    expect((await change('monday_to_friday', '07:30')).status).toBe(200)
    const res = await change('saturday', '08:45', { 'if-match': `"${seen.updated_at}"` })
    expect(res.status).toBe(200)
  })

  test('without a version: applied as before, even right after another change', async () => {
    expect((await change('saturday', '08:00')).status).toBe(200)
    const res = await change('saturday', '08:30')
    expect(res.status).toBe(200)
    expect((await times()).monsal.saturday.hours.open_time).toBe('08:30')
    expect(count('opening_times')).toBe(7)
  })

  test('without a token: 401 and nothing changes', async () => {
    const before = await times()
    const res = await t.call('PUT', '/api/update-times', {
      headers: { 'if-match': `"${before.updated_at}"` },
      json: { name: HOTEL(), day: 'saturday', open_time: '01:00', close_time: '02:00', type: 'opening' },
    })
    expect(res.status).toBe(401)
    expect(await times()).toEqual(before)
    expect(existsSync(t.dataDir)).toBe(true)
  })
})
