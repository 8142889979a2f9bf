/**
 * Dates at the edges of the activity trail: a filter up to the last day there is still lists every
 * entry, and a device time (X-Device-Time) naming a day or time that does not exist is refused
 * before the change it came with is made. Real app, real SQLite in a temp dir.
 */
import { afterEach, describe, expect, test } from 'bun:test'
import { jsonOf, makeTestApp, type TestApp } from './helpers'

let t: TestApp
afterEach(() => t?.close())

const holidayCount = () => (t.ctx.db.query('SELECT COUNT(*) AS n FROM holidays').get() as { n: number }).n

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
