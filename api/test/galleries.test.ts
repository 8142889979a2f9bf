import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { seedGalleries } from '../src/features/galleries/demo'
import { fileOf, jsonOf, makeImage, makeTestApp, sameImage, type TestApp } from './helpers'

const MISSING = 'Please select images and provide a type.'
const FILE_URL = /^\/files\/[a-f0-9]{32}\.(jpg|png|webp|gif)$/

let t: TestApp
let token: string
beforeAll(async () => {
  t = await makeTestApp()
  token = await t.token()
})
afterAll(() => t.close())

const nameOf = (url: string) => url.replace('/files/', '')
const onDisk = (url: string) => existsSync(join(t.ctx.files.dir, nameOf(url)))
const uploadsOnDisk = () => readdirSync(t.ctx.files.dir).sort()
const galleryRows = () => t.ctx.db.query('SELECT id, type, image, alt FROM gallery_images ORDER BY id').all()
const fileRows = () => t.ctx.db.query('SELECT name FROM files ORDER BY name').all()

function galleryForm(type: string | null, images: File[]): FormData {
  const form = new FormData()
  for (const image of images) form.append('images', image)
  if (type !== null) form.append('type', type)
  return form
}

async function upload(type: string, images: File[], headers: Record<string, string> = {}) {
  return t.call('POST', '/api/upload-gallery', { token, form: galleryForm(type, images), headers })
}

async function uploadOne(type: string, colour: string) {
  const res = await upload(type, [fileOf(await makeImage('jpeg', 80, 60, colour), `${type}.jpg`)])
  expect(res.status).toBe(201)
  return (await jsonOf(res)).images[0] as { id: number; image_url: string; image_variants: unknown[] }
}

describe('GET /api/gallery/:type', () => {
  test('an empty gallery is an empty array', async () => {
    const res = await t.call('GET', '/api/gallery/events')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual([])
  })

  test('an unknown type is a 400 naming the known types', async () => {
    const res = await t.call('GET', '/api/gallery/kitchen')
    expect(res.status).toBe(400)
    expect((await jsonOf(res)).error).toBe('Unknown gallery type. Use one of: generic, cafe, rooms, stables, events.')
  })

  test('a type that cannot be decoded is refused too, not read as the default gallery', async () => {
    const res = await t.call('GET', '/api/gallery/%E0')
    expect(res.status).toBe(400)
    expect((await jsonOf(res)).error).toStartWith('Unknown gallery type.')
  })
})

