/**
 * Staff input to the galleries that the API refuses or cleans: an order with bad or unknown ids, alt
 * text carrying invisible control characters or of the wrong type, and bodies sent as a content type
 * the route does not read. Every refusal leaves the public gallery as it was. The real app
 * (app.handle) on a real SQLite file.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { ALT_TEXT_MAX } from '../src/shared/rules/alt-text'
import { ORDER_IDS_INVALID } from '../src/features/galleries/model'
import { fileOf, jsonOf, makeImage, makeTestApp, type TestApp } from './helpers'

let t: TestApp
let token: string
let home: number[]

beforeAll(async () => {
  t = await makeTestApp()
  token = await t.token()
  const form = new FormData()
  for (let i = 0; i < 3; i++) form.append('images', fileOf(await makeImage('jpeg', 40 + i, 30), `p${i}.jpg`))
  form.append('type', 'generic')
  const res = await t.call('POST', '/api/upload-gallery', { token, form })
  expect(res.status).toBe(201)
  home = (await jsonOf(res)).images.map((image: { id: number }) => image.id)
})
afterAll(() => t.close())

const order = (body: unknown) => t.call('PUT', '/api/gallery/1/order', { json: body, token })
const publicIds = async () => ((await jsonOf(await t.call('GET', '/api/gallery/generic'))) as { id: number }[]).map((image) => image.id)

describe('gallery order: bad input gets a clear error', () => {
  test('a negative, fractional or huge id answers the order rule, not the validator’s internals', async () => {
    for (const ids of [[home[0], -1], [1.5], [0], ['x']]) {
      const res = await order({ ids })
      expect(res.status).toBe(400)
      expect((await jsonOf(res)).error).toBe(ORDER_IDS_INVALID)
    }
    const tooMany = await order({ ids: Array.from({ length: 10_001 }, (_, i) => i + 1) })
    expect(tooMany.status).toBe(400)
    expect((await jsonOf(tooMany)).error).toContain('10000')
    expect(await publicIds()).toEqual(home)
  })

  test('an order naming thousands of unknown pictures is a 409 with a short message, and nothing moves', async () => {
    const unknownIds = Array.from({ length: 9_990 }, (_, i) => i + 500_000)
    const res = await order({ ids: [...home].reverse().concat(unknownIds) })
    expect(res.status).toBe(409)
    const body = await jsonOf(res)
    expect(body.error.length).toBeLessThan(400)
    expect(body.error).toContain('500000')
    expect(body.error).toContain('9990')
    expect(body.current.ids).toEqual(home)
    expect(await publicIds()).toEqual(home)
  })
})

describe('descriptions (alt text) keep no invisible control characters', () => {
  test('control characters and bidi overrides are dropped, as the shared rule stores text', async () => {
    const sent = 'Log fire\u0000 in the\u0007 bar \u202Edrow\u202C\u2066x\u2069\u0085 end'
    const res = await t.call('PUT', `/api/edit-gallery/${home[0]}`, { json: { alt: sent }, token })
    expect(res.status).toBe(200)
    const { image } = await jsonOf(res)
    expect(image.alt_text).toBe('Log fire in the bar drowx end')
    expect(image.alt).toBe(image.alt_text)
  })

  test('a description that is only control characters is no description', async () => {
    const res = await t.call('PUT', `/api/edit-gallery/${home[1]}`, { json: { alt: '\u0000\u0001\u202E' }, token })
    expect(res.status).toBe(200)
    expect((await jsonOf(res)).image.alt_text).toBeNull()
  })

  test('the length limit counts what is stored', async () => {
    const res = await t.call('PUT', `/api/edit-gallery/${home[2]}`, { json: { alt: `${'a'.repeat(ALT_TEXT_MAX)}${'\u0000'.repeat(20)}` }, token })
    expect(res.status).toBe(200)
    expect((await jsonOf(res)).image.alt_text).toBe('a'.repeat(ALT_TEXT_MAX))
  })
})

describe('a description of the wrong type is refused in the field’s own words', () => {
  test('edit-gallery and upload-event: a number, object or list as alt is a 400 that names the description', async () => {
    for (const alt of [7, { a: 1 }, ['x'], true]) {
      const res = await t.call('PUT', `/api/edit-gallery/${home[0]}`, { json: { alt }, token })
      expect([alt, res.status, (await jsonOf(res)).error]).toEqual([alt, 400, 'alt must be text.'])
    }
    const image = Buffer.from(await makeImage('jpeg', 60, 40)).toString('base64')
    const event = { title: 'Quiz', description: 'Rounds', startDatetime: '2030-01-01T19:00', image_base64: image }
    for (const [field, value, message] of [
      ['alt_text', 7, 'The description (alt text) must be text.'],
      ['image_base64', 7, 'The image must be sent as base64 text.'],
    ] as const) {
      const res = await t.call('POST', '/api/upload-event', { json: { ...event, [field]: value }, token })
      expect([field, res.status, (await jsonOf(res)).error]).toEqual([field, 400, message])
    }
    expect((await jsonOf(await t.call('GET', '/api/admin/events', { token }))).length).toBe(0)
  })
})

describe('a body of a type the API does not read', () => {
  test('application/xml, text/json, vnd.api+json: 415 that says what to send, and nothing moves', async () => {
    const body = JSON.stringify({ ids: [...home].reverse() })
    for (const type of ['application/xml', 'text/json', 'application/vnd.api+json', 'image/png']) {
      const res = await t.call('PUT', '/api/gallery/1/order', { body, headers: { 'content-type': type }, token })
      expect([type, res.status, (await jsonOf(res)).error]).toEqual([type, 415, 'This address takes JSON: send the body as application/json.'])
    }
    const edit = await t.call('PUT', `/api/edit-gallery/${home[0]}`, { body: '{"alt":"x"}', headers: { 'content-type': 'application/xml' }, token })
    expect(edit.status).toBe(415)
    const upload = await t.call('POST', '/api/upload-gallery', { body: '<images/>', headers: { 'content-type': 'application/xml' }, token })
    expect(upload.status).toBe(415)
    expect((await jsonOf(upload)).error).toContain('multipart/form-data')
    expect(await publicIds()).toEqual(home)
  })

  test('a declared type with no body is no body: a delete with a stray type still works', async () => {
    const res = await t.call('DELETE', '/api/delete-gallery/999999', { headers: { 'content-type': 'application/xml' }, token })
    expect(res.status).toBe(404)
  })
})
