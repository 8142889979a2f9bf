import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { MB } from '../src/files/file-store'
import { fileOf, jsonOf, makeImage, makeTestApp, sameImage, type TestApp } from './helpers'

/** Monday 15 June 2026, 11:00 in the venue (BST). */
const NOW = new Date('2026-06-15T10:00:00.000Z')

const dataUrl = (bytes: Uint8Array, type = 'image/png') => `data:${type};base64,${Buffer.from(bytes).toString('base64')}`

let t: TestApp
let token: string
let png: Uint8Array
beforeAll(async () => {
  t = await makeTestApp({ now: () => NOW })
  token = await t.token()
  png = await makeImage('png', 64, 48, '#2a6')
})
afterAll(() => t.close())

interface EventItem {
  id: number
  title: string
  description: string
  start_datetime: string
  image_url: string | null
  image_width: number | null
  image_height: number | null
  ticket_url: string | null
  contact_to_book: 0 | 1
  updated_at: string
}

const fileNameOf = (url: string | null) => url!.replace('/files/', '')
const onDisk = (url: string | null) => existsSync(join(t.ctx.files.dir, fileNameOf(url)))
const eventCount = () => (t.ctx.db.query('SELECT count(*) AS n FROM events').get() as { n: number }).n
const uploadsOnDisk = () => readdirSync(t.ctx.files.dir).sort()

function uploadBody(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Quiz Night',
    description: 'Eight rounds by the fire.',
    startDatetime: '2026-07-01T19:30',
    image_base64: dataUrl(png),
    ...overrides,
  }
}

async function upload(overrides: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  return t.call('POST', '/api/upload-event', { token, json: uploadBody(overrides), headers })
}

async function uploadOk(overrides: Record<string, unknown> = {}): Promise<EventItem> {
  const res = await upload(overrides)
  expect(res.status).toBe(201)
  return (await jsonOf(res)).event
}

function editForm(fields: Record<string, string | File>): FormData {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.append(key, value)
  return form
}