describe('POST /api/upload-gallery', () => {
  test('several images of different formats are stored and listed in the order sent, after the gallery’s earlier ones', async () => {
    const jpeg = await makeImage('jpeg', 64, 48, '#a33')
    const png = await makeImage('png', 30, 20, '#3a3')
    const webp = await makeImage('webp', 40, 50, '#33a')
    const gif = await makeImage('gif', 12, 10, '#aa3')
    const res = await upload('cafe', [fileOf(jpeg, 'a.jpg'), fileOf(png, 'b.png'), fileOf(webp, 'c.webp'), fileOf(gif, 'd.gif')])
    expect(res.status).toBe(201)
    const body = await jsonOf(res)
    expect(body.message).toBe('Upload successful!')
    expect(body.images.map((i: any) => [i.type, i.width, i.height, i.alt])).toEqual([
      ['cafe', 64, 48, 'Photo of the cafe'],
      ['cafe', 30, 20, 'Photo of the cafe'],
      ['cafe', 40, 50, 'Photo of the cafe'],
      ['cafe', 12, 10, 'Photo of the cafe'],
    ])
    for (const image of body.images) expect(image.image_url).toMatch(FILE_URL)
    expect(body.images.map((i: any) => i.image_url.split('.').pop())).toEqual(['jpg', 'png', 'webp', 'gif'])

    const served = await t.call('GET', body.images[1].image_url)
    expect(served.status).toBe(200)
    expect(await sameImage(await served.arrayBuffer(), png)).toBe(true)
    expect(served.headers.get('content-type')).toBe('image/png')

    const listed = await jsonOf(await t.call('GET', '/api/gallery/cafe'))
    expect(listed).toEqual(body.images)
  })

  test('galleryGrouped has every category 1 to 5, each with its own type', async () => {
    const rooms = await uploadOne('rooms', '#123')
    const events = await uploadOne('events', '#456')
    const res = await t.call('GET', '/api/galleryGrouped')
    expect(res.status).toBe(200)
    const grouped = await jsonOf(res)
    expect(Object.keys(grouped).sort()).toEqual(['1', '2', '3', '4', '5'])
    expect(grouped['1']).toEqual([])
    expect(grouped['4']).toEqual([])
    expect(grouped['2'].length).toBe(4)
    expect(grouped['2'].every((i: any) => i.type === 'cafe')).toBe(true)
    expect(grouped['3'].map((i: any) => i.id)).toEqual([rooms.id])
    expect(grouped['5'].map((i: any) => i.id)).toEqual([events.id])
    expect(grouped['3'][0]).toEqual({
      id: rooms.id,
      type: 'rooms',
      image_url: rooms.image_url,
      image_variants: rooms.image_variants,
      width: 80,
      height: 60,
      alt: 'Photo of one of our rooms',
      alt_text: null,
    })
  })

  test('the type is read case-insensitively and alt names the venue for home and bar images', async () => {
    const res = await upload('Stables', [fileOf(await makeImage('jpeg', 20, 20, '#777'), 's.jpg')])
    expect(res.status).toBe(201)
    const [image] = (await jsonOf(res)).images
    expect(image.type).toBe('stables')
    expect(image.alt).toBe(`Photo of ${t.ctx.venue().barName}`)
    const home = (await jsonOf(await upload('generic', [fileOf(await makeImage('jpeg', 21, 20, '#778'), 'h.jpg')]))).images[0]
    expect(home.alt).toBe(`Photo of ${t.ctx.venue().hotelName}`)
  })

  describe('refusals record nothing', () => {
    let before: { rows: unknown[]; files: unknown[]; disk: string[] }
    beforeAll(() => {
      before = { rows: galleryRows(), files: fileRows(), disk: uploadsOnDisk() }
    })
    const unchanged = () => {
      expect(galleryRows()).toEqual(before.rows)
      expect(fileRows()).toEqual(before.files)
      expect(uploadsOnDisk()).toEqual(before.disk)
    }

    test('no images is a 400 with the form message', async () => {
      const res = await t.call('POST', '/api/upload-gallery', { token, form: galleryForm('cafe', []) })
      expect(res.status).toBe(400)
      expect((await jsonOf(res)).error).toBe(MISSING)
      unchanged()
    })

    test('no type, or an empty type, is a 400 with the form message', async () => {
      const image = fileOf(await makeImage('jpeg', 10, 10, '#010'), 'x.jpg')
      for (const form of [galleryForm(null, [image]), galleryForm('', [image])]) {
        const res = await t.call('POST', '/api/upload-gallery', { token, form })
        expect(res.status).toBe(400)
        expect((await jsonOf(res)).error).toBe(MISSING)
      }
      unchanged()
    })

    test('images sent as text fields are a 400', async () => {
      const form = new FormData()
      form.append('images', 'not a file')
      form.append('type', 'cafe')
      const res = await t.call('POST', '/api/upload-gallery', { token, form })
      expect(res.status).toBe(400)
      expect((await jsonOf(res)).error).toBe(MISSING)
      unchanged()
    })

    test('an unknown type is a 400 naming the known types', async () => {
      const res = await upload('kitchen', [fileOf(await makeImage('jpeg', 10, 10, '#020'), 'x.jpg')])
      expect(res.status).toBe(400)
      expect((await jsonOf(res)).error).toBe("Unknown gallery type 'kitchen'. Use one of: generic, cafe, rooms, stables, events.")
      unchanged()
    })

    test('one non-image among several refuses the whole upload, and the good images are not left on disk', async () => {
      const good = fileOf(await makeImage('jpeg', 33, 33, '#0f0'), 'good.jpg')
      const alsoGood = fileOf(await makeImage('png', 34, 34, '#0ff'), 'good.png')
      const text = fileOf(new TextEncoder().encode('just some words, honestly'), 'holiday.jpg', 'image/jpeg')
      const res = await upload('rooms', [good, alsoGood, text])
      expect(res.status).toBe(415)
      expect((await jsonOf(res)).error).toBe("Image 'holiday.jpg' must be JPEG, PNG, WEBP, GIF.")
      unchanged()
    })

    test('an SVG is refused by content', async () => {
      const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')
      const res = await upload('cafe', [fileOf(svg, 'logo.svg', 'image/svg+xml')])
      expect(res.status).toBe(415)
      unchanged()
    })

    test('a PDF is not an image', async () => {
      const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n')
      const res = await upload('cafe', [fileOf(pdf, 'menu.jpg')])
      expect(res.status).toBe(415)
      unchanged()
    })

    test('an image over 10 MB is a 413', async () => {
      const big = new Uint8Array(10 * 1024 * 1024 + 1)
      big.set([0xff, 0xd8, 0xff, 0xe0])
      const res = await upload('cafe', [fileOf(await makeImage('jpeg', 10, 10, '#030'), 'ok.jpg'), fileOf(big, 'huge.jpg')])
      expect(res.status).toBe(413)
      expect((await jsonOf(res)).error).toBe("Image 'huge.jpg' is too large: the limit is 10 MB.")
      unchanged()
    })

    test('an empty file is a 400', async () => {
      const res = await upload('cafe', [fileOf(new Uint8Array(0), 'empty.jpg')])
      expect(res.status).toBe(400)
      unchanged()
    })

    test('more than 20 images at once is a 400', async () => {
      const image = fileOf(await makeImage('jpeg', 10, 10, '#040'), 'x.jpg')
      const res = await upload(
        'cafe',
        Array.from({ length: 21 }, () => image),
      )
      expect(res.status).toBe(400)
      expect((await jsonOf(res)).error).toBe('Upload at most 20 images at a time.')
      unchanged()
    })

    test('without a token: 401 and nothing changes', async () => {
      const form = galleryForm('cafe', [fileOf(await makeImage('jpeg', 10, 10, '#050'), 'x.jpg')])
      const res = await t.call('POST', '/api/upload-gallery', { form })
      expect(res.status).toBe(401)
      expect(typeof (await jsonOf(res)).error).toBe('string')
      const bad = await t.call('POST', '/api/upload-gallery', { form: galleryForm('cafe', []), headers: { authorization: 'Bearer x.y.z' } })
      expect(bad.status).toBe(401)
      unchanged()
    })
  })

  test('an Idempotency-Key replay returns the first reply and stores the images once', async () => {
    const bytes = await makeImage('png', 50, 25, '#c0ffee')
    const send = (key: string, type = 'generic') =>
      t.call('POST', '/api/upload-gallery', { token, form: galleryForm(type, [fileOf(bytes, 'p.png')]), headers: { 'idempotency-key': key } })
    const count = () => (t.ctx.db.query("SELECT count(*) AS n FROM gallery_images WHERE type = 'generic'").get() as { n: number }).n
    const before = count()
    const first = await send('gallery-upload-0001')
    const second = await send('gallery-upload-0001')
    expect(first.status).toBe(201)
    expect(second.status).toBe(201)
    const firstBody = await jsonOf(first)
    expect(await jsonOf(second)).toEqual(firstBody)
    expect(firstBody.images).toHaveLength(1)
    expect(count()).toBe(before + 1)

    const otherBody = await send('gallery-upload-0001', 'cafe')
    expect(otherBody.status).toBe(422)
    expect(count()).toBe(before + 1)
  })
})

