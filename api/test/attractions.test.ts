import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { seedAttractions } from '../src/features/attractions/demo'
import { fileOf, jsonOf, makeImage, makeTestApp, sameImage, type TestApp } from './helpers'

const MISSING = 'Please fill in all fields and select an image to upload.'
const EDIT_MISSING = 'Please fill in the name, web address and description.'
const BAD_URL = 'The web address must be a full link starting with http:// or https://, for example https://example.org/walks.'

let clock = new Date('2026-05-01T09:00:00.000Z')
let t: TestApp
let token: string
beforeAll(async () => {
  t = await makeTestApp({ now: () => clock })
  token = await t.token()
})
afterAll(() => t.close())

interface Fields {
  name?: string
  url?: string
  description?: string
  image?: File | string
}

const nameOf = (url: string) => url.replace('/files/', '')
const onDisk = (url: string) => existsSync(join(t.ctx.files.dir, nameOf(url)))
const uploadsOnDisk = () => readdirSync(t.ctx.files.dir).sort()
const attractionRows = () => t.ctx.db.query('SELECT * FROM attractions ORDER BY id').all()
const fileRows = () => t.ctx.db.query('SELECT name FROM files ORDER BY name').all()
const snapshot = () => ({ rows: attractionRows(), files: fileRows(), disk: uploadsOnDisk() })

function form(fields: Fields): FormData {
  const data = new FormData()
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) data.append(key, value)
  return data
}

const image = async (colour: string, width = 90, height = 60) => fileOf(await makeImage('jpeg', width, height, colour), 'view.jpg', 'image/jpeg')

async function fields(overrides: Fields = {}): Promise<Fields> {
  return {
    name: 'Larkdale Force',
    url: 'https://example.org/larkdale-force',
    description: 'A waterfall at the end of a woodland walk.',
    image: await image('#2a6'),
    ...overrides,
  }
}

const uploadAround = (f: Fields, headers: Record<string, string> = {}) => t.call('POST', '/api/upload-around', { token, form: form(f), headers })
const editAround = (id: number | string, f: Fields, headers: Record<string, string> = {}) =>
  t.call('PUT', `/api/edit-around/${id}`, { token, form: form(f), headers })

async function created(overrides: Fields = {}) {
  const res = await uploadAround(await fields(overrides))
  expect(res.status).toBe(201)
  return (await jsonOf(res)).attraction as { id: number; name: string; imageUrl: string; updated_at: string }
}

describe('GET /api/around', () => {
  test('no attractions is an empty array', async () => {
    const res = await t.call('GET', '/api/around')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual([])
  })
})

