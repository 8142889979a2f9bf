/**
 * A hostile client against issue 17's venue clock (worked out by rule, not Intl): edge start dates
 * sent to the event endpoints. What it found, kept as tests. The real app (app.handle) on a real SQLite file.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { formatLongDateOf, venueParts } from '../src/shared/rules/venue-time'
import { parseVenueDateTime } from '../src/shared/time'
import { jsonOf, makeImage, makeTestApp, type TestApp } from './helpers'

let t: TestApp
let token: string
let id: number

beforeAll(async () => {
  t = await makeTestApp()
  token = await t.token()
  const png = Buffer.from(await makeImage('png', 8, 8)).toString('base64')
  const res = await t.call('POST', '/api/upload-event', {
    token,
    json: { title: 'Quiz', description: 'Eight rounds', startDatetime: '2026-12-05T19:30', image_base64: `data:image/png;base64,${png}` },
  })
  expect(res.status).toBe(201)
  id = (await jsonOf(res)).event.id
})
afterAll(() => t.close())

const edit = (start: string) => {
  const form = new FormData()
  for (const [k, v] of Object.entries({ id: String(id), title: 'Quiz', description: 'Eight rounds', start_datetime: start })) form.set(k, v)
  return t.call('POST', '/api/update-event', { token, form })
}
const stored = async () => ((await jsonOf(await t.call('GET', '/api/admin/events', { token }))) as { start_datetime: string }[])[0]!.start_datetime

describe('event start: years the clock cannot mistake', () => {
  test('a year before 100 is kept, not read as 19xx (Date.UTC maps 0–99 to 1900–1999)', async () => {
    expect(parseVenueDateTime('0050-01-10T10:00')).toBe('0050-01-10T10:00:00.000Z')
    expect(parseVenueDateTime('0000-01-01T00:00')).toBe('0000-01-01T00:00:00.000Z')
    const res = await edit('0099-12-31T23:00')
    expect(res.status).toBe(200)
    expect(await stored()).toBe('0099-12-31T23:00:00.000Z')
  })

  test('the weekday of a date before year 100 is its own, not 1900 years later', () => {
    // 1 January of year 1 was a Monday (proleptic Gregorian, as Date and Intl count).
    expect(formatLongDateOf({ year: 1, month: 1, day: 1 })).toBe('Monday 1 January 1')
    expect(venueParts(new Date('0050-07-01T12:00:00Z')).year).toBe(50)
  })

  test('an instant outside years 0000–9999 is a 400: its text would sort before 2026 and drop out of the listings', async () => {
    await edit('2026-12-05T19:30')
    for (const start of ['9999-12-31T23:59-14:00', '0000-01-01T00:30+01:00']) {
      const res = await edit(start)
      expect(res.status).toBe(400)
      expect(typeof (await jsonOf(res)).error).toBe('string')
    }
    expect(await stored()).toBe('2026-12-05T19:30:00.000Z')
    expect((await edit('9999-12-31T23:59')).status).toBe(200)
    expect(await stored()).toBe('9999-12-31T23:59:00.000Z')
  })
})

test('a start before year 1000 reads back in the staff form as four digits (datetime-local needs them)', async () => {
  const { toVenueInput, fromVenueInput } = await import('../../web/src/admin/time')
  expect(toVenueInput('0099-12-31T23:00:00.000Z')).toBe('0099-12-31T23:00')
  expect(fromVenueInput('0099-12-31T23:00')).toBe('0099-12-31T23:00:00.000Z')
})

test('a start in the hour the clocks skip is a 400 that says so, not moved an hour on; the hour that happens twice is the GMT one', async () => {
  await edit('2026-12-05T19:30')
  for (const start of ['2026-03-29T01:30', '2027-03-28T01:00', '2027-03-28 01:59:59']) {
    const res = await edit(start)
    expect(res.status).toBe(400)
    expect((await jsonOf(res)).error).toContain('clocks go forward')
  }
  expect(await stored()).toBe('2026-12-05T19:30:00.000Z')
  expect(parseVenueDateTime('2027-03-28T00:59')).toBe('2027-03-28T00:59:00.000Z')
  expect(parseVenueDateTime('2027-03-28T02:00')).toBe('2027-03-28T01:00:00.000Z')
  expect(parseVenueDateTime('2026-10-25T01:30')).toBe('2026-10-25T01:30:00.000Z')
  expect(parseVenueDateTime('2026-10-25T00:59')).toBe('2026-10-24T23:59:00.000Z')
})