describe('DELETE /api/delete-gallery/:id', () => {
  test('deletes the record and removes its file from disk', async () => {
    const image = await uploadOne('events', '#e0e')
    expect(onDisk(image.image_url)).toBe(true)
    const res = await t.call('DELETE', `/api/delete-gallery/${image.id}`, { token })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ message: 'Image deleted.', id: image.id })
    expect(onDisk(image.image_url)).toBe(false)
    expect((await t.call('GET', image.image_url)).status).toBe(404)
    const listed = await jsonOf(await t.call('GET', '/api/gallery/events'))
    expect(listed.some((i: any) => i.id === image.id)).toBe(false)
  })

  test('a file shared by two records stays until the last one goes', async () => {
    const first = await uploadOne('cafe', '#5a5a5a')
    const second = await uploadOne('rooms', '#5a5a5a')
    expect(second.image_url).toBe(first.image_url)
    expect((await t.call('DELETE', `/api/delete-gallery/${first.id}`, { token })).status).toBe(200)
    expect(onDisk(first.image_url)).toBe(true)
    expect((await t.call('GET', second.image_url)).status).toBe(200)
    expect((await t.call('DELETE', `/api/delete-gallery/${second.id}`, { token })).status).toBe(200)
    expect(onDisk(first.image_url)).toBe(false)
  })

  test('an unknown id is a 404 and a non-numeric id a 400', async () => {
    const missing = await t.call('DELETE', '/api/delete-gallery/999999', { token })
    expect(missing.status).toBe(404)
    expect((await jsonOf(missing)).error).toBe('No gallery image with id 999999.')
    for (const id of ['abc', '0', '-3', '1.5']) {
      const res = await t.call('DELETE', `/api/delete-gallery/${id}`, { token })
      expect(res.status).toBe(400)
      expect((await jsonOf(res)).error).toBe('The image id must be a positive whole number.')
    }
  })

  test('without a token: 401 and the image stays', async () => {
    const image = await uploadOne('cafe', '#0a0b0c')
    const res = await t.call('DELETE', `/api/delete-gallery/${image.id}`)
    expect(res.status).toBe(401)
    expect(onDisk(image.image_url)).toBe(true)
    const listed = await jsonOf(await t.call('GET', '/api/gallery/cafe'))
    expect(listed.some((i: any) => i.id === image.id)).toBe(true)
  })

  test('a replayed delete returns the same reply instead of a 404', async () => {
    const image = await uploadOne('stables', '#abcdef')
    const headers = { 'idempotency-key': `gallery-delete-${image.id}` }
    const first = await t.call('DELETE', `/api/delete-gallery/${image.id}`, { token, headers })
    const second = await t.call('DELETE', `/api/delete-gallery/${image.id}`, { token, headers })
    expect(first.status).toBe(200)
    expect(second.status).toBe(200)
    expect(await jsonOf(second)).toEqual(await jsonOf(first))
    expect(onDisk(image.image_url)).toBe(false)
    const otherId = await t.call('DELETE', '/api/delete-gallery/999998', { token, headers })
    expect(otherId.status).toBe(422)
  })
})