describe('POST /api/upload-around', () => {
  test('stores the attraction and its image, and lists attractions by name', async () => {
    const bytes = await makeImage('png', 120, 80, '#357')
    const res = await uploadAround(
      await fields({ name: '  Zig-Zag Path ', url: 'http://example.org/zig', description: 'Steep but short.', image: fileOf(bytes, 'zig.png') }),
    )
    expect(res.status).toBe(201)
    const body = await jsonOf(res)
    expect(body.message).toBe('Attraction uploaded successfully!')
    expect(body.attraction).toEqual({
      id: expect.any(Number),
      name: 'Zig-Zag Path',
      url: 'http://example.org/zig',
      description: 'Steep but short.',
      imageUrl: expect.stringMatching(/^\/files\/[a-f0-9]{32}\.png$/),
      image_variants: ['avif', 'webp'].map((format) => ({
        url: expect.stringMatching(new RegExp(`^/files/[a-f0-9]{32}-120\\.${format}$`)),
        type: `image/${format}`,
        width: 120,
        height: 80,
      })),
      width: 120,
      height: 80,
      updated_at: '2026-05-01T09:00:00.000Z',
      alt_text: null,
    })
    const served = await t.call('GET', body.attraction.imageUrl)
    expect(served.status).toBe(200)
    expect(await sameImage(await served.arrayBuffer(), bytes)).toBe(true)

    await created({ name: 'ashbridge market', image: await image('#975') })
    await created({ name: 'Hallow Castle', image: await image('#579') })
    const list = await jsonOf(await t.call('GET', '/api/around'))
    expect(list.map((a: any) => a.name)).toEqual(['ashbridge market', 'Hallow Castle', 'Zig-Zag Path'])
    expect(list[2]).toEqual(body.attraction)
  })

  test('WebP and GIF images are accepted', async () => {
    for (const format of ['webp', 'gif'] as const) {
      const res = await uploadAround(await fields({ name: `Format ${format}`, image: fileOf(await makeImage(format, 16, 9, '#111'), `x.${format}`) }))
      expect(res.status).toBe(201)
      expect((await jsonOf(res)).attraction.imageUrl.endsWith(`.${format}`)).toBe(true)
    }
  })

  describe('refusals record nothing', () => {
    let before: ReturnType<typeof snapshot>
    beforeAll(() => {
      before = snapshot()
    })
    const unchanged = () => expect(snapshot()).toEqual(before)

    for (const field of ['name', 'url', 'description', 'image'] as const) {
      test(`a missing ${field} is a 400 with the form message`, async () => {
        const res = await uploadAround(await fields({ [field]: undefined }))
        expect(res.status).toBe(400)
        expect((await jsonOf(res)).error).toBe(MISSING)
        unchanged()
      })
    }

    test('blank text or an empty image file is a 400 with the form message', async () => {
      for (const overrides of [{ name: '   ' }, { description: '\n' }, { url: ' ' }, { image: fileOf(new Uint8Array(0), '') }]) {
        const res = await uploadAround(await fields(overrides))
        expect(res.status).toBe(400)
        expect((await jsonOf(res)).error).toBe(MISSING)
      }
      unchanged()
    })

    test('a link that is not an http(s) web address is a 400 saying so', async () => {
      for (const url of ['example.org', 'ftp://example.org/file', 'javascript:alert(1)', 'mailto:hi@example.org', 'https://', 'not a url']) {
        const res = await uploadAround(await fields({ url }))
        expect(res.status).toBe(400)
        expect((await jsonOf(res)).error).toBe(BAD_URL)
      }
      unchanged()
    })

    test('over-long text is a 400', async () => {
      const long = await uploadAround(await fields({ name: 'x'.repeat(121) }))
      expect(long.status).toBe(400)
      expect((await jsonOf(long)).error).toBe('The name must be at most 120 characters.')
      const longer = await uploadAround(await fields({ description: 'y'.repeat(2001) }))
      expect(longer.status).toBe(400)
      unchanged()
    })

    test('a text file named .jpg is a 415', async () => {
      const res = await uploadAround(await fields({ image: fileOf(new TextEncoder().encode('hello there'), 'view.jpg', 'image/jpeg') }))
      expect(res.status).toBe(415)
      expect((await jsonOf(res)).error).toBe('Image must be JPEG, PNG, WEBP, GIF.')
      unchanged()
    })

    test('an image over 10 MB is a 413', async () => {
      const big = new Uint8Array(10 * 1024 * 1024 + 1)
      big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
      const res = await uploadAround(await fields({ image: fileOf(big, 'big.png') }))
      expect(res.status).toBe(413)
      unchanged()
    })

    test('without a token: 401 and nothing changes', async () => {
      const res = await t.call('POST', '/api/upload-around', { form: form(await fields({ name: 'Sneaky' })) })
      expect(res.status).toBe(401)
      expect(typeof (await jsonOf(res)).error).toBe('string')
      unchanged()
    })
  })

  test('an Idempotency-Key replay returns the first reply and stores one attraction', async () => {
    const before = attractionRows().length
    const bytes = await makeImage('jpeg', 44, 33, '#beef00')
    const send = (name: string) =>
      uploadAround(
        { name, url: 'https://example.org/once', description: 'Only once.', image: fileOf(bytes, 'once.jpg') },
        { 'idempotency-key': 'around-upload-0001' },
      )
    const first = await send('Once Only')
    const second = await send('Once Only')
    expect(first.status).toBe(201)
    expect(second.status).toBe(201)
    expect(await jsonOf(second)).toEqual(await jsonOf(first))
    expect(attractionRows().length).toBe(before + 1)
    expect((await send('Twice?')).status).toBe(422)
    expect(attractionRows().length).toBe(before + 1)
  })
})

