import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { nextBankHolidays, ukBankHolidays } from '../src/seed/bank-holidays'
import { jsonOf, makeTestApp, type TestApp } from './helpers'

// 23:30 UTC on 1 June 2026 is already 2 June in London (BST), so "today" at the venue is 2026-06-02.
const NOW = new Date('2026-06-01T23:30:00Z')
const TODAY = '2026-06-02'

let t: TestApp
let token: string
beforeAll(async () => {
  t = await makeTestApp({ now: () => NOW })
  token = await t.token()
})
afterAll(() => t.close())

const add = (json: unknown, headers: Record<string, string> = {}) => t.call('POST', '/api/add-bank-holiday-times', { json, token, headers })
const remove = (json: unknown, headers: Record<string, string> = {}) => t.call('DELETE', '/api/remove-bank-holiday-times', { json, token, headers })
const rowCount = () => (t.ctx.db.query('SELECT count(*) AS n FROM holidays').get() as { n: number }).n
const clear = () => t.ctx.db.query('DELETE FROM holidays').run()

describe('adding and listing bank-holiday exceptions', () => {
  beforeAll(clear)

  test('adds an exception, stores the venue key and replies with the display name', async () => {
    const res = await add({ location: 'The Stables bar', holiday_date: '2026-08-31', open_time: '12:00', close_time: '18:00' })
    expect(res.status).toBe(201)
    const body = await jsonOf(res)
    expect(body.message).toBe('Bank holiday times added.')
    expect(body.holiday).toMatchObject({
      holiday_date: '2026-08-31',
      original_holiday_date: '2026-08-31',
      open_time: '12:00',
      close_time: '18:00',
      closed: false,
      location: 'The Stables bar',
      venue: 'stables',
    })
    const row = t.ctx.db.query('SELECT venue, open_time, close_time, closed FROM holidays WHERE id = ?').get(body.holiday.id)
    expect(row).toEqual({ venue: 'stables', open_time: '12:00', close_time: '18:00', closed: 0 })
  })

  test('the hotel by its configured name, any case, and a closed day without times', async () => {
    const res = await add({ location: 'larkdale HOTEL', holiday_date: '2026-12-25', closed: true })
    expect(res.status).toBe(201)
    const { holiday } = await jsonOf(res)
    expect(holiday).toMatchObject({ venue: 'hotel', location: 'Larkdale Hotel', closed: true, open_time: null, close_time: null })
  })

  test('a closed day drops any times sent with it', async () => {
    const res = await add({ location: 'The Stables Bar', holiday_date: '2026-12-25', open_time: '10:00', close_time: '11:00', closed: true })
    expect(res.status).toBe(201)
    expect((await jsonOf(res)).holiday).toMatchObject({ venue: 'stables', closed: true, open_time: null, close_time: null })
  })

  test('the same venue and date again is a 409 and nothing is added', async () => {
    const before = rowCount()
    const res = await add({ location: 'the stables bar', holiday_date: '2026-08-31', open_time: '10:00', close_time: '20:00' })
    expect(res.status).toBe(409)
    expect((await jsonOf(res)).error).toContain('2026-08-31')
    expect(rowCount()).toBe(before)
    const kept = t.ctx.db.query("SELECT open_time FROM holidays WHERE venue = 'stables' AND holiday_date = '2026-08-31'").get()
    expect(kept).toEqual({ open_time: '12:00' })
  })

  test('the public list holds only exceptions from today on, soonest first', async () => {
    // Yesterday at the venue must not show; today must.
    t.ctx.db.query("INSERT INTO holidays (venue, holiday_date, open_time, close_time) VALUES ('hotel', '2026-06-01', '09:00', '17:00')").run()
    t.ctx.db.query(`INSERT INTO holidays (venue, holiday_date, open_time, close_time) VALUES ('hotel', '${TODAY}', '09:00', '17:00')`).run()
    const res = await t.call('GET', '/api/bank-holiday-exceptions')
    expect(res.status).toBe(200)
    const list = await jsonOf<any[]>(res)
    expect(list.map((h) => `${h.holiday_date} ${h.venue}`)).toEqual([`${TODAY} hotel`, '2026-08-31 stables', '2026-12-25 hotel', '2026-12-25 stables'])
    expect(list[1]).toEqual({
      id: expect.any(Number),
      holiday_date: '2026-08-31',
      open_time: '12:00',
      close_time: '18:00',
      closed: false,
      location: 'The Stables bar',
      venue: 'stables',
    })
  })

  test('the admin list holds every exception, past ones too, by date', async () => {
    const res = await t.call('GET', '/api/bank-admin-holiday-exceptions', { token })
    expect(res.status).toBe(200)
    const list = await jsonOf<any[]>(res)
    expect(list.map((h) => h.holiday_date)).toEqual(['2026-06-01', TODAY, '2026-08-31', '2026-12-25', '2026-12-25'])
    for (const h of list) expect(h.original_holiday_date).toBe(h.holiday_date)
  })
})