describe('an upload in progress and a delete of the same picture', () => {
  const rules = { label: 'Image', accept: ['image/jpeg'] as const, maxBytes: 10 * 1024 * 1024 }

  test('a file saved by an upload that has not committed yet survives the delete of the last record using it', async () => {
    const bytes = await makeImage('jpeg', 70, 50, '#123456')
    const [first] = (await jsonOf(await upload('generic', [fileOf(bytes, 'a.jpg')]))).images as { id: number; image_url: string }[]
    // A second upload of the same picture has saved its file and is about to record it...
    const inFlight = await t.ctx.files.save(bytes, rules)
    expect(inFlight.name).toBe(nameOf(first!.image_url))
    // ...when staff delete the first record: the file must stay for the upload's commit.
    expect((await t.call('DELETE', `/api/delete-gallery/${first!.id}`, { token })).status).toBe(200)
    expect(onDisk(first!.image_url)).toBe(true)
    const id = t.ctx.files.recordWith(
      [inFlight],
      () => (t.ctx.db.query("INSERT INTO gallery_images (type, image, alt) VALUES ('generic', ?, 'x') RETURNING id").get(inFlight.name) as { id: number }).id,
    )
    // Once recorded, the file is an ordinary file again: deleting its record removes it.
    expect((await t.call('DELETE', `/api/delete-gallery/${id}`, { token })).status).toBe(200)
    expect(onDisk(first!.image_url)).toBe(false)
  })

  test('a file saved for a change that then fails is removed again', async () => {
    const saved = await t.ctx.files.save(await makeImage('jpeg', 72, 50, '#654321'), rules)
    expect(() =>
      t.ctx.files.recordWith([saved], () => {
        throw new Error('refused')
      }),
    ).toThrow('refused')
    expect(onDisk(`/files/${saved.name}`)).toBe(false)
    expect(fileRows()).not.toContainEqual({ name: saved.name })
  })
})

describe('demo gallery', () => {
  test('seeds every category once, with captions as alt text', async () => {
    const demo = await makeTestApp()
    try {
      await seedGalleries(demo.ctx)
      const grouped = await jsonOf(await demo.call('GET', '/api/galleryGrouped'))
      expect(Object.fromEntries(Object.entries(grouped).map(([key, images]) => [key, (images as unknown[]).length]))).toEqual({
        '1': 8,
        '2': 5,
        '3': 5,
        '4': 5,
        '5': 4,
      })
      expect(grouped['2'][0].alt).toBe('Breakfast in the cafe')
      expect(grouped['4'][0].alt).toBe('Log fire in the Stables')
      const all = Object.values(grouped).flat() as { image_url: string; width: number; height: number }[]
      expect(new Set(all.map((i) => i.image_url)).size).toBe(all.length)
      for (const image of all) {
        expect(existsSync(join(demo.ctx.files.dir, nameOf(image.image_url)))).toBe(true)
        expect(image.width).toBeLessThanOrEqual(1600)
      }
      await seedGalleries(demo.ctx)
      expect((demo.ctx.db.query('SELECT count(*) AS n FROM gallery_images').get() as { n: number }).n).toBe(27)
    } finally {
      demo.close()
    }
  })
})