describe('PUT /api/edit-around/:id', () => {
  test('without a new image: the text changes and the old image stays', async () => {
    const original = await created({ name: 'Old Mill', image: await image('#a1a1a1') })
    clock = new Date('2026-05-02T10:30:00.000Z')
    const versions: string[] = []
    for (const noImage of [undefined, '', fileOf(new Uint8Array(0), '')]) {
      const res = await editAround(original.id, {
        name: 'The Old Mill',
        url: 'https://example.org/mill',
        description: 'Now a museum.',
        image: noImage,
      })
      expect(res.status).toBe(200)
      const body = await jsonOf(res)
      expect(body.message).toBe('Attraction updated.')
      expect(body.attraction).toMatchObject({
        id: original.id,
        name: 'The Old Mill',
        url: 'https://example.org/mill',
        description: 'Now a museum.',
        imageUrl: original.imageUrl,
      })
      // The version is the clock's time, moved on by a millisecond when the (pinned) clock has not moved,
      // so every edit has a version of its own (If-Match relies on it).
      versions.push(body.attraction.updated_at)
    }
    expect(versions).toEqual(['2026-05-02T10:30:00.000Z', '2026-05-02T10:30:00.001Z', '2026-05-02T10:30:00.002Z'])
    expect(onDisk(original.imageUrl)).toBe(true)
  })

  test('with a new image: the image is replaced and the old file removed from disk', async () => {
    const original = await created({ name: 'Weir', image: await image('#b2b2b2') })
    const newBytes = await makeImage('png', 70, 35, '#c3c3c3')
    const res = await editAround(original.id, await fields({ name: 'Weir', image: fileOf(newBytes, 'weir.png') }))
    expect(res.status).toBe(200)
    const { attraction } = await jsonOf(res)
    expect(attraction.imageUrl).not.toBe(original.imageUrl)
    expect([attraction.width, attraction.height]).toEqual([70, 35])
    expect(onDisk(original.imageUrl)).toBe(false)
    expect(await sameImage(await (await t.call('GET', attraction.imageUrl)).arrayBuffer(), newBytes)).toBe(true)
  })

  test('sending the same image again keeps its file', async () => {
    const colour = '#d4d4d4'
    const original = await created({ name: 'Same Picture', image: await image(colour) })
    const res = await editAround(original.id, await fields({ name: 'Same Picture', image: await image(colour) }))
    expect(res.status).toBe(200)
    expect((await jsonOf(res)).attraction.imageUrl).toBe(original.imageUrl)
    expect(onDisk(original.imageUrl)).toBe(true)
  })

  test('refusals change nothing and leave no new file behind', async () => {
    const original = await created({ name: 'Bridge', image: await image('#e5e5e5') })
    const before = snapshot()
    const cases: [Fields, number, string | null][] = [
      [await fields({ name: '' }), 400, EDIT_MISSING],
      [await fields({ description: undefined }), 400, EDIT_MISSING],
      [await fields({ url: 'www.example.org' }), 400, BAD_URL],
      [await fields({ image: fileOf(new TextEncoder().encode('%PDF-1.4 nope'), 'x.png') }), 415, 'Image must be JPEG, PNG, WEBP, GIF.'],
      [await fields({ image: 'a string, not a file' }), 400, 'The new image must be an image file.'],
    ]
    for (const [f, status, error] of cases) {
      const res = await editAround(original.id, f)
      expect(res.status).toBe(status)
      if (error) expect((await jsonOf(res)).error).toBe(error)
    }
    expect(snapshot()).toEqual(before)
  })

  test('an unknown id is a 404 and saves no image; a bad id is a 400', async () => {
    const before = snapshot()
    const res = await editAround(424242, await fields({ image: await image('#f6f6f6') }))
    expect(res.status).toBe(404)
    expect((await jsonOf(res)).error).toBe('No attraction with id 424242.')
    expect(snapshot()).toEqual(before)
    const bad = await editAround('abc', await fields())
    expect(bad.status).toBe(400)
    expect((await jsonOf(bad)).error).toBe('The attraction id must be a positive whole number.')
  })

  test('without a token: 401 and nothing changes', async () => {
    const original = await created({ name: 'Guarded', image: await image('#0c0c0c') })
    const before = snapshot()
    const res = await t.call('PUT', `/api/edit-around/${original.id}`, { form: form(await fields({ name: 'Hijacked', image: await image('#0d0d0d') })) })
    expect(res.status).toBe(401)
    expect(snapshot()).toEqual(before)
  })
})

