/**
 * A holiday's venue: the staff form sends the key ('hotel' | 'stables'); older clients, and changes
 * they queued offline, send the display name. Both land on the same row; anything else is a 400.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test'
import { jsonOf, makeTestApp, type TestApp } from './helpers'

let t: TestApp
let token: string
beforeAll(async () => {
  t = await makeTestApp({ now: () => new Date('2026-06-01T12:00:00Z') })
  token = await t.token()
})
afterAll(() => t.close())
beforeEach(() => t.ctx.db.query('DELETE FROM holidays').run())

const add = (json: unknown) => t.call('POST', '/api/add-bank-holiday-times', { json, token })
const remove = (json: unknown) => t.call('DELETE', '/api/remove-bank-holiday-times', { json, token })
const stored = () => t.ctx.db.query('SELECT venue, holiday_date FROM holidays ORDER BY venue').all()

describe('the venue of a bank-holiday exception', () => {
  test('the key is accepted; the reply keeps the display name and the key', async () => {
    const hotel = await add({ location: 'hotel', holiday_date: '2026-08-31', closed: true })
    expect(hotel.status).toBe(201)
    expect((await jsonOf(hotel)).holiday).toMatchObject({ venue: 'hotel', location: 'Larkdale Hotel', closed: true })
    const stables = await add({ location: 'stables', holiday_date: '2026-08-31', open_time: '12:00', close_time: '18:00' })
    expect(stables.status).toBe(201)
    expect((await jsonOf(stables)).holiday).toMatchObject({ venue: 'stables', location: 'The Stables bar', open_time: '12:00' })
    expect(stored()).toEqual([
      { venue: 'hotel', holiday_date: '2026-08-31' },
      { venue: 'stables', holiday_date: '2026-08-31' },
    ])
  })

  test('the display names older clients send still land on the same rows', async () => {
    expect((await add({ location: 'The Stables bar', holiday_date: '2026-12-28', closed: true })).status).toBe(201)
    // Added by name, removed by key, and the other way round.
    expect((await add({ location: 'hotel', holiday_date: '2026-12-28', closed: true })).status).toBe(201)
    expect((await remove({ location: 'stables', holiday_date: '2026-12-28' })).status).toBe(200)
    expect(stored()).toEqual([{ venue: 'hotel', holiday_date: '2026-12-28' }])
    const byName = await remove({ location: 'Larkdale Hotel', holiday_date: '2026-12-28' })
    expect(byName.status).toBe(200)
    expect(await jsonOf(byName)).toEqual({ message: 'Bank holiday times removed.' })
    expect(stored()).toEqual([])
  })

  test('a key and a name of the same venue on the same date are one exception (409)', async () => {
    expect((await add({ location: 'stables', holiday_date: '2026-12-25', closed: true })).status).toBe(201)
    const again = await add({ location: 'The Stables Bar', holiday_date: '2026-12-25', closed: true })
    expect(again.status).toBe(409)
    expect(typeof (await jsonOf(again)).error).toBe('string')
  })

  for (const location of ['Stable', 'HOTELS', 'bar', '__proto__', 'constructor', '1', ' ']) {
    test(`an unknown venue ${JSON.stringify(location)} → 400 with {error}, nothing stored or removed`, async () => {
      await add({ location: 'hotel', holiday_date: '2026-12-24', closed: true })
      const added = await add({ location, holiday_date: '2026-12-25', closed: true })
      expect(added.status).toBe(400)
      const body = await jsonOf(added)
      expect(Object.keys(body)).toEqual(['error'])
      expect(typeof body.error).toBe('string')
      const removed = await remove({ location, holiday_date: '2026-12-24' })
      expect(removed.status).toBe(400)
      expect(Object.keys(await jsonOf(removed))).toEqual(['error'])
      expect(stored()).toEqual([{ venue: 'hotel', holiday_date: '2026-12-24' }])
    })
  }

  test("an unknown venue's message names both venues", async () => {
    const res = await add({ location: 'The Moon', holiday_date: '2026-12-25', closed: true })
    expect(await jsonOf(res)).toEqual({ error: "Unknown business 'The Moon'. Use 'Larkdale Hotel' or 'The Stables bar'." })
  })
})
