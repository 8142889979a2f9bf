/**
 * A hostile client against the two bank-holiday endpoints the venue-key change touched: odd values
 * on both, the wrong content type, bursts with the same and different Idempotency-Keys, forged
 * tokens. Every refusal is JSON { error } with a fitting 4xx, and what is saved stays saved.
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

const ADD = '/api/add-bank-holiday-times'
const REMOVE = '/api/remove-bank-holiday-times'
const SAVED = { location: 'hotel', holiday_date: '2026-12-24', closed: true }
const stored = () => t.ctx.db.query('SELECT venue, holiday_date, closed FROM holidays ORDER BY venue, holiday_date').all()

beforeEach(async () => {
  t.ctx.db.query('DELETE FROM holidays').run()
  expect((await t.call('POST', ADD, { json: SAVED, token })).status).toBe(201)
})

async function expectRefused(res: Response, status: number): Promise<string> {
  expect(res.status).toBe(status)
  const body = await jsonOf(res)
  expect(Object.keys(body)).toEqual(['error'])
  expect(typeof body.error).toBe('string')
  expect(stored()).toEqual([{ venue: 'hotel', holiday_date: '2026-12-24', closed: 1 }])
  return body.error
}

describe('odd values on add and remove', () => {
  const odd: [string, unknown][] = [
    ['a 10 KB location', 'x'.repeat(10_240)],
    ['a location array', ['hotel']],
    ['a location number', 1],
    ['a null location', null],
    ['a location object', { toString: 'hotel' }],
    ['a location with unicode', 'hôtel 🏨'],
    ['a zero-width space in the key', 'ho\u200btel'],
  ]
  for (const [name, location] of odd) {
    test(`${name}: 400 on both, nothing added or removed`, async () => {
      await expectRefused(await t.call('POST', ADD, { json: { location, holiday_date: '2026-12-25', closed: true }, token }), 400)
      await expectRefused(await t.call('DELETE', REMOVE, { json: { location, holiday_date: '2026-12-24' }, token }), 400)
    })
  }

  for (const [name, date] of [
    ['a date with a time', '2026-12-24T00:00'],
    ['full-width digits', '２０２６-12-24'],
    ['a 10 KB date', '2'.repeat(10_240)],
    ['a date array', ['2026-12-24']],
    ['a null date', null],
  ] as const) {
    test(`remove with ${name}: 400, the saved exception stays`, async () => {
      await expectRefused(await t.call('DELETE', REMOVE, { json: { location: 'hotel', holiday_date: date }, token }), 400)
    })
  }

  test("'HOTEL ' is the hotel (case and spacing ignored), so it removes the saved row", async () => {
    const res = await t.call('DELETE', REMOVE, { json: { location: 'HOTEL ', holiday_date: '2026-12-24' }, token })
    expect(res.status).toBe(200)
    expect(stored()).toEqual([])
  })

  for (const [name, body] of [
    ['a JSON array', '[1,2]'],
    ['a JSON string', '"hotel"'],
    ['a JSON number', '5'],
    ['JSON null', 'null'],
    ['no body', ''],
  ] as const) {
    test(`${name} as the body: 400 on both`, async () => {
      const headers = { 'content-type': 'application/json' }
      await expectRefused(await t.call('POST', ADD, { body, headers, token }), 400)
      await expectRefused(await t.call('DELETE', REMOVE, { body, headers, token }), 400)
    })
  }
})

describe('the wrong content type', () => {
  // fetch() with a string body and no content type sends text/plain: the JSON is right, the type is not.
  for (const type of ['text/plain', 'text/plain;charset=UTF-8']) {
    test(`valid JSON sent as ${type}: 415 that says to send JSON, on both`, async () => {
      const headers = { 'content-type': type }
      const added = await expectRefused(
        await t.call('POST', ADD, { body: JSON.stringify({ location: 'stables', holiday_date: '2026-12-25', closed: true }), headers, token }),
        415,
      )
      expect(added).toBe('This address takes JSON: send the body as application/json.')
      await expectRefused(await t.call('DELETE', REMOVE, { body: JSON.stringify({ location: 'hotel', holiday_date: '2026-12-24' }), headers, token }), 415)
    })
  }

  test('a form: 415 on both', async () => {
    const form = new FormData()
    form.set('location', 'hotel')
    form.set('holiday_date', '2026-12-24')
    await expectRefused(await t.call('POST', ADD, { form, token }), 415)
    await expectRefused(await t.call('DELETE', REMOVE, { form, token }), 415)
  })

  test('a body over 1 MB: 413', async () => {
    const json = { ...SAVED, holiday_date: '2026-12-26', padding: 'x'.repeat(1_100_000) }
    await expectRefused(await t.call('POST', ADD, { json, token }), 413)
  })
})

describe('bursts', () => {
  test('ten at once with one key: one row, every reply the same 201', async () => {
    const json = { location: 'stables', holiday_date: '2027-03-03', open_time: '10:00', close_time: '11:00' }
    const replies = await Promise.all(Array.from({ length: 10 }, () => t.call('POST', ADD, { json, token, headers: { 'idempotency-key': 'burst-same-key' } })))
    expect(replies.map((r) => r.status)).toEqual(Array(10).fill(201))
    expect(new Set(await Promise.all(replies.map((r) => r.text()))).size).toBe(1)
    expect(stored()).toHaveLength(2)
  })

  test('ten at once with ten keys: one 201, nine 409 with { error }, one row', async () => {
    const json = { location: 'stables', holiday_date: '2027-03-04', closed: true }
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) => t.call('POST', ADD, { json, token, headers: { 'idempotency-key': `burst-key-${i}` } })),
    )
    expect(replies.map((r) => r.status).sort()).toEqual([201, ...Array(9).fill(409)])
    for (const reply of replies.filter((r) => r.status === 409)) expect(Object.keys(await jsonOf(reply))).toEqual(['error'])
    expect(stored()).toHaveLength(2)
  })

  test('removes in a burst with two keys: one 200, the other key 404; the replayed key answers its 200 again', async () => {
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.call('DELETE', REMOVE, { json: { location: 'hotel', holiday_date: '2026-12-24' }, token, headers: { 'idempotency-key': `remove-key-${i % 2}` } }),
      ),
    )
    const statuses = replies.map((r) => r.status)
    expect(statuses.filter((s) => s === 200).length).toBe(3)
    expect(statuses.filter((s) => s === 404).length).toBe(3)
    expect(stored()).toEqual([])
  })
})

describe('forged tokens', () => {
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  test('alg none, an expired copy with the old signature, garbage and Basic: 401 { error }, nothing changes', async () => {
    const [, payload, signature] = token.split('.')
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString())
    const forged = [
      `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
      `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ ...claims, exp: 1000 })}.${signature}`,
      `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ ...claims, role: 'owner', sub: '999' })}.${signature}`,
      'abc',
    ]
    for (const bad of forged) {
      await expectRefused(
        await t.call('POST', ADD, { json: { location: 'stables', holiday_date: '2026-12-25', closed: true }, headers: { authorization: `Bearer ${bad}` } }),
        401,
      )
      await expectRefused(
        await t.call('DELETE', REMOVE, { json: { location: 'hotel', holiday_date: '2026-12-24' }, headers: { authorization: `Bearer ${bad}` } }),
        401,
      )
    }
    await expectRefused(
      await t.call('DELETE', REMOVE, {
        json: { location: 'hotel', holiday_date: '2026-12-24' },
        headers: { authorization: 'Basic YWRtaW46Y2hhbmdlLW1lLXBsZWFzZQ==' },
      }),
      401,
    )
  })
})
