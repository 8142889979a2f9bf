/**
 * Event starts sent to the event endpoints, read by the venue clock's own rule (not Intl): the hour
 * the clocks skip is refused and the hour they repeat is the GMT one, years before 100 are not read
 * as 19xx, and years outside 0000–9999 or unreadable text are refused in the staff form's words.
 * Every refusal is a JSON {error} and leaves the stored events as they were. The real app
 * (app.handle) on a real SQLite file.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { formatLongDateOf, SKIPPED_HOUR_MESSAGE, START_UNREADABLE_MESSAGE, venueParts } from '../src/shared/rules/venue-time'
import { parseVenueDateTime, venueStartProblem } from '../src/shared/time'
import { jsonOf, makeImage, makeTestApp, type TestApp } from './helpers'

describe('editing one event’s start', () => {
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
})

describe('creating and editing events with starts around the clock changes and out of range', () => {
  let t: TestApp
  let token: string
  let image: string

  beforeAll(async () => {
    t = await makeTestApp()
    token = await t.token()
    image = `data:image/png;base64,${Buffer.from(await makeImage('png', 8, 8)).toString('base64')}`
  })
  afterAll(() => t.close())

  const upload = (startDatetime: string, extra: Record<string, unknown> = {}) =>
    t.call('POST', '/api/upload-event', { token, json: { title: 'Ceilidh', description: 'Dancing', startDatetime, image_base64: image, ...extra } })
  const allEvents = async () => (await jsonOf(await t.call('GET', '/api/admin/events', { token }))) as { id: number; start_datetime: string; title: string }[]

  async function expectRefused(res: Response, status: number, error?: string) {
    expect(res.status).toBe(status)
    expect(res.headers.get('content-type')).toContain('application/json')
    const body = (await jsonOf(res)) as { error: unknown }
    expect(typeof body.error).toBe('string')
    if (error) expect(body.error).toBe(error)
  }

  describe('event starts around the clock changes', () => {
    test('01:00–01:59 on the night the clocks go forward is a 400 saying why, as JSON and as a form, create and edit', async () => {
      const before = await allEvents()
      for (const start of ['2026-03-29T01:30', '2026-03-29T01:00', '2026-03-29T01:59', '2026-03-29 01:30', '2026-03-29T01:30:00', '2027-03-28T01:15'])
        await expectRefused(await upload(start), 400, SKIPPED_HOUR_MESSAGE)
      expect(await allEvents()).toEqual(before)

      const created = (await jsonOf(await upload('2026-12-05T19:30'))) as { event: { id: number } }
      const form = new FormData()
      for (const [k, v] of Object.entries({ id: String(created.event.id), title: 'Ceilidh', description: 'Dancing', start_datetime: '2026-03-29T01:30' }))
        form.set(k, v)
      await expectRefused(await t.call('POST', '/api/update-event', { token, form }), 400, SKIPPED_HOUR_MESSAGE)
      const json = { id: created.event.id, title: 'Ceilidh', description: 'Dancing', start_datetime: '2027-03-28T01:30' }
      await expectRefused(await t.call('POST', '/api/update-event', { token, json }), 400, SKIPPED_HOUR_MESSAGE)
      expect((await allEvents()).find((e) => e.id === created.event.id)?.start_datetime).toBe('2026-12-05T19:30:00.000Z')
    })

    test('either side of the skipped hour is kept: 00:59 GMT and 02:00 BST, one minute apart in UTC', async () => {
      const starts = []
      for (const start of ['2026-03-29T00:59', '2026-03-29T02:00'])
        starts.push(((await jsonOf(await upload(start))) as { event: { start_datetime: string } }).event.start_datetime)
      expect(starts).toEqual(['2026-03-29T00:59:00.000Z', '2026-03-29T01:00:00.000Z'])
    })

    test('the hour the clocks repeat is the later (GMT) one; an explicit offset picks the earlier', async () => {
      const read = async (start: string) => ((await jsonOf(await upload(start))) as { event: { start_datetime: string } }).event.start_datetime
      expect(await read('2026-10-25T01:30')).toBe('2026-10-25T01:30:00.000Z')
      expect(await read('2026-10-25T01:30+01:00')).toBe('2026-10-25T00:30:00.000Z')
      expect(await read('2026-10-25T00:59')).toBe('2026-10-24T23:59:00.000Z')
    })
  })

  describe('years out of range and unreadable starts', () => {
    test('a year past 9999 (which a date input accepts) is a 400 in the words the staff form uses', async () => {
      const before = await allEvents()
      for (const start of ['10000-01-01T19:30', '275760-09-13T00:00', '+010000-01-01T00:00:00Z', '9999-12-31T23:59-01:00'])
        await expectRefused(await upload(start), 400, START_UNREADABLE_MESSAGE)
      expect(await allEvents()).toEqual(before)
      expect(venueStartProblem('10000-01-01T19:30')).toBe(START_UNREADABLE_MESSAGE)
      expect(venueStartProblem('9999-12-31T23:59')).toBeNull()
    })

    test('garbage, impossible dates and look-alike digits are a 400 that names the start', async () => {
      for (const start of [
        'garbage',
        '2026-02-30T10:00',
        '2026-12-05T24:00',
        '2026-12-05T19:30:60',
        '２０２６-12-05T19:30',
        '2026-12-05T19:30\u0000',
        '2026-12-05T19:30+99:99',
      ])
        await expectRefused(await upload(start), 400, START_UNREADABLE_MESSAGE)
      for (const startDatetime of [1790000000000, ['2026-12-05T19:30'], { at: '2026-12-05T19:30' }, true])
        await expectRefused(await upload('', { startDatetime }), 400)
    })
  })
})