describe('POST /api/upload-event', () => {
  test('stores the event and its image, and replies 201 with the event', async () => {
    const res = await upload({ ticket_url: 'https://tickets.example.org/quiz', contactToBook: false })
    expect(res.status).toBe(201)
    const body = await jsonOf(res)
    expect(body.message).toBe('Event uploaded successfully!')
    const event: EventItem = body.event
    expect(event).toMatchObject({
      title: 'Quiz Night',
      description: 'Eight rounds by the fire.',
      start_datetime: '2026-07-01T18:30:00.000Z',
      image_width: 64,
      image_height: 48,
      ticket_url: 'https://tickets.example.org/quiz',
      contact_to_book: 0,
    })
    expect(event.image_url).toMatch(/^\/files\/[a-f0-9]{32}\.png$/)
    const file = await t.call('GET', event.image_url!)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('image/png')
    expect(await sameImage(await file.arrayBuffer(), png)).toBe(true)
    const row = t.ctx.db.query('SELECT start_datetime, image FROM events WHERE id = ?').get(event.id) as { start_datetime: string; image: string }
    expect(row).toEqual({ start_datetime: '2026-07-01T18:30:00.000Z', image: fileNameOf(event.image_url) })
  })

  test('wall-clock times are venue time: BST in summer, GMT in winter', async () => {
    expect((await uploadOk({ startDatetime: '2026-07-01T19:30' })).start_datetime).toBe('2026-07-01T18:30:00.000Z')
    expect((await uploadOk({ startDatetime: '2026-12-01T19:30' })).start_datetime).toBe('2026-12-01T19:30:00.000Z')
    // The last Sunday of March 2027 is the 28th: the clocks go forward at 01:00 GMT.
    expect((await uploadOk({ startDatetime: '2027-03-28T12:00' })).start_datetime).toBe('2027-03-28T11:00:00.000Z')
  })

  test('an ISO time with a zone is taken as that instant', async () => {
    expect((await uploadOk({ startDatetime: '2026-08-01T20:00:00+01:00' })).start_datetime).toBe('2026-08-01T19:00:00.000Z')
    expect((await uploadOk({ startDatetime: '2026-08-01T20:00:00.000Z' })).start_datetime).toBe('2026-08-01T20:00:00.000Z')
  })

  test('bare base64 JPEG and WEBP images are accepted', async () => {
    const jpeg = await makeImage('jpeg', 30, 20)
    const webp = await makeImage('webp', 40, 10)
    const a = await uploadOk({ image_base64: Buffer.from(jpeg).toString('base64') })
    const b = await uploadOk({ image_base64: dataUrl(webp, 'image/webp') })
    expect(a.image_url).toMatch(/\.jpg$/)
    expect([a.image_width, a.image_height]).toEqual([30, 20])
    expect(b.image_url).toMatch(/\.webp$/)
    expect(await sameImage(await (await t.call('GET', b.image_url!)).arrayBuffer(), webp)).toBe(true)
  })

  test('the type comes from the bytes, not the data URL', async () => {
    const jpeg = await makeImage('jpeg')
    const event = await uploadOk({ image_base64: dataUrl(jpeg, 'image/png') })
    expect(event.image_url).toMatch(/\.jpg$/)
  })

  test('contactToBook accepts booleans, 0/1 and form strings', async () => {
    for (const value of [true, 1, 'true', '1', 'on']) expect((await uploadOk({ contactToBook: value })).contact_to_book).toBe(1)
    for (const value of [false, 0, 'false', '0']) expect((await uploadOk({ contactToBook: value })).contact_to_book).toBe(0)
    expect((await uploadOk({})).contact_to_book).toBe(0)
    const res = await upload({ contactToBook: 'maybe' })
    expect(res.status).toBe(400)
  })

  test('an empty or missing ticket_url is stored as null', async () => {
    expect((await uploadOk({ ticket_url: '' })).ticket_url).toBeNull()
    expect((await uploadOk({ ticket_url: '   ' })).ticket_url).toBeNull()
    expect((await uploadOk({})).ticket_url).toBeNull()
  })

  test('a ticket_url that is not an http(s) address is a 400 and stores nothing', async () => {
    const before = eventCount()
    for (const ticket_url of ['tickets please', 'ftp://tickets.example.org/x', 'javascript:alert(1)', 'https://']) {
      const res = await upload({ ticket_url })
      expect(res.status).toBe(400)
      expect((await jsonOf(res)).error).toContain('ticket link')
    }
    expect(eventCount()).toBe(before)
  })

  test('a missing image is a 400 with the form message', async () => {
    for (const image_base64 of [undefined, '', 'data:image/png;base64,']) {
      const res = await upload({ image_base64 })
      expect(res.status).toBe(400)
      expect(await jsonOf(res)).toEqual({ error: 'Please select an image to upload.' })
    }
  })

  test('a missing or blank title, description or start is a 400 with the form message', async () => {
    const before = eventCount()
    for (const missing of ['title', 'description', 'startDatetime']) {
      for (const value of [undefined, '', '   ']) {
        const res = await upload({ [missing]: value })
        expect(res.status).toBe(400)
        expect(await jsonOf(res)).toEqual({ error: 'Please fill in all required fields (Title, Description, Start Date/Time).' })
      }
    }
    expect(eventCount()).toBe(before)
  })

  test('a start that is not a real date and time is a 400', async () => {
    for (const startDatetime of ['2026-02-30T19:30', '2026-07-01T25:00', 'next Friday', '2026-07-01', '01/07/2026 19:30']) {
      const res = await upload({ startDatetime })
      expect(res.status).toBe(400)
      expect((await jsonOf(res)).error).toContain('start date/time')
    }
  })

  test('fields of the wrong type are a 400, not a crash', async () => {
    for (const overrides of [{ title: 42 }, { description: ['a'] }, { startDatetime: 20260701 }, { image_base64: 7 }, { ticket_url: 5 }]) {
      const res = await upload(overrides)
      expect(res.status).toBe(400)
      expect(typeof (await jsonOf(res)).error).toBe('string')
    }
    const notJson = await t.call('POST', '/api/upload-event', { token, body: '{"title":', headers: { 'content-type': 'application/json' } })
    expect(notJson.status).toBe(400)
  })

  test('text that is not base64 is a 400 "Failed to read image file."', async () => {
    for (const image_base64 of ['not base64 at all!', 'data:image/png,rawbytes', 'data:image/png;base64,@@@@']) {
      const res = await upload({ image_base64 })
      expect(res.status).toBe(400)
      expect(await jsonOf(res)).toEqual({ error: 'Failed to read image file.' })
    }
  })

  test('an image of exactly 2 MB is accepted; one byte more is a 413', async () => {
    const jpeg = await makeImage('jpeg', 20, 20)
    // JPEG readers stop at the end-of-image marker, so trailing padding keeps it a valid image.
    const exact = new Uint8Array(2 * MB)
    exact.set(jpeg)
    const ok = await upload({ image_base64: dataUrl(exact, 'image/jpeg') })
    expect(ok.status).toBe(201)
    const before = eventCount()
    const over = new Uint8Array(2 * MB + 1)
    over.set(jpeg)
    const res = await upload({ image_base64: dataUrl(over, 'image/jpeg') })
    expect(res.status).toBe(413)
    expect(await jsonOf(res)).toEqual({ error: 'Image size should be less than 2MB.' })
    expect(eventCount()).toBe(before)
  })

  test('a much larger image is a 413 too', async () => {
    const big = new Uint8Array(5 * MB)
    big.set(png)
    const res = await upload({ image_base64: Buffer.from(big).toString('base64') })
    expect(res.status).toBe(413)
    expect(await jsonOf(res)).toEqual({ error: 'Image size should be less than 2MB.' })
  })

  test('GIF, SVG and text are refused by content with 415, and nothing is stored', async () => {
    const before = eventCount()
    const files = uploadsOnDisk()
    const gif = await makeImage('gif')
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')
    const text = new TextEncoder().encode('this is not a picture at all')
    for (const [bytes, type] of [
      [gif, 'image/gif'],
      [svg, 'image/svg+xml'],
      [text, 'image/jpeg'],
    ] as const) {
      const res = await upload({ image_base64: dataUrl(bytes, type) })
      expect(res.status).toBe(415)
      expect((await jsonOf(res)).error).toBe('Event image must be JPEG, PNG, WEBP.')
    }
    expect(eventCount()).toBe(before)
    expect(uploadsOnDisk()).toEqual(files)
  })

  test('an image with a valid header but broken body is a 400', async () => {
    const broken = png.slice(0, 20)
    const res = await upload({ image_base64: dataUrl(broken) })
    expect(res.status).toBe(400)
  })
})

