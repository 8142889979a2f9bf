/**
 * Section 6: memory while staff upload 20 photos of about 8 MB at once, through the real API as the
 * staff screens send them. The server's whole process tree counts (it may encode the image variants in
 * a child process), sampled every 50 ms from the first byte sent until every reply has come and every
 * variant the replies list is on disk. Looking on disk, not asking the server for a variant, leaves the
 * encoding to the server's own pace: a request for a missing variant would have it made at once.
 */
import { randomFillSync } from 'node:crypto'
import { readdirSync } from 'node:fs'
import { basename } from 'node:path'
import sharp from 'sharp'
import { peakTreeRss, treeRss } from './memory'

/** A photo-sized JPEG, different from every other: 4000×3000 of fine grain over bands, 8.4 MB at quality 96 (12 MB as pure noise, over the 10 MB limit). */
export async function heavyJpeg(width = 4000, height = 3000): Promise<Uint8Array> {
  const pixels = randomFillSync(new Uint8Array(width * height * 3))
  for (let i = 0; i < pixels.length; i++) pixels[i] = ((i / 3 / width) & 0xff) ^ (pixels[i]! & 0x3f)
  return new Uint8Array(
    await sharp(pixels, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 96 })
      .toBuffer(),
  )
}

export interface UploadFigures {
  uploads: number
  /** The photos' mean size. */
  meanBytes: number
  /** From the first request sent to the last reply. */
  repliesMs: number
  /** From the first request sent until every variant the replies list is on disk; null when they were not all made in time. */
  variantsMs: number | null
  variantsExpected: number
  variantsMade: number
  /** The highest summed RSS of the server and its child processes (or the server's own high-water mark, if higher). */
  peakRssBytes: number
  /** The server's own high-water mark over the uploads, when the kernel allowed resetting it. */
  serverPeakRssBytes: number | null
  /** The most processes in the server's tree at one sample: above 1, it started helpers. */
  peakProcesses: number
  rssBeforeBytes: number
  rssAfterBytes: number
  samples: number
}

/** Every file name under `dir`, at any depth. */
function filesUnder(dir: string): Set<string> {
  try {
    return new Set(readdirSync(dir, { recursive: true, withFileTypes: true }).flatMap((entry) => (entry.isFile() ? [entry.name] : [])))
  } catch {
    return new Set()
  }
}

export async function login(origin: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${origin}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  })
  if (res.status !== 200) throw new Error(`staff login answered ${res.status}: ${await res.text()}`)
  return ((await res.json()) as { token: string }).token
}

interface UploadReply {
  images?: Array<{ image_variants?: Array<{ url: string }> }>
}

export async function measureUploads(options: {
  origin: string
  serverPid: number
  /** The server's DATA_DIR, where the variants are written. */
  dataDir: string
  username: string
  password: string
  count: number
  minBytes: number
  timeoutMs?: number
  progress?: (message: string) => void
}): Promise<UploadFigures> {
  const { origin, count } = options
  options.progress?.(`making ${count} photos`)
  const photos: Uint8Array[] = []
  for (let i = 0; i < count; i++) photos.push(await heavyJpeg())
  const small = photos.find((photo) => photo.byteLength < options.minBytes)
  if (small) throw new Error(`a generated photo is ${small.byteLength} bytes, under ${options.minBytes}`)
  const token = await login(origin, options.username, options.password)
  const rssBeforeBytes = treeRss(options.serverPid).bytes
  const deadline = performance.now() + (options.timeoutMs ?? 600_000)

  options.progress?.(`sending ${count} uploads at once`)
  const started = performance.now()
  const measured = await peakTreeRss(options.serverPid, 50, async () => {
    const replies = await Promise.all(
      photos.map(async (photo, i) => {
        const form = new FormData()
        form.append('type', 'rooms')
        form.append('images', new File([photo as Uint8Array<ArrayBuffer>], `bench-photo-${i}.jpg`, { type: 'image/jpeg' }))
        const res = await fetch(`${origin}/api/upload-gallery`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })
        if (res.status !== 201) throw new Error(`upload ${i + 1} of ${count} answered ${res.status}: ${(await res.text()).slice(0, 300)}`)
        return (await res.json()) as UploadReply
      }),
    )
    const repliesMs = performance.now() - started
    const expected = replies.flatMap((reply) => reply.images ?? []).flatMap((image) => image.image_variants ?? [])
    const names = expected.map((variant) => basename(new URL(variant.url, origin).pathname))
    let made = 0
    for (;;) {
      const onDisk = filesUnder(options.dataDir)
      made = names.filter((name) => onDisk.has(name)).length
      if (made === names.length) return { repliesMs, variantsMs: performance.now() - started, expected: names.length, made }
      if (performance.now() > deadline) return { repliesMs, variantsMs: null, expected: names.length, made }
      await Bun.sleep(250)
    }
  })
  return {
    uploads: count,
    meanBytes: photos.reduce((sum, photo) => sum + photo.byteLength, 0) / count,
    repliesMs: measured.result.repliesMs,
    variantsMs: measured.result.variantsMs,
    variantsExpected: measured.result.expected,
    variantsMade: measured.result.made,
    peakRssBytes: measured.peakBytes,
    serverPeakRssBytes: measured.rootHighWaterBytes,
    peakProcesses: measured.peakProcesses,
    rssBeforeBytes,
    rssAfterBytes: treeRss(options.serverPid).bytes,
    samples: measured.samples,
  }
}