describe('DELETE /api/delete-around/:id', () => {
  test('deletes the attraction and its image file', async () => {
    const original = await created({ name: 'Doomed Folly', image: await image('#1e1e1e') })
    const res = await t.call('DELETE', `/api/delete-around/${original.id}`, { token })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ message: 'Attraction deleted.', id: original.id })
    expect(onDisk(original.imageUrl)).toBe(false)
    const list = await jsonOf(await t.call('GET', '/api/around'))
    expect(list.some((a: any) => a.id === original.id)).toBe(false)
    expect((await t.call('DELETE', `/api/delete-around/${original.id}`, { token })).status).toBe(404)
  })

  test('an unknown id is a 404, a bad id a 400', async () => {
    expect((await t.call('DELETE', '/api/delete-around/777777', { token })).status).toBe(404)
    expect((await t.call('DELETE', '/api/delete-around/-1', { token })).status).toBe(400)
  })

  test('without a token: 401 and the attraction stays', async () => {
    const original = await created({ name: 'Protected', image: await image('#2f2f2f') })
    const res = await t.call('DELETE', `/api/delete-around/${original.id}`)
    expect(res.status).toBe(401)
    expect(onDisk(original.imageUrl)).toBe(true)
    expect(t.ctx.db.query('SELECT id FROM attractions WHERE id = ?').get(original.id)).not.toBeNull()
  })

  test('a replayed delete returns the same reply', async () => {
    const original = await created({ name: 'Twice Deleted', image: await image('#3a3a3a') })
    const headers = { 'idempotency-key': `around-delete-${original.id}` }
    const first = await t.call('DELETE', `/api/delete-around/${original.id}`, { token, headers })
    const second = await t.call('DELETE', `/api/delete-around/${original.id}`, { token, headers })
    expect(first.status).toBe(200)
    expect(second.status).toBe(200)
    expect(await jsonOf(second)).toEqual(await jsonOf(first))
  })
})

describe('demo attractions', () => {
  test('seeds five places with https links, short descriptions and images, once', async () => {
    const demo = await makeTestApp()
    try {
      await seedAttractions(demo.ctx)
      const list = await jsonOf(await demo.call('GET', '/api/around'))
      expect(list).toHaveLength(5)
      for (const place of list) {
        expect(place.url).toMatch(/^https:\/\/example\.org\//)
        expect(place.description.length).toBeGreaterThan(20)
        expect(place.description.split(/[.!?](\s|$)/).filter((s: string) => s.trim()).length).toBeLessThanOrEqual(2)
        expect(existsSync(join(demo.ctx.files.dir, nameOf(place.imageUrl)))).toBe(true)
        expect([place.width, place.height]).toEqual([1200, 800])
      }
      await seedAttractions(demo.ctx)
      expect((await jsonOf(await demo.call('GET', '/api/around'))).length).toBe(5)
    } finally {
      demo.close()
    }
  })
})