describe('GET /api/events and /api/admin/events', () => {
  let app: TestApp
  let adminToken: string
  beforeAll(async () => {
    app = await makeTestApp({ now: () => NOW })
    adminToken = await app.token()
    const image = dataUrl(await makeImage('png'))
    // Venue day 15 June 2026 starts at 2026-06-14T23:00Z (BST).
    for (const [title, startDatetime] of [
      ['Next month', '2026-07-10T19:00'],
      ['Late last night', '2026-06-14T23:30'],
      ['Earlier today', '2026-06-15T00:30'],
      ['Last year', '2025-06-15T12:00'],
      ['Tomorrow', '2026-06-16T18:00'],
    ]) {
      const res = await app.call('POST', '/api/upload-event', {
        token: adminToken,
        json: { title, description: 'Demo', startDatetime, image_base64: image },
      })
      expect(res.status).toBe(201)
    }
  })
  afterAll(() => app.close())

  test('the public list has only events from the start of today (venue time), soonest first', async () => {
    const res = await app.call('GET', '/api/events')
    expect(res.status).toBe(200)
    const events: EventItem[] = await jsonOf(res)
    expect(events.map((e) => e.title)).toEqual(['Earlier today', 'Tomorrow', 'Next month'])
    expect(events[0]!.start_datetime).toBe('2026-06-14T23:30:00.000Z')
  })

  test('the admin list has every event, past ones too, soonest first', async () => {
    const res = await app.call('GET', '/api/admin/events', { token: adminToken })
    expect(res.status).toBe(200)
    const events: EventItem[] = await jsonOf(res)
    expect(events.map((e) => e.title)).toEqual(['Last year', 'Late last night', 'Earlier today', 'Tomorrow', 'Next month'])
    for (const event of events) {
      expect(Object.keys(event).sort()).toEqual([
        'alt_text',
        'contact_to_book',
        'description',
        'id',
        'image_height',
        'image_url',
        'image_variants',
        'image_width',
        'start_datetime',
        'ticket_url',
        'title',
        'updated_at',
      ])
    }
  })

  test('the admin list needs a token', async () => {
    const res = await app.call('GET', '/api/admin/events')
    expect(res.status).toBe(401)
    expect(typeof (await jsonOf(res)).error).toBe('string')
  })
})

