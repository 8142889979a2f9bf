import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { randomBytes } from 'node:crypto'
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { MAX_IMAGE_PIXELS } from '../src/files/model'
import { sweepFiles } from '../src/files/sweep'
import { VARIANT_WIDTHS } from '../src/files/variants'
import { fileOf, jsonOf, makeImage, makeTestApp, type TestApp } from './helpers'

interface Variant {
  url: string
  type: 'image/avif' | 'image/webp'
  width: number
  height: number
}
interface Uploaded {
  id: number
  image_url: string
  image_variants: Variant[]
  width: number
  height: number
}

const VARIANT_URL = /^\/files\/[a-f0-9]{32}-\d+\.(avif|webp)$/
const nameOf = (url: string) => url.replace('/files/', '')
const stemOf = (url: string) => nameOf(url).slice(0, 32)

async function uploadGallery(t: TestApp, image: Uint8Array, name = 'photo.jpg'): Promise<Uploaded> {
  const form = new FormData()
  form.append('type', 'generic')
  form.append('images', fileOf(image, name))
  const res = await t.call('POST', '/api/upload-gallery', { form, token: await t.token() })
  expect(res.status).toBe(201)
  return (await jsonOf(res)).images[0]
}

/** What sharp reads from a variant file on disk: its real format and size. */
async function variantOnDisk(t: TestApp, url: string) {
  const meta = await sharp(join(t.ctx.variants.dir, nameOf(url))).metadata()
  return { format: meta.format === 'heif' ? 'avif' : meta.format, width: meta.width, height: meta.height }
}

const variantRows = (t: TestApp, file: string) =>
  t.ctx.db.query('SELECT name, format, width, height, bytes FROM file_variants WHERE file = ? ORDER BY format, width').all(file) as {
    name: string
    format: string
    width: number
    height: number
    bytes: number
  }[]

/** A PNG whose header claims `width` × `height` pixels but which carries almost no data: a decompression bomb. */
async function pngClaiming(width: number, height: number): Promise<Uint8Array> {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
      .png()
      .toBuffer(),
  )
  // IHDR is the first chunk: length (4), type (4), width (4), height (4), … then its CRC over type and data.
  png.writeUInt32BE(width, 16)
  png.writeUInt32BE(height, 20)
  png.writeUInt32BE(Bun.hash.crc32(png.subarray(12, 29)) >>> 0, 29)
  return new Uint8Array(png)
}

