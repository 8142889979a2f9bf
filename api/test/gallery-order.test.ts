import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { fileOf, jsonOf, makeImage, makeTestApp, type TestApp } from './helpers'

let t: TestApp
let token: string
beforeAll(async () => {
  t = await makeTestApp()
  token = await t.token()
})
afterAll(() => t.close())

async function upload(type: string, count: number): Promise<number[]> {
  const form = new FormData()
  for (let i = 0; i < count; i++) form.append('images', fileOf(await makeImage('jpeg', 40 + i, 30, '#4a7'), `p${i}.jpg`))
  form.append('type', type)
  const res = await t.call('POST', '/api/upload-gallery', { token, form })
  expect(res.status).toBe(201)
  return (await jsonOf(res)).images.map((image: { id: number }) => image.id)
}

const publicIds = async (type: string) => ((await jsonOf(await t.call('GET', `/api/gallery/${type}`))) as { id: number }[]).map((i) => i.id)
const order = (category: string, body: unknown, options: { token?: string; headers?: Record<string, string> } = { token }) =>
  t.call('PUT', `/api/gallery/${category}/order`, { json: body, ...options })

describe('PUT /api/gallery/:category/order', () => {
  let home: number[]
  let cafe: number[]
  beforeAll(async () => {
    home = await upload('generic', 4)
    cafe = await upload('cafe', 2)
  })

  test('uploads are listed in the order they came, a later upload at the end', async () => {
    expect(await publicIds('generic')).toEqual(home)
    const [later] = await upload('generic', 1)
    home = [...home, later!]
    expect(await publicIds('generic')).toEqual(home)
  })

  test('a new order is what the public gallery, the grouped gallery and its ETag follow; sending it again changes nothing', async () => {
    const before = await t.call('GET', '/api/galleryGrouped')
    const etag = before.headers.get('etag')!
    const wanted = [home[2]!, home[0]!, home[4]!, home[1]!, home[3]!]
    const res = await order('1', { ids: wanted })
    expect(res.status).toBe(200)
    const body = await jsonOf(res)
    expect(body.message).toBe('Order saved.')
    expect(body.images.map((i: { id: number }) => i.id)).toEqual(wanted)
    expect(await publicIds('generic')).toEqual(wanted)
    const grouped = await t.call('GET', '/api/galleryGrouped', { headers: { 'if-none-match': etag } })
    expect(grouped.status).toBe(200)
    expect((await jsonOf(grouped))['1'].map((i: { id: number }) => i.id)).toEqual(wanted)
    // Idempotent: a replay of the same order answers the same and leaves it as it is.
    const again = await order('1', { ids: wanted })
    expect(again.status).toBe(200)
    expect(await publicIds('generic')).toEqual(wanted)
    home = wanted
    // Other galleries are untouched.
    expect(await publicIds('cafe')).toEqual(cafe)
  })

  test('pictures the order leaves out (uploaded since it was made) stay after the ones it names', async () => {
    const [newest] = await upload('generic', 1)
    const res = await order('1', { ids: [home[1]!, home[0]!] })
    expect(res.status).toBe(200)
    expect(await publicIds('generic')).toEqual([home[1]!, home[0]!, home[2]!, home[3]!, home[4]!, newest!])
    home = await publicIds('generic')
  })

  test('an id that is not in this gallery (another gallery, unknown, deleted elsewhere) is a 409 with the gallery as it is now; nothing changes', async () => {
    for (const ids of [
      [...home, cafe[0]!],
      [home[0]!, 999_999],
    ]) {
      const res = await order('1', { ids })
      expect(res.status).toBe(409)
      const body = await jsonOf(res)
      expect(body.error).toMatch(/Home gallery .*changed/)
      expect(body.current.ids).toEqual(home)
    }
    const gone = home[0]!
    expect((await t.call('DELETE', `/api/delete-gallery/${gone}`, { token })).status).toBe(200)
    const stale = await order('1', { ids: home })
    expect(stale.status).toBe(409)
    home = home.slice(1)
    expect((await jsonOf(stale)).current.ids).toEqual(home)
    expect(await publicIds('generic')).toEqual(home)
  })

  test('a malformed order is a 400 with a reason, and changes nothing', async () => {
    const cases: [unknown, RegExp][] = [
      [{}, /ids/],
      [{ ids: [] }, /at least one/],
      [{ ids: 'all' }, /ids/],
      [{ ids: [home[0], 'x'] }, /ids/],
      [{ ids: [home[0], -1] }, /ids/],
      [{ ids: [home[0], 1.5] }, /ids/],
      [{ ids: [home[0], home[0]] }, /more than once/],
    ]
    for (const [body, reason] of cases) {
      const res = await order('1', body)
      expect(res.status).toBe(400)
      expect((await jsonOf(res)).error).toMatch(reason)
    }
    expect(await publicIds('generic')).toEqual(home)
  })

  test('bad JSON, an unknown category, no token or a forged one are refused', async () => {
    const badJson = await t.call('PUT', '/api/gallery/1/order', { body: '{"ids": [1,', token, headers: { 'content-type': 'application/json' } })
    expect(badJson.status).toBe(400)
    expect(typeof (await jsonOf(badJson)).error).toBe('string')
    for (const category of ['9', 'generic', '01']) {
      const res = await order(category, { ids: home })
      expect(res.status).toBe(400)
      expect((await jsonOf(res)).error).toMatch(/gallery/i)
    }
    const none = await order('1', { ids: home }, {})
    expect(none.status).toBe(401)
    const forged = await order('1', { ids: home }, { token: `${token.slice(0, -4)}AAAA` })
    expect(forged.status).toBe(401)
    expect(typeof (await jsonOf(forged)).error).toBe('string')
    expect(await publicIds('generic')).toEqual(home)
  })

  test('a reorder is in the activity trail', async () => {
    const row = t.ctx.db.query("SELECT summary FROM activity WHERE kind = 'gallery' AND action = 'update' ORDER BY id DESC LIMIT 1").get() as {
      summary: string
    }
    expect(row.summary).toMatch(/Home gallery/)
  })
})
