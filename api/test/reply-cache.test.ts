import { afterEach, describe, expect, spyOn, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { EXTERNAL_CHANGES_CHECK_MS } from '../src/db/data-version'
import { fileOf, jsonOf, makeImage, makePdf, makeTestApp, PUBLIC_API_READS, type TestApp } from './helpers'

/**
 * Public API replies are kept, serialised and compressed, until the data changes (http/api-replies.ts).
 * Each feature's every kind of change must reach the next reply, also for a client holding the old
 * ETag; a kept reply must be the same bytes and headers as a fresh one; staff replies are never kept.
 */
let t: TestApp
afterEach(() => t?.close())

const DAY = '2031-05-01T10:00:00Z'
let now = new Date(DAY)
const start = async () => {
  now = new Date(DAY)
  t = await makeTestApp({ now: () => now })
  return t.token()
}

/** Reads `path` twice (the second from the cache), then returns what a later read must differ from. */
async function kept(path: string) {
  const first = await t.call('GET', path, { headers: { 'accept-encoding': 'gzip' } })
  expect(first.status).toBe(200)
  const again = await t.call('GET', path, { headers: { 'accept-encoding': 'gzip' } })
  expect([...again.headers.entries()]).toEqual([...first.headers.entries()])
  expect(await again.text()).toBe(await first.text())
  return { etag: first.headers.get('etag')!, body: JSON.stringify(await (await t.call('GET', path)).json()) }
}

/** After a change: a client with the old ETag gets 200 and the new data, under a new ETag. */
async function changed(path: string, before: { etag: string; body: string }) {
  const res = await t.call('GET', path, { headers: { 'if-none-match': before.etag } })
  expect(res.status).toBe(200)
  expect(res.headers.get('etag')).not.toBe(before.etag)
  const body = await res.json()
  expect(JSON.stringify(body)).not.toBe(before.body)
  return body as any
}

const form = (fields: Record<string, string | File>) => {
  const data = new FormData()
  for (const [key, value] of Object.entries(fields)) data.append(key, value)
  return data
}
const png = async (name = 'a.png') => fileOf(await makeImage('png'), name, 'image/png')

describe('reply cache', () => {
  test('a kept reply is answered without reading the data again, 304 included; any write makes it read again', async () => {
    await start()
    await kept('/api/opening-times')
    const queries = spyOn(t.ctx.db, 'query')
    const hit = await t.call('GET', '/api/opening-times', { headers: { 'accept-encoding': 'gzip' } })
    expect(hit.status).toBe(200)
    const notModified = await t.call('GET', '/api/opening-times', { headers: { 'if-none-match': hit.headers.get('etag')! } })
    expect(notModified.status).toBe(304)
    expect(queries).not.toHaveBeenCalled()
    t.ctx.db.run("INSERT INTO settings (key, value) VALUES ('reply-cache-test', 'x')")
    await t.call('GET', '/api/opening-times')
    expect(queries).toHaveBeenCalled()
    queries.mockRestore()
  })

  test('a kept reply has the same status, headers and bytes as a fresh one, for every public read and kind of request', async () => {
    now = new Date(DAY)
    t = await makeTestApp({ now: () => now, env: { TRUST_PROXY: '127.0.0.1' } })
    // One reply large enough to be sent gzipped.
    const image = Buffer.from(await makeImage('png')).toString('base64')
    const event = { title: 'Folk night', description: 'Songs. '.repeat(300), startDatetime: '2031-05-02T19:30', image_base64: image }
    expect((await t.call('POST', '/api/upload-event', { token: await t.token(), json: event })).status).toBe(201)
    const paths = PUBLIC_API_READS
    const codings = new Set<string>()
    for (const path of paths) {
      const etag = (await t.call('GET', path)).headers.get('etag')!
      const kinds: Record<string, string>[] = [
        {},
        { 'accept-encoding': 'gzip, br' },
        { 'accept-encoding': 'gzip;q=0' },
        { 'if-none-match': etag },
        { 'x-forwarded-proto': 'https' },
      ]
      for (const headers of kinds) {
        t.ctx.db.run("INSERT OR REPLACE INTO settings (key, value) VALUES ('reply-cache-test', ?)", [`${path} ${JSON.stringify(headers)}`])
        const replies = [await t.call('GET', path, { headers }), await t.call('GET', path, { headers })]
        codings.add(`${path} ${replies[1]!.headers.get('content-encoding')}`)
        const [fresh, kept] = await Promise.all(
          replies.map(async (res) => ({
            status: res.status,
            headers: [...res.headers.entries()],
            bytes: Buffer.from(await res.arrayBuffer()).toString('base64'),
          })),
        )
        expect(kept, `${path} ${JSON.stringify(headers)}`).toEqual(fresh!)
      }
    }
    expect(codings).toContain('/api/events gzip')
  })

  test('opening times: an update', async () => {
    const token = await start()
    const before = await kept('/api/opening-times')
    const update = { name: 'The Stables bar', day: 'saturday', open_time: '11:00', close_time: '23:30', type: 'opening' }
    expect((await t.call('PUT', '/api/update-times', { token, json: update })).status).toBe(200)
    expect(JSON.stringify(await changed('/api/opening-times', before))).toContain('23:30')
  })

  test('events: a new one, an edit, a deletion, and the day it was on passing', async () => {
    const token = await start()
    let before = await kept('/api/events')
    const image = Buffer.from(await makeImage('png')).toString('base64')
    const event = { title: 'Folk night', description: 'Songs.', startDatetime: '2031-05-02T19:30', image_base64: image }
    const created = await jsonOf(await t.call('POST', '/api/upload-event', { token, json: event }))
    expect((await changed('/api/events', before)).map((e: any) => e.title)).toEqual(['Folk night'])
    before = await kept('/api/events')
    const edit = form({ id: String(created.event.id), title: 'Folk night II', description: 'Songs.', start_datetime: '2031-05-02T19:30' })
    expect((await t.call('POST', '/api/update-event', { token, form: edit })).status).toBe(200)
    expect((await changed('/api/events', before)).map((e: any) => e.title)).toEqual(['Folk night II'])
    before = await kept('/api/events')
    now = new Date('2031-05-03T10:00:00Z')
    expect(await changed('/api/events', before)).toEqual([])
    now = new Date(DAY)
    before = await kept('/api/events')
    expect((await t.call('POST', '/api/delete-event', { token, json: { id: created.event.id } })).status).toBe(200)
    expect(await changed('/api/events', before)).toEqual([])
  })

  test('galleries: an upload, a description, a new order, a deletion (the single and the grouped gallery)', async () => {
    const token = await start()
    const paths = ['/api/gallery/generic', '/api/galleryGrouped']
    let before = await Promise.all(paths.map(kept))
    const upload = async () => {
      const res = await t.call('POST', '/api/upload-gallery', { token, form: form({ type: 'generic', images: await png() }) })
      expect(res.status).toBe(201)
      return (await jsonOf(res)).images[0].id as number
    }
    const first = await upload()
    for (const [i, path] of paths.entries()) await changed(path, before[i]!)
    const second = await upload()
    before = await Promise.all(paths.map(kept))
    expect((await t.call('PUT', `/api/edit-gallery/${first}`, { token, json: { alt: 'The garden at dusk' } })).status).toBe(200)
    for (const [i, path] of paths.entries()) expect(JSON.stringify(await changed(path, before[i]!))).toContain('The garden at dusk')
    before = await Promise.all(paths.map(kept))
    expect((await t.call('PUT', '/api/gallery/1/order', { token, json: { ids: [second, first] } })).status).toBe(200)
    expect((await changed('/api/gallery/generic', before[0]!)).map((image: any) => image.id)).toEqual([second, first])
    await changed('/api/galleryGrouped', before[1]!)
    before = await Promise.all(paths.map(kept))
    expect((await t.call('DELETE', `/api/delete-gallery/${first}`, { token })).status).toBe(200)
    expect((await changed('/api/gallery/generic', before[0]!)).map((image: any) => image.id)).toEqual([second])
    await changed('/api/galleryGrouped', before[1]!)
  })

  test('things to do around: a new one, an edit, a deletion', async () => {
    const token = await start()
    let before = await kept('/api/around')
    const fields = { name: 'Fell walk', url: 'https://example.org/walk', description: 'A walk.' }
    const created = await jsonOf(await t.call('POST', '/api/upload-around', { token, form: form({ ...fields, image: await png() }) }))
    await changed('/api/around', before)
    before = await kept('/api/around')
    const edit = form({ ...fields, description: 'A longer walk.' })
    expect((await t.call('PUT', `/api/edit-around/${created.attraction.id}`, { token, form: edit })).status).toBe(200)
    expect(JSON.stringify(await changed('/api/around', before))).toContain('A longer walk.')
    before = await kept('/api/around')
    expect((await t.call('DELETE', `/api/delete-around/${created.attraction.id}`, { token })).status).toBe(200)
    expect(await changed('/api/around', before)).toEqual([])
  })

  test('bank holidays: a new one, its removal, and its day passing', async () => {
    const token = await start()
    let before = await kept('/api/bank-holiday-exceptions')
    const holiday = { location: 'Larkdale Hotel', holiday_date: '2031-05-02', closed: true }
    expect((await t.call('POST', '/api/add-bank-holiday-times', { token, json: holiday })).status).toBe(201)
    expect((await changed('/api/bank-holiday-exceptions', before)).length).toBe(1)
    before = await kept('/api/bank-holiday-exceptions')
    now = new Date('2031-05-03T10:00:00Z')
    expect(await changed('/api/bank-holiday-exceptions', before)).toEqual([])
    now = new Date(DAY)
    before = await kept('/api/bank-holiday-exceptions')
    const removal = { location: holiday.location, holiday_date: holiday.holiday_date }
    expect((await t.call('DELETE', '/api/remove-bank-holiday-times', { token, json: removal })).status).toBe(200)
    expect(await changed('/api/bank-holiday-exceptions', before)).toEqual([])
  })

  test('menus: a new PDF', async () => {
    const token = await start()
    const upload = async (text: string) => {
      const pdf = form({ pdf: fileOf(await makePdf(text), 'menu.pdf', 'application/pdf'), business_id: '1' })
      expect((await t.call('POST', '/api/upload-pdf', { token, form: pdf })).status).toBe(201)
    }
    await upload('Soup of the day')
    const before = await kept('/api/get-menu/1')
    await upload('Ploughman’s lunch')
    await changed('/api/get-menu/1', before)
  })

  test('a change made by another connection (a restore, a script) reaches the next reply', async () => {
    await start()
    const before = await kept('/api/opening-times')
    const other = new Database(t.ctx.config.databaseFile)
    other.run("UPDATE opening_times SET close_time = '21:45' WHERE rowid = (SELECT min(rowid) FROM opening_times)")
    other.close()
    // Another process's writes are looked for every EXTERNAL_CHANGES_CHECK_MS, not on every read.
    const deadline = Date.now() + 20 * EXTERNAL_CHANGES_CHECK_MS
    const stillOld = async () => (await t.call('GET', '/api/opening-times', { headers: { 'if-none-match': before.etag } })).status === 304
    while ((await stillOld()) && Date.now() < deadline) await Bun.sleep(EXTERNAL_CHANGES_CHECK_MS / 5)
    expect(JSON.stringify(await changed('/api/opening-times', before))).toContain('21:45')
  })

  test('staff replies are never kept: a staff GET with a token does not answer the next anonymous one', async () => {
    const token = await start()
    expect((await t.call('GET', '/api/admin/events', { token })).status).toBe(200)
    expect((await t.call('GET', '/api/admin/events', { token })).status).toBe(200)
    const anonymous = await t.call('GET', '/api/admin/events')
    expect(anonymous.status).toBe(401)
    expect((await t.call('GET', '/api/admin/events', { token: 'forged.token.here' })).status).toBe(401)
  })

  test('the cache is bounded: a client inventing query strings pushes out the oldest reply', async () => {
    await start()
    await kept('/api/opening-times?n=0')
    for (let n = 1; n <= 300; n++) expect((await t.call('GET', `/api/opening-times?n=${n}`)).status).toBe(200)
    const queries = spyOn(t.ctx.db, 'query')
    await t.call('GET', '/api/opening-times?n=300')
    expect(queries).not.toHaveBeenCalled()
    await t.call('GET', '/api/opening-times?n=0')
    expect(queries).toHaveBeenCalled()
    queries.mockRestore()
  })
})