describe('variants of an upload, made by the queue', () => {
  let t: TestApp
  let image: Uploaded
  beforeAll(async () => {
    t = await makeTestApp()
    image = await uploadGallery(t, await makeImage('jpeg', 1700, 1000, '#6a8'))
  })
  afterAll(() => t.close())

  test('the reply lists AVIF then WebP at 320, 640, 1024 and 1600 wide, never wider than the original', () => {
    expect(image.width).toBe(1700)
    const expected: [string, number, number][] = ['image/avif', 'image/webp'].flatMap((type) =>
      VARIANT_WIDTHS.map((width): [string, number, number] => [type, width, Math.round((1000 * width) / 1700)]),
    )
    expect(image.image_variants.map((v): [string, number, number] => [v.type, v.width, v.height])).toEqual(expected)
    for (const variant of image.image_variants) {
      expect(variant.url).toMatch(VARIANT_URL)
      expect(stemOf(variant.url)).toBe(stemOf(image.image_url))
      expect(variant.url.endsWith(variant.type === 'image/avif' ? '.avif' : '.webp')).toBe(true)
    }
  })

  test('after the queue has run, every planned variant is on disk with its width, height and format, and recorded', async () => {
    await t.ctx.variants.idle()
    for (const variant of image.image_variants) {
      expect(await variantOnDisk(t, variant.url)).toEqual({ format: variant.type.slice(6), width: variant.width, height: variant.height })
    }
    const rows = variantRows(t, nameOf(image.image_url))
    expect(rows.map((row) => [row.name, row.format, row.width, row.height])).toEqual(
      image.image_variants.map((v) => [nameOf(v.url), v.type.slice(6), v.width, v.height]),
    )
    for (const row of rows) expect(row.bytes).toBeGreaterThan(0)
    // Atomic writes leave no temp file behind.
    expect(readdirSync(t.ctx.variants.dir).filter((name) => name.startsWith('.tmp-'))).toEqual([])
  })

  test('the listed URLs are served with their type, immutable caching and an ETag that answers 304', async () => {
    const listed: Uploaded[] = await jsonOf(await t.call('GET', '/api/gallery/generic'))
    expect(listed[0]!.image_variants).toEqual(image.image_variants)
    const etags = new Set<string>()
    for (const variant of image.image_variants) {
      const res = await t.call('GET', variant.url)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe(variant.type)
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      const etag = res.headers.get('etag')!
      etags.add(etag)
      const bytes = new Uint8Array(await res.arrayBuffer())
      expect((await sharp(bytes).metadata()).width).toBe(variant.width)
      const again = await t.call('GET', variant.url, { headers: { 'if-none-match': etag } })
      expect(again.status).toBe(304)
    }
    expect(etags.size).toBe(image.image_variants.length)
  })

  test('a variant that is not planned is a 404 JSON reply, and nothing is made for it', async () => {
    const stem = stemOf(image.image_url)
    for (const path of [
      `/files/${stem}-500.avif`, // not a planned width
      `/files/${stem}-1700.webp`, // the original's width is not a variant of a wide image
      `/files/${stem}-3200.webp`, // wider than the original
      `/files/${stem}-320.png`, // not a variant format
      `/files/${'f'.repeat(32)}-320.avif`, // no such image
      `/files/${stem}-0320.avif`,
    ]) {
      const res = await t.call('GET', path)
      expect(res.status, path).toBe(404)
      expect(res.headers.get('content-type')).toContain('application/json')
      expect((await jsonOf(res)).error).toBe('No such file.')
    }
    expect(readdirSync(t.ctx.variants.dir).sort()).toEqual(image.image_variants.map((v) => nameOf(v.url)).sort())
  })

  test('deleting the image removes every variant file and row; their URLs are then 404', async () => {
    const res = await t.call('DELETE', `/api/delete-gallery/${image.id}`, { token: await t.token() })
    expect(res.status).toBe(200)
    for (const variant of image.image_variants) {
      expect(existsSync(join(t.ctx.variants.dir, nameOf(variant.url)))).toBe(false)
      const gone = await t.call('GET', variant.url)
      expect(gone.status).toBe(404)
      expect((await jsonOf(gone)).error).toBe('No such file.')
    }
    expect(variantRows(t, nameOf(image.image_url))).toEqual([])
    expect(readdirSync(t.ctx.variants.dir)).toEqual([])
  })
})

describe('variants asked for before the queue has run', () => {
  let t: TestApp
  beforeAll(async () => {
    // The queue is never started here: only requests make variants.
    t = await makeTestApp()
  })
  afterAll(() => t.close())

  test('are made on demand and served 200, once even when asked for twice at the same time', async () => {
    const image = await uploadGallery(t, await makeImage('png', 900, 600, '#a52'), 'p.png')
    expect(t.ctx.variants.pending).toBe(1)
    expect(readdirSync(t.ctx.variants.dir)).toEqual([])
    const avif = image.image_variants.find((v) => v.type === 'image/avif' && v.width === 640)!
    const [first, second] = await Promise.all([t.call('GET', avif.url), t.call('GET', avif.url)])
    expect([first.status, second.status]).toEqual([200, 200])
    expect(first.headers.get('content-type')).toBe('image/avif')
    const [a, b] = [new Uint8Array(await first.arrayBuffer()), new Uint8Array(await second.arrayBuffer())]
    expect(a).toEqual(b)
    const meta = await sharp(a).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['heif', 640, 427])
    expect(readdirSync(t.ctx.variants.dir)).toEqual([nameOf(avif.url)])
    expect(variantRows(t, nameOf(image.image_url)).map((row) => row.name)).toEqual([nameOf(avif.url)])
  })

  test('an image narrower than 320 gets one variant per format at its own width', async () => {
    const image = await uploadGallery(t, await makeImage('jpeg', 200, 150, '#25a'))
    expect(image.image_variants.map((v) => [v.type, v.width, v.height])).toEqual([
      ['image/avif', 200, 150],
      ['image/webp', 200, 150],
    ])
    for (const variant of image.image_variants) {
      const res = await t.call('GET', variant.url)
      expect(res.status).toBe(200)
      const meta = await sharp(new Uint8Array(await res.arrayBuffer())).metadata()
      expect([meta.width, meta.height]).toEqual([200, 150])
    }
  })

  test('an original that decodes to more pixels than the limit is never decoded for a variant', async () => {
    // As if an oversized file had been stored before uploads were checked: written and recorded directly.
    const bomb = await pngClaiming(20_000, 20_000)
    const name = `${'b'.repeat(32)}.png`
    writeFileSync(join(t.ctx.files.dir, name), bomb)
    t.ctx.db
      .query('INSERT INTO files (name, content_type, bytes, width, height) VALUES (?, ?, ?, ?, ?)')
      .run(name, 'image/png', bomb.byteLength, 20_000, 20_000)
    const started = performance.now()
    const res = await t.call('GET', `/files/${'b'.repeat(32)}-320.webp`)
    expect(res.status).toBe(404)
    expect(performance.now() - started).toBeLessThan(5_000)
    expect(readdirSync(t.ctx.variants.dir).some((entry) => entry.startsWith('b'.repeat(32)) || entry.startsWith('.tmp-'))).toBe(false)
    t.ctx.db.query('DELETE FROM files WHERE name = ?').run(name)
    rmSync(join(t.ctx.files.dir, name))
  })
})