describe('POST /api/update-event', () => {
  test('replaces every field, and a new GIF image replaces the old file on disk', async () => {
    // An image no other event uses, so replacing it must remove it.
    const own = dataUrl(await makeImage('png', 33, 22, '#abcdef'))
    const original = await uploadOk({ ticket_url: 'https://tickets.example.org/a', contactToBook: true, image_base64: own })
    expect(onDisk(original.image_url)).toBe(true)
    const gif = await makeImage('gif', 50, 40)
    const res = await t.call('POST', '/api/update-event', {
      token,
      form: editForm({
        id: String(original.id),
        title: 'Quiz Night (moved)',
        description: 'Now on a Friday.',
        start_datetime: '2026-12-04T20:00',
        contactToBook: 'false',
        ticket_url: '',
        image: fileOf(gif, 'quiz.gif', 'image/gif'),
      }),
    })
    expect(res.status).toBe(200)
    const body = await jsonOf(res)
    expect(body.message).toBe('Event updated.')
    const event: EventItem = body.event
    expect(event).toMatchObject({
      id: original.id,
      title: 'Quiz Night (moved)',
      description: 'Now on a Friday.',
      start_datetime: '2026-12-04T20:00:00.000Z',
      contact_to_book: 0,
      ticket_url: null,
      image_width: 50,
      image_height: 40,
    })
    expect(event.image_url).toMatch(/\.gif$/)
    expect(await sameImage(await (await t.call('GET', event.image_url!)).arrayBuffer(), gif)).toBe(true)
    expect(onDisk(original.image_url)).toBe(false)
    expect((await t.call('GET', original.image_url!)).status).toBe(404)
  })

  test('without an image, the image, ticket link and contact flag are kept', async () => {
    const original = await uploadOk({ ticket_url: 'https://tickets.example.org/b', contactToBook: 1 })
    const res = await t.call('POST', '/api/update-event', {
      token,
      form: editForm({ id: String(original.id), title: 'Renamed', description: 'Same night.', start_datetime: '2026-07-01T18:30:00.000Z', image: '' }),
    })
    expect(res.status).toBe(200)
    const event: EventItem = (await jsonOf(res)).event
    expect(event.image_url).toBe(original.image_url)
    expect(event.ticket_url).toBe('https://tickets.example.org/b')
    expect(event.contact_to_book).toBe(1)
    expect(event.title).toBe('Renamed')
    expect(onDisk(original.image_url)).toBe(true)
  })

  test('an empty file input keeps the current image', async () => {
    const original = await uploadOk()
    const res = await t.call('POST', '/api/update-event', {
      token,
      form: editForm({ id: String(original.id), title: 'T', description: 'D', start_datetime: '2026-07-01T19:30', image: fileOf(new Uint8Array(0), '') }),
    })
    expect(res.status).toBe(200)
    expect((await jsonOf(res)).event.image_url).toBe(original.image_url)
  })

  test('contactToBook "on" (an HTML checkbox) sets the flag', async () => {
    const original = await uploadOk()
    const res = await t.call('POST', '/api/update-event', {
      token,
      form: editForm({ id: String(original.id), title: 'T', description: 'D', start_datetime: '2026-07-01T19:30', contactToBook: 'on' }),
    })
    expect((await jsonOf(res)).event.contact_to_book).toBe(1)
  })

  test('WEBP, SVG and text are refused on edit with 415 and the event is unchanged', async () => {
    const original = await uploadOk()
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>')
    for (const file of [fileOf(await makeImage('webp'), 'a.webp'), fileOf(svg, 'a.svg'), fileOf(new TextEncoder().encode('hello'), 'a.jpg', 'image/jpeg')]) {
      const res = await t.call('POST', '/api/update-event', {
        token,
        form: editForm({ id: String(original.id), title: 'Changed', description: 'D', start_datetime: '2026-07-01T19:30', image: file }),
      })
      expect(res.status).toBe(415)
      expect((await jsonOf(res)).error).toBe('Event image must be PNG, JPEG, GIF.')
    }
    const row = t.ctx.db.query('SELECT title FROM events WHERE id = ?').get(original.id) as { title: string }
    expect(row.title).toBe('Quiz Night')
  })

  test('an image over 2 MB is a 413', async () => {
    const original = await uploadOk()
    const big = new Uint8Array(2 * MB + 1)
    big.set(await makeImage('jpeg'))
    const res = await t.call('POST', '/api/update-event', {
      token,
      form: editForm({ id: String(original.id), title: 'T', description: 'D', start_datetime: '2026-07-01T19:30', image: fileOf(big, 'big.jpg') }),
    })
    expect(res.status).toBe(413)
    expect(await jsonOf(res)).toEqual({ error: 'Image size should be less than 2MB.' })
  })

  test('missing required fields are a 400 with the form message', async () => {
    const original = await uploadOk()
    for (const missing of ['title', 'description', 'start_datetime']) {
      const fields: Record<string, string> = { id: String(original.id), title: 'T', description: 'D', start_datetime: '2026-07-01T19:30' }
      fields[missing] = ''
      const res = await t.call('POST', '/api/update-event', { token, form: editForm(fields) })
      expect(res.status).toBe(400)
      expect(await jsonOf(res)).toEqual({ error: 'Please fill in all required fields (Title, Description, Start Date/Time).' })
    }
  })

  test('a bad id, start or ticket link is a 400', async () => {
    const original = await uploadOk()
    const base = { id: String(original.id), title: 'T', description: 'D', start_datetime: '2026-07-01T19:30' }
    for (const fields of [
      { ...base, id: 'abc' },
      { ...base, id: '' },
      { ...base, id: '1.5' },
      { ...base, start_datetime: '2026-13-01T10:00' },
      { ...base, ticket_url: 'nope' },
    ]) {
      const res = await t.call('POST', '/api/update-event', { token, form: editForm(fields) })
      expect(res.status).toBe(400)
      expect(typeof (await jsonOf(res)).error).toBe('string')
    }
  })

  test('an unknown id is a 404 and stores no file', async () => {
    const files = uploadsOnDisk()
    const res = await t.call('POST', '/api/update-event', {
      token,
      form: editForm({ id: '999999', title: 'T', description: 'D', start_datetime: '2026-07-01T19:30', image: fileOf(await makeImage('gif', 9, 9), 'x.gif') }),
    })
    expect(res.status).toBe(404)
    expect(await jsonOf(res)).toEqual({ error: 'Event not found.' })
    expect(uploadsOnDisk()).toEqual(files)
  })
})

