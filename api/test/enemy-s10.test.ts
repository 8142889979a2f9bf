/**
 * Enemy pass s10 against the event endpoints now that the staff forms read starts with the server's
 * rule: the hours the clocks skip and repeat, years out of range, forged tokens, odd bodies. Every
 * refusal is a JSON {error} with a fitting 4xx and leaves the stored events as they were. The real
 * app (app.handle) on a real SQLite file.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { SKIPPED_HOUR_MESSAGE, START_UNREADABLE_MESSAGE } from '../src/shared/rules/venue-time'
import { venueStartProblem } from '../src/shared/time'
import { jsonOf, makeImage, makeTestApp, type TestApp } from './helpers'

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

describe('years and garbage', () => {
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

describe('forged and absent tokens', () => {
  const body = () => JSON.stringify({ title: 'x', description: 'y', startDatetime: '2026-12-05T19:30', image_base64: image })
  const post = (headers: Record<string, string>) =>
    t.call('POST', '/api/upload-event', { body: body(), headers: { 'content-type': 'application/json', ...headers } })

  test('no token, a made-up one, alg "none", a tampered payload, Basic, a cookie: 401 JSON, nothing stored', async () => {
    const before = await allEvents()
    const [head, payload, signature] = token.split('.') as [string, string, string]
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString())
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
    const forged: Record<string, string>[] = [
      {},
      { authorization: 'Bearer abc.def.ghi' },
      { authorization: `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${payload}.` },
      { authorization: `Bearer ${head}.${b64({ ...claims, sub: '2', exp: claims.exp + 86_400 })}.${signature}` },
      { authorization: `Bearer ${head}.${payload}.${signature.slice(0, -2)}AA` },
      { authorization: token },
      { authorization: `Basic ${Buffer.from('admin:change-me-please').toString('base64')}` },
      { cookie: `adminToken=${token}` },
    ]
    for (const headers of forged) await expectRefused(await post(headers), 401)
    const res = await t.call('POST', '/api/update-event', { json: { id: 1, title: 'x', description: 'y', start_datetime: '2026-12-05T19:30' } })
    await expectRefused(res, 401)
    expect(await allEvents()).toEqual(before)
  })
})

describe('odd bodies', () => {
  const raw = (path: string, body: Bun.BodyInit, contentType?: string) =>
    t.call('POST', path, { token, body, headers: contentType === undefined ? {} : { 'content-type': contentType } })

  test('malformed JSON, null, an empty body, deep nesting: a 400 JSON {error}', async () => {
    for (const text of ['{"title":', 'null', '', `${'['.repeat(10_000)}${']'.repeat(10_000)}`])
      await expectRefused(await raw('/api/upload-event', text, 'application/json'), 400)
  })

  test('a body that is not JSON where JSON is taken is a 415 that says what to send', async () => {
    for (const type of ['text/plain', 'application/xml', 'application/x-www-form-urlencoded'])
      await expectRefused(await raw('/api/upload-event', 'title=x', type), 415)
  })

  test('a huge body is refused before it is stored; a huge title is a 400', async () => {
    const before = await allEvents()
    const huge = JSON.stringify({ title: 'a'.repeat(30_000_000), description: 'y', startDatetime: '2026-12-05T19:30', image_base64: image })
    const res = await raw('/api/upload-event', huge, 'application/json')
    expect([400, 413]).toContain(res.status)
    await expectRefused(res, res.status)
    const longTitle = { id: before[0]!.id, title: 'a'.repeat(2_000_000), description: 'y', start_datetime: '2026-12-05T19:30' }
    await expectRefused(await t.call('POST', '/api/update-event', { token, json: longTitle }), 400)
    expect(await allEvents()).toEqual(before)
  })

  test('methods the event addresses do not take are a 404 JSON, not a page', async () => {
    for (const [method, path] of [
      ['PUT', '/api/upload-event'],
      ['PUT', '/api/events'],
      ['POST', '/api/events'],
      ['PATCH', '/api/update-event'],
      ['DELETE', '/api/events/1'],
    ] as const)
      await expectRefused(await t.call(method, path, { token, json: {} }), 404)
  })
})