describe('bad input to add', () => {
  const valid = { location: 'The Stables bar', holiday_date: '2026-05-25', open_time: '12:00', close_time: '18:00' }
  const cases: [string, Record<string, unknown>, number, string | null][] = [
    ['no location', { ...valid, location: undefined }, 400, 'All fields are required'],
    ['an empty location', { ...valid, location: '  ' }, 400, 'All fields are required'],
    ['no date', { ...valid, holiday_date: undefined }, 400, 'All fields are required'],
    ['no open time', { ...valid, open_time: undefined }, 400, 'All fields are required'],
    ['an empty close time', { ...valid, close_time: '' }, 400, 'All fields are required'],
    ['closed: false and no times', { ...valid, open_time: null, close_time: null, closed: false }, 400, 'All fields are required'],
    ['an unknown location', { ...valid, location: 'The Moon' }, 400, null],
    ['a date that does not exist', { ...valid, holiday_date: '2026-02-30' }, 400, null],
    ['a date in another format', { ...valid, holiday_date: '25/05/2026' }, 400, null],
    ['a time that is not HH:MM', { ...valid, open_time: '9am' }, 400, 'Times must be HH:MM, for example 08:30.'],
    ['an hour past 23', { ...valid, close_time: '24:00' }, 400, 'Times must be HH:MM, for example 08:30.'],
    ['a time of the wrong type', { ...valid, open_time: 1200 }, 400, 'Times must be HH:MM, for example 08:30.'],
    ['closed as a string', { ...valid, closed: 'yes' }, 400, 'closed must be true or false.'],
    ['a location of the wrong type', { ...valid, location: 7 }, 400, 'Choose a location.'],
    ['equal open and close', { ...valid, close_time: '12:00' }, 400, 'Closing time must differ from the opening time.'],
  ]
  for (const [name, json, status, error] of cases) {
    test(`${name} → ${status}, nothing stored`, async () => {
      const before = rowCount()
      const res = await add(json)
      expect(res.status).toBe(status)
      const body = await jsonOf(res)
      if (error) expect(body.error).toBe(error)
      else expect(typeof body.error).toBe('string')
      expect(rowCount()).toBe(before)
    })
  }

  test('a body that is not JSON → 400', async () => {
    const res = await t.call('POST', '/api/add-bank-holiday-times', { token, body: '{"location":', headers: { 'content-type': 'application/json' } })
    expect(res.status).toBe(400)
  })
})

describe('removing an exception', () => {
  beforeAll(async () => {
    clear()
    await add({ location: 'The Stables bar', holiday_date: '2026-12-28', open_time: '12:00', close_time: '22:00' })
    await add({ location: 'Larkdale Hotel', holiday_date: '2026-12-28', open_time: '09:00', close_time: '17:00' })
  })

  test("removes with SPEC's 'The Stables Bar' spelling, leaving the other venue's exception", async () => {
    const res = await remove({ location: 'The Stables Bar', holiday_date: '2026-12-28' })
    expect(res.status).toBe(200)
    expect(await jsonOf(res)).toEqual({ message: 'Bank holiday times removed.' })
    const left = t.ctx.db.query('SELECT venue FROM holidays').all()
    expect(left).toEqual([{ venue: 'hotel' }])
  })

  test('an unknown date → 404', async () => {
    const res = await remove({ location: 'The Stables Bar', holiday_date: '2026-12-28' })
    expect(res.status).toBe(404)
    expect((await jsonOf(res)).error).toContain('2026-12-28')
    expect((await remove({ location: 'Larkdale Hotel', holiday_date: '2027-01-01' })).status).toBe(404)
    expect(rowCount()).toBe(1)
  })

  test('missing fields and bad dates → 400', async () => {
    const missing = await remove({ location: 'Larkdale Hotel' })
    expect(missing.status).toBe(400)
    expect((await jsonOf(missing)).error).toBe('All fields are required')
    expect((await remove({ holiday_date: '2026-12-28' })).status).toBe(400)
    expect((await remove({ location: 'Larkdale Hotel', holiday_date: '2026-13-01' })).status).toBe(400)
    expect((await remove({ location: 'Nowhere', holiday_date: '2026-12-28' })).status).toBe(400)
    expect(rowCount()).toBe(1)
  })
})