describe('POST /api/delete-event', () => {
  test('deletes the event and removes its image from disk', async () => {
    const event = await uploadOk({ image_base64: dataUrl(await makeImage('png', 11, 11, '#123456')) })
    expect(onDisk(event.image_url)).toBe(true)
    const res = await t.call('POST', '/api/delete-event', { token, json: { id: event.id } })
    expect(res.status).toBe(200)
    expect(await jsonOf(res)).toEqual({ message: 'Event deleted.', id: event.id })
    expect(t.ctx.db.query('SELECT id FROM events WHERE id = ?').get(event.id)).toBeNull()
    expect(onDisk(event.image_url)).toBe(false)
  })

  test('an image still used by another event stays on disk', async () => {
    const shared = dataUrl(await makeImage('png', 12, 12, '#654321'))
    const a = await uploadOk({ image_base64: shared })
    const b = await uploadOk({ image_base64: shared })
    expect(a.image_url).toBe(b.image_url)
    expect((await t.call('POST', '/api/delete-event', { token, json: { id: a.id } })).status).toBe(200)
    expect(onDisk(b.image_url)).toBe(true)
    expect((await t.call('POST', '/api/delete-event', { token, json: { id: String(b.id) } })).status).toBe(200)
    expect(onDisk(b.image_url)).toBe(false)
  })

  test('an unknown id is a 404; a missing or malformed id is a 400', async () => {
    const unknown = await t.call('POST', '/api/delete-event', { token, json: { id: 999999 } })
    expect(unknown.status).toBe(404)
    expect(await jsonOf(unknown)).toEqual({ error: 'Event not found.' })
    for (const json of [{}, { id: 'abc' }, { id: -1 }, { id: 1.5 }, { id: null }]) {
      const res = await t.call('POST', '/api/delete-event', { token, json })
      expect(res.status).toBe(400)
      expect(typeof (await jsonOf(res)).error).toBe('string')
    }
  })
})