describe('background variants wait for a quiet moment', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await makeTestApp()
  })
  afterAll(async () => {
    await t.ctx.variants.stop()
    t.close()
  })

  test('while requests come, the queue makes nothing on its own, a variant asked for is still made, and the rest follow once it is quiet', async () => {
    let busy = true
    t.ctx.variants.yieldTo(() => (busy ? 60_000 : 0))
    const image = await uploadGallery(t, await makeImage('png', 700, 500, '#3a7'), 'quiet.png')
    t.ctx.variants.start()
    await Bun.sleep(700)
    expect(readdirSync(t.ctx.variants.dir).filter((entry) => !entry.startsWith('.tmp-'))).toEqual([])
    const asked = image.image_variants.find((v) => v.type === 'image/webp' && v.width === 320)!
    expect((await t.call('GET', asked.url)).status).toBe(200)
    expect(readdirSync(t.ctx.variants.dir)).toEqual([nameOf(asked.url)])
    busy = false
    await t.ctx.variants.idle()
    expect(readdirSync(t.ctx.variants.dir).sort()).toEqual(image.image_variants.map((v) => nameOf(v.url)).sort())
  }, 60_000)

  test('a queue stopped while it waits for quiet stops at once', async () => {
    t.ctx.variants.yieldTo(() => 60_000)
    await uploadGallery(t, await makeImage('png', 500, 400, '#73a'), 'stopped.png')
    t.ctx.variants.start()
    await Bun.sleep(300)
    const started = performance.now()
    await t.ctx.variants.stop()
    expect(performance.now() - started).toBeLessThan(2_000)
  }, 30_000)
})