describe('admin endpoints need a token', () => {
  test('every admin endpoint → 401 without one, and nothing changes', async () => {
    clear()
    await add({ location: 'Larkdale Hotel', holiday_date: '2026-12-31', open_time: '09:00', close_time: '17:00' })
    const list = await t.call('GET', '/api/bank-admin-holiday-exceptions')
    expect(list.status).toBe(401)
    const added = await t.call('POST', '/api/add-bank-holiday-times', {
      json: { location: 'Larkdale Hotel', holiday_date: '2026-11-30', open_time: '09:00', close_time: '17:00' },
    })
    expect(added.status).toBe(401)
    const removed = await t.call('DELETE', '/api/remove-bank-holiday-times', {
      json: { location: 'Larkdale Hotel', holiday_date: '2026-12-31' },
      headers: { authorization: 'Bearer not.a.token' },
    })
    expect(removed.status).toBe(401)
    expect(t.ctx.db.query('SELECT holiday_date FROM holidays').all()).toEqual([{ holiday_date: '2026-12-31' }])
  })
})

describe('idempotency', () => {
  test('the same key twice adds one record and replays the identical 201 reply', async () => {
    clear()
    const json = { location: 'The Stables bar', holiday_date: '2027-03-26', open_time: '11:00', close_time: '22:00' }
    const key = { 'idempotency-key': 'holiday-add-0001' }
    const first = await add(json, key)
    const second = await add(json, key)
    expect(first.status).toBe(201)
    expect(second.status).toBe(201)
    expect(await second.json()).toEqual(await first.json())
    expect(rowCount()).toBe(1)
  })

  test('the same key with a different body → 422 and nothing added', async () => {
    const res = await add(
      { location: 'The Stables bar', holiday_date: '2027-03-29', open_time: '11:00', close_time: '22:00' },
      {
        'idempotency-key': 'holiday-add-0001',
      },
    )
    expect(res.status).toBe(422)
    expect(rowCount()).toBe(1)
  })

  test('a replayed remove answers the stored reply instead of 404', async () => {
    const json = { location: 'The Stables Bar', holiday_date: '2027-03-26' }
    const key = { 'idempotency-key': 'holiday-remove-0001' }
    const first = await remove(json, key)
    const second = await remove(json, key)
    expect(first.status).toBe(200)
    expect(second.status).toBe(200)
    expect(await second.json()).toEqual(await first.json())
    expect(rowCount()).toBe(0)
  })
})

describe('UK bank holidays for the demo seed', () => {
  test('matches the published England and Wales dates, substitutes included', () => {
    expect(ukBankHolidays(2026).map((h) => h.date)).toEqual([
      '2026-01-01',
      '2026-04-03',
      '2026-04-06',
      '2026-05-04',
      '2026-05-25',
      '2026-08-31',
      '2026-12-25',
      '2026-12-28',
    ])
    expect(ukBankHolidays(2027).map((h) => h.date)).toEqual([
      '2027-01-01',
      '2027-03-26',
      '2027-03-29',
      '2027-05-03',
      '2027-05-31',
      '2027-08-30',
      '2027-12-27',
      '2027-12-28',
    ])
    // Christmas on a Sunday: Boxing Day keeps the Monday, Christmas moves to the Tuesday; New Year on a Saturday → Monday 3rd.
    const y2022 = ukBankHolidays(2022)
    expect(y2022.map((h) => h.date)).toEqual(['2022-01-03', '2022-04-15', '2022-04-18', '2022-05-02', '2022-05-30', '2022-08-29', '2022-12-26', '2022-12-27'])
    expect(y2022.find((h) => h.date === '2022-12-26')?.name).toBe('Boxing Day')
  })

  test('the next two run into the new year', () => {
    expect(nextBankHolidays('2026-12-25', 2).map((h) => h.date)).toEqual(['2026-12-28', '2027-01-01'])
  })

  test('seeding adds the next two bank holidays for both venues, hotel closed on Christmas Day', async () => {
    const demo = await makeTestApp({ seedDemo: true, now: () => new Date('2026-12-01T12:00:00Z') })
    try {
      const list = await jsonOf<any[]>(await demo.call('GET', '/api/bank-holiday-exceptions'))
      expect(list.map((h) => `${h.holiday_date} ${h.venue} ${h.closed ? 'closed' : `${h.open_time}-${h.close_time}`}`)).toEqual([
        '2026-12-25 hotel closed',
        '2026-12-25 stables 12:00-16:00',
        '2026-12-28 hotel 09:00-17:00',
        '2026-12-28 stables 11:00-22:00',
      ])
    } finally {
      demo.close()
    }
  })
})