describe('admin endpoints without a valid token', () => {
  test('every event change is a 401 and nothing changes', async () => {
    const event = await uploadOk()
    const before = { count: eventCount(), files: uploadsOnDisk(), events: await (await t.call('GET', '/api/admin/events', { token })).json() }
    const form = () => editForm({ id: String(event.id), title: 'Hacked', description: 'D', start_datetime: '2026-07-01T19:30' })
    for (const auth of [{}, { authorization: 'Bearer nope' }] as Record<string, string>[]) {
      const replies = [
        await t.call('POST', '/api/upload-event', { json: uploadBody({ image_base64: dataUrl(await makeImage('png', 5, 5, '#fff')) }), headers: auth }),
        await t.call('POST', '/api/update-event', { form: form(), headers: auth }),
        await t.call('POST', '/api/delete-event', { json: { id: event.id }, headers: auth }),
        await t.call('GET', '/api/admin/events', { headers: auth }),
      ]
      for (const res of replies) {
        expect(res.status).toBe(401)
        expect(typeof (await jsonOf(res)).error).toBe('string')
      }
    }
    expect(eventCount()).toBe(before.count)
    expect(uploadsOnDisk()).toEqual(before.files)
    expect(await (await t.call('GET', '/api/admin/events', { token })).json()).toEqual(before.events)
  })
})

describe('Idempotency-Key', () => {
  test('upload-event sent twice with one key makes one event and the same reply', async () => {
    const before = eventCount()
    const headers = { 'idempotency-key': 'event-upload-0001' }
    const first = await upload({ title: 'Once only' }, headers)
    const second = await upload({ title: 'Once only' }, headers)
    expect(first.status).toBe(201)
    expect(second.status).toBe(201)
    expect(await second.json()).toEqual(await first.json())
    expect(eventCount()).toBe(before + 1)
  })

  test('the same key with a different body is a 422', async () => {
    const headers = { 'idempotency-key': 'event-upload-0002' }
    expect((await upload({ title: 'First' }, headers)).status).toBe(201)
    const before = eventCount()
    const res = await upload({ title: 'Second' }, headers)
    expect(res.status).toBe(422)
    expect(eventCount()).toBe(before)
  })

  test('update-event and delete-event replay their first reply', async () => {
    const event = await uploadOk()
    const form = () => editForm({ id: String(event.id), title: 'Edited once', description: 'D', start_datetime: '2026-07-01T19:30' })
    const updateHeaders = { 'idempotency-key': 'event-update-0001' }
    const u1 = await t.call('POST', '/api/update-event', { token, form: form(), headers: updateHeaders })
    const u2 = await t.call('POST', '/api/update-event', { token, form: form(), headers: updateHeaders })
    expect(u1.status).toBe(200)
    expect(await u2.json()).toEqual(await u1.json())
    const deleteHeaders = { 'idempotency-key': 'event-delete-0001' }
    const d1 = await t.call('POST', '/api/delete-event', { token, json: { id: event.id }, headers: deleteHeaders })
    const d2 = await t.call('POST', '/api/delete-event', { token, json: { id: event.id }, headers: deleteHeaders })
    expect(d1.status).toBe(200)
    expect(d2.status).toBe(200)
    expect(await d2.json()).toEqual({ message: 'Event deleted.', id: event.id })
  })
})

describe('demo events', () => {
  test('five upcoming fictional events, each with a served image', async () => {
    const demo = await makeTestApp({ now: () => NOW, seedDemo: true })
    try {
      const events: EventItem[] = await jsonOf(await demo.call('GET', '/api/events'))
      expect(events).toHaveLength(5)
      expect(events[0]!.title).toBe('Quiz Night in the Stables')
      // Thursday 18 June 2026, 19:30 BST.
      expect(events[0]!.start_datetime).toBe('2026-06-18T18:30:00.000Z')
      for (const event of events) {
        expect(new Date(event.start_datetime).getTime()).toBeGreaterThan(NOW.getTime())
        expect((await demo.call('GET', event.image_url!)).status).toBe(200)
        expect(event.image_width).toBeGreaterThan(0)
      }
      expect(events.some((e) => e.ticket_url?.startsWith('https://tickets.example.org/'))).toBe(true)
      expect(events.find((e) => e.title === 'Christmas Lunch')).toMatchObject({ contact_to_book: 1, start_datetime: '2026-12-25T13:00:00.000Z' })
      expect(events.some((e) => e.ticket_url === null && e.contact_to_book === 0)).toBe(true)
    } finally {
      demo.close()
    }
  }, 60_000)
})