describe('uploads are re-encoded', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await makeTestApp()
  })
  afterAll(() => t.close())

  test('a JPEG with EXIF is stored upright, without its metadata, with the turned size', async () => {
    const withExif = new Uint8Array(
      await sharp({ create: { width: 60, height: 40, channels: 3, background: '#c84' } })
        .jpeg()
        .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'Secret Photographer', Artist: 'x' } } })
        .toBuffer(),
    )
    const sent = await sharp(withExif).metadata()
    expect([sent.width, sent.height, sent.orientation, Boolean(sent.exif)]).toEqual([60, 40, 6, true])
    const image = await uploadGallery(t, withExif)
    expect([image.width, image.height]).toEqual([40, 60])
    const stored = new Uint8Array(await (await t.call('GET', image.image_url)).arrayBuffer())
    const meta = await sharp(stored).metadata()
    expect(meta.format).toBe('jpeg')
    expect([meta.width, meta.height]).toEqual([40, 60])
    expect(meta.orientation).toBeUndefined()
    expect(meta.exif).toBeUndefined()
    expect(meta.xmp).toBeUndefined()
    expect(Buffer.from(stored).includes('Secret Photographer')).toBe(false)
    // The name is the hash of what is stored, not of what was sent.
    expect(nameOf(image.image_url)).toBe(`${new Bun.CryptoHasher('sha256').update(stored).digest('hex').slice(0, 32)}.jpg`)
    expect(image.image_variants.map((v) => [v.width, v.height])).toEqual([
      [40, 60],
      [40, 60],
    ])
  })

  test('a JPEG is stored baseline (written strip by strip as it is decoded, never held whole), the same size and a fraction of the bytes', async () => {
    const photo = new Uint8Array(
      await sharp(randomBytes(1200 * 900 * 3), { raw: { width: 1200, height: 900, channels: 3 } })
        .jpeg({ quality: 100, progressive: true })
        .toBuffer(),
    )
    const image = await uploadGallery(t, photo)
    const stored = new Uint8Array(await (await t.call('GET', image.image_url)).arrayBuffer())
    const meta = await sharp(stored).metadata()
    expect([meta.format, meta.width, meta.height, meta.isProgressive]).toEqual(['jpeg', 1200, 900, false])
    expect(stored.byteLength).toBeLessThan(photo.byteLength / 2)
  })

  test('PNG and WebP keep their format; EXIF in a WebP is dropped too', async () => {
    const webp = new Uint8Array(
      await sharp({ create: { width: 50, height: 30, channels: 3, background: '#48c' } })
        .webp()
        .withMetadata({ exif: { IFD0: { Copyright: 'Secret Photographer' } } })
        .toBuffer(),
    )
    const png = await makeImage('png', 50, 30, '#8c4')
    for (const [bytes, format] of [
      [webp, 'webp'],
      [png, 'png'],
    ] as const) {
      const image = await uploadGallery(t, bytes, `x.${format}`)
      expect(image.image_url.endsWith(`.${format}`)).toBe(true)
      const stored = new Uint8Array(await (await t.call('GET', image.image_url)).arrayBuffer())
      const meta = await sharp(stored).metadata()
      expect([meta.format, meta.width, meta.height, meta.exif]).toEqual([format, 50, 30, undefined])
    }
  })

  test('an animated GIF stays animated and gets no variants (a still copy would stop it)', async () => {
    // Two frames, red then blue, stacked in one raw strip.
    const frames = Buffer.alloc(24 * 48 * 3)
    for (let i = 0; i < frames.length; i++) frames[i] = i % 3 === (i < frames.length / 2 ? 0 : 2) ? 255 : 0
    const gif = new Uint8Array(
      await sharp(frames, { raw: { width: 24, height: 48, channels: 3, pageHeight: 24 } })
        .gif({ delay: [100, 100], loop: 0 })
        .toBuffer(),
    )
    expect((await sharp(gif).metadata()).pages).toBe(2)
    const image = await uploadGallery(t, gif, 'a.gif')
    expect([image.width, image.height]).toEqual([24, 24])
    expect(image.image_variants).toEqual([])
    const stored = new Uint8Array(await (await t.call('GET', image.image_url)).arrayBuffer())
    expect((await sharp(stored).metadata()).pages).toBe(2)
    expect((await t.call('GET', `/files/${stemOf(image.image_url)}-24.webp`)).status).toBe(404)
  })

  test('a decompression bomb is refused before it is decoded, and nothing is stored', async () => {
    const before = { files: readdirSync(t.ctx.files.dir).sort(), rows: t.ctx.db.query('SELECT name FROM files ORDER BY name').all() }
    const bomb = await pngClaiming(10_000, Math.ceil(MAX_IMAGE_PIXELS / 10_000) + 1)
    expect(bomb.byteLength).toBeLessThan(1000)
    const form = new FormData()
    form.append('type', 'generic')
    form.append('images', fileOf(bomb, 'bomb.png'))
    const res = await t.call('POST', '/api/upload-gallery', { form, token: await t.token() })
    expect(res.status).toBe(400)
    expect((await jsonOf(res)).error).toContain('too many pixels')
    expect(readdirSync(t.ctx.files.dir).sort()).toEqual(before.files)
    expect(t.ctx.db.query('SELECT name FROM files ORDER BY name').all()).toEqual(before.rows)
  })
})

describe('events and attractions list variants too', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await makeTestApp()
  })
  afterAll(() => t.close())

  test('next to image_url of an event and imageUrl of an attraction, in uploads and lists', async () => {
    const token = await t.token()
    const jpeg = await makeImage('jpeg', 700, 400, '#795')
    const uploaded = await t.call('POST', '/api/upload-event', {
      token,
      json: { title: 'Quiz', description: 'Rounds.', startDatetime: '2030-01-01T19:00', image_base64: Buffer.from(jpeg).toString('base64') },
    })
    expect(uploaded.status).toBe(201)
    const { event } = await jsonOf(uploaded)
    expect(event.image_variants.map((v: Variant) => [v.type, v.width, v.height])).toEqual([
      ['image/avif', 320, 183],
      ['image/avif', 640, 366],
      ['image/webp', 320, 183],
      ['image/webp', 640, 366],
    ])
    expect((await jsonOf(await t.call('GET', '/api/events')))[0].image_variants).toEqual(event.image_variants)
    expect((await jsonOf(await t.call('GET', '/api/admin/events', { token })))[0].image_variants).toEqual(event.image_variants)

    const form = new FormData()
    for (const [key, value] of Object.entries({ name: 'Weir', url: 'https://example.org/weir', description: 'Water.' })) form.append(key, value)
    form.append('image', fileOf(await makeImage('webp', 400, 300, '#579'), 'w.webp'))
    const created = await t.call('POST', '/api/upload-around', { token, form })
    expect(created.status).toBe(201)
    const { attraction } = await jsonOf(created)
    expect(attraction.image_variants.map((v: Variant) => [v.type, v.width, v.height])).toEqual([
      ['image/avif', 320, 240],
      ['image/webp', 320, 240],
    ])
    expect((await jsonOf(await t.call('GET', '/api/around')))[0].image_variants).toEqual(attraction.image_variants)
    for (const variant of [...event.image_variants, ...attraction.image_variants]) expect((await t.call('GET', variant.url)).status).toBe(200)
  })

  test('an event without an image lists no variants', async () => {
    const { event } = await jsonOf(
      await t.call('POST', '/api/upload-event', {
        token: await t.token(),
        json: {
          title: 'Talk',
          description: 'Words.',
          startDatetime: '2030-02-01T19:00',
          image_base64: Buffer.from(await makeImage('png', 30, 30)).toString('base64'),
        },
      }),
    )
    t.ctx.db.query('UPDATE events SET image = NULL WHERE id = ?').run(event.id)
    const listed = (await jsonOf(await t.call('GET', '/api/events'))).find((e: { id: number }) => e.id === event.id)
    expect([listed.image_url, listed.image_variants]).toEqual([null, []])
  })
})

describe('the start-up sweep and variants', () => {
  test('keeps planned variants of recorded images, removes strays, orphans and temp files, and queues what is missing', async () => {
    const t = await makeTestApp()
    const kept = await uploadGallery(t, await makeImage('jpeg', 700, 500, '#333'))
    await t.ctx.variants.idle()
    const dir = t.ctx.variants.dir
    const stem = stemOf(kept.image_url)
    const strays = [`${'e'.repeat(32)}-320.avif`, `${stem}-500.webp`, '.tmp-0123abcd', 'notes.txt']
    for (const name of strays) writeFileSync(join(dir, name), 'x')
    const missing = kept.image_variants[3]!
    rmSync(join(dir, nameOf(missing.url)))

    const report = sweepFiles(t.ctx.db, t.ctx.files.dir, t.ctx.variants)
    expect(report.removedVariants.sort()).toEqual([...strays].sort())
    expect(report.queuedVariants).toBe(1)
    expect(report.removedFiles).toEqual([])
    // The row of the variant that went missing is forgotten until it is made again.
    expect(variantRows(t, nameOf(kept.image_url)).map((row) => row.name)).not.toContain(nameOf(missing.url))
    await t.ctx.variants.idle()
    expect(readdirSync(dir).sort()).toEqual(kept.image_variants.map((v) => nameOf(v.url)).sort())
    expect(variantRows(t, nameOf(kept.image_url))).toHaveLength(kept.image_variants.length)

    // An image whose record nothing uses any more goes with its variants.
    await t.ctx.files.save(await makeImage('jpeg', 400, 300, '#f0f'), { label: 'Image', accept: ['image/jpeg'], maxBytes: 1e6 })
    await t.ctx.variants.idle()
    const orphanVariants = readdirSync(dir).filter((name) => !name.startsWith(stem))
    expect(orphanVariants).toHaveLength(2)
    const second = sweepFiles(t.ctx.db, t.ctx.files.dir, t.ctx.variants)
    expect(second.removedRecords).toHaveLength(1)
    expect(second.removedVariants.sort()).toEqual(orphanVariants.sort())
    expect(t.ctx.db.query('SELECT count(*) AS n FROM file_variants WHERE file NOT IN (SELECT name FROM files)').get()).toEqual({ n: 0 })
    t.close()
  })
})

describe('demo content', () => {
  test('every demo picture is queued for its variants at the first start', async () => {
    const t = await makeTestApp({ seedDemo: true })
    const images = t.ctx.db.query("SELECT count(*) AS n FROM files WHERE content_type LIKE 'image/%'").get() as { n: number }
    expect(images.n).toBeGreaterThan(30)
    expect(t.ctx.variants.pending).toBe(images.n)
    const gallery: Uploaded[] = await jsonOf(await t.call('GET', '/api/gallery/generic'))
    for (const image of gallery) expect(image.image_variants.length).toBeGreaterThan(0)
    t.close()
  }, 60_000)
})
