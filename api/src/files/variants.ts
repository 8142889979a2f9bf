import type { Database } from 'bun:sqlite'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { SHARE_IMAGE_SIZE } from '../shared/page-meta'
import type { ImageVariant } from './model'
import { FileWorkerStoppedError, type FileWorker } from './worker-client'

/** Widths a phone, a tablet and a desktop screen pick from; never wider than the original. */
export const VARIANT_WIDTHS = [320, 640, 1024, 1600] as const

type VariantFormat = 'avif' | 'webp'

/**
 * AVIF first: browsers take the first <source> they can decode, and AVIF is the smaller. The encoders'
 * settings are in decoding.ts, which runs in the file worker.
 */
const FORMATS: readonly { format: VariantFormat; type: ImageVariant['type'] }[] = [
  { format: 'avif', type: 'image/avif' },
  { format: 'webp', type: 'image/webp' },
]

/** `<hash of the original>-<width>.<avif|webp>`: as content-addressed as the original, so cacheable forever. */
export const VARIANT_NAME = /^([a-f0-9]{32})-([1-9]\d{0,4})\.(avif|webp)$/

/**
 * `<hash of the original>-og.jpg`: the picture a link preview shows (Open Graph, Twitter), 1200×630
 * and cropped to cover, as JPEG because every preview fetcher reads it. Made on request only: few
 * images are ever shared. Not in the file_variants table (it lists the srcset's copies).
 */
export const SHARE_IMAGE_NAME = /^([a-f0-9]{32})-og\.jpg$/

/** Whether a name is one of the copies this queue makes of an original (a srcset variant or a share picture). */
export function isDerivedImageName(name: string): boolean {
  return VARIANT_NAME.test(name) || SHARE_IMAGE_NAME.test(name)
}

const ORIGINAL_EXTENSIONS = ['jpg', 'png', 'webp', 'gif'] as const
const ORIGINAL_IMAGE = /^[a-f0-9]{32}\.(jpg|png|webp|gif)$/

/** What the plan of an image's variants is decided from: its file record. */
export interface VariantSource {
  name: string
  width: number | null
  height: number | null
  /** Animated images get no variants: a still AVIF or WebP would stop the animation. */
  animated: number | boolean | null
}

export interface PlannedVariant {
  name: string
  format: VariantFormat
  type: ImageVariant['type']
  width: number
  height: number
}

/** A copy this queue makes: a srcset variant, or the share picture (JPEG). */
type DerivedImage = Omit<PlannedVariant, 'format' | 'type'> & { format: VariantFormat | 'jpeg'; type: ImageVariant['type'] | 'image/jpeg' }

export function variantContentType(name: string): DerivedImage['type'] | undefined {
  if (SHARE_IMAGE_NAME.test(name)) return 'image/jpeg'
  const format = VARIANT_NAME.exec(name)?.[3]
  return FORMATS.find((f) => f.format === format)?.type
}

/** The planned widths; an original narrower than the smallest gets one variant at its own width. */
export function variantWidths(originalWidth: number): number[] {
  const widths = VARIANT_WIDTHS.filter((width) => width <= originalWidth)
  return widths.length > 0 ? widths : [originalWidth]
}

/**
 * Every variant an image should have, by format then width. Deterministic from the file record, so a
 * reply can list the URLs before the variants are written.
 */
export function planVariants(source: VariantSource): PlannedVariant[] {
  const { width, height } = source
  if (!width || !height || source.animated || !ORIGINAL_IMAGE.test(source.name)) return []
  const stem = source.name.slice(0, 32)
  return FORMATS.flatMap(({ format, type }) =>
    variantWidths(width).map((w) => ({ name: `${stem}-${w}.${format}`, format, type, width: w, height: Math.max(1, Math.round((height * w) / width)) })),
  )
}

/** The share picture of an original image (uploaded stills and animations alike), or null for a name that is no image. */
export function shareImageOf(source: VariantSource): DerivedImage | null {
  if (!source.width || !source.height || !ORIGINAL_IMAGE.test(source.name)) return null
  return { name: `${source.name.slice(0, 32)}-og.jpg`, format: 'jpeg', type: 'image/jpeg', ...SHARE_IMAGE_SIZE }
}

/** How often background work waiting for quiet looks again (it also stops within this when the queue is stopped). */
const QUIET_POLL_MS = 250
/** How long a copy that could not be made is refused at once before it is tried again. */
const FAILED_COPY_MS = 10 * 60_000

const logError = (msg: string, fields: Record<string, unknown>) => console.error(JSON.stringify({ level: 'error', msg, ...fields }))

/**
 * Makes the AVIF and WebP variants of uploaded images, one image at a time in the background so an
 * upload's reply never waits for them and requests stay fast while they are made. A variant asked for
 * before its turn is made at once (ensure), and the same variant is never encoded twice at the same time.
 * Variants live in their own folder: they are derived data, made again when missing.
 */
export class VariantQueue {
  private readonly waiting: string[] = []
  private readonly waitingNames = new Set<string>()
  private readonly inFlight = new Map<string, Promise<boolean>>()
  /** Variants a request is waiting for: the background worker stands aside until they are made. */
  private readonly requested = new Set<Promise<boolean>>()
  /** Copies that could not be made, and until when a request for one is refused at once (FAILED_COPY_MS). */
  private readonly failedUntil = new Map<string, number>()
  private worker: Promise<void> | null = null
  private running = false
  /** How long background work should still wait for a quiet moment (yieldTo); never, until set. */
  private busyFor: () => number = () => 0

  constructor(
    private readonly db: Database,
    private readonly originalsDir: string,
    readonly dir: string,
    private readonly fileWorker: FileWorker,
  ) {
    mkdirSync(dir, { recursive: true })
  }

  /** Images waiting for their turn (not counting the one being worked on). */
  get pending(): number {
    return this.waiting.length
  }

  /** Adds an original image to the queue; nothing is made until start() (the server calls it, tests call idle()). */
  enqueue(original: string): void {
    if (!ORIGINAL_IMAGE.test(original) || this.waitingNames.has(original)) return
    this.waiting.push(original)
    this.waitingNames.add(original)
    this.wake()
  }

  /**
   * Background work waits until `busyFor` says 0 (the server had no request for a while): while
   * visitors are served, variants are made only when one is asked for (ensure), and the file worker,
   * idle, exits. The server sets it (http/traffic.ts); tests leave the queue working at once.
   */
  yieldTo(busyFor: () => number): void {
    this.busyFor = busyFor
  }

  start(): void {
    if (this.running) return
    this.running = true
    this.wake()
  }

  /** Stops after the variant being made; what is left is queued again by the start-up sweep. */
  async stop(): Promise<void> {
    this.running = false
    await this.worker
    await Promise.allSettled(this.inFlight.values())
  }

  /** Starts the queue if needed and resolves once every queued image has its variants. */
  async idle(): Promise<void> {
    this.start()
    while (this.worker || this.inFlight.size > 0) {
      await Promise.allSettled([this.worker, ...this.inFlight.values()])
    }
  }

  /**
   * The path of a variant, made now if it is not on disk yet; null when no recorded image plans a
   * variant of that name (unknown file, width or format).
   */
  async ensure(name: string): Promise<string | null> {
    const match = VARIANT_NAME.exec(name) ?? SHARE_IMAGE_NAME.exec(name)
    if (!match) return null
    const target = join(this.dir, name)
    if (existsSync(target)) return target
    if ((this.failedUntil.get(name) ?? 0) > Date.now()) return null
    this.failedUntil.delete(name)
    const source = this.findOriginal(match[1]!)
    const variant = source ? [...planVariants(source), shareImageOf(source)].find((planned) => planned?.name === name) : undefined
    if (!source || !variant) return null
    const job = this.make(source, variant)
    this.requested.add(job)
    try {
      return (await job) ? target : null
    } catch (error) {
      // An original that cannot be decoded (or is over the pixel limit or a budget) has no variants to give;
      // asked again and again it must not set the worker to the same failing job each time. A job lost
      // with a worker killed for another's sake is not the copy's fault: the next request tries again.
      logError('image variant failed', { variant: name, cause: String(error) })
      if (!(error instanceof FileWorkerStoppedError)) this.failedUntil.set(name, Date.now() + FAILED_COPY_MS)
      return null
    } finally {
      this.requested.delete(job)
    }
  }

  /** Removes an image's variant files (its variant rows go with its file row). */
  removeFiles(source: VariantSource): void {
    for (const variant of [...planVariants(source), shareImageOf(source)]) if (variant) rmSync(join(this.dir, variant.name), { force: true })
  }

  private findOriginal(stem: string): VariantSource | null {
    const names = ORIGINAL_EXTENSIONS.map((ext) => `${stem}.${ext}`)
    return this.db.query('SELECT name, width, height, animated FROM files WHERE name IN (?, ?, ?, ?)').get(...names) as VariantSource | null
  }

  private wake(): void {
    if (this.worker || !this.running || this.waiting.length === 0) return
    this.worker = this.work().finally(() => {
      this.worker = null
      this.wake()
    })
  }

  private async work(): Promise<void> {
    while (this.running && this.waiting.length > 0) {
      const original = this.waiting.shift()!
      this.waitingNames.delete(original)
      try {
        const source = this.db.query('SELECT name, width, height, animated FROM files WHERE name = ?').get(original) as VariantSource | null
        if (!source) continue
        for (const variant of planVariants(source)) {
          while (this.requested.size > 0) await Promise.allSettled(this.requested)
          for (let wait = this.busyFor(); wait > 0 && this.running; wait = this.busyFor()) await Bun.sleep(Math.min(wait, QUIET_POLL_MS))
          if (!this.running) return
          await this.make(source, variant)
        }
      } catch (error) {
        logError('image variants failed', { file: original, cause: String(error) })
      }
    }
  }

  /** One encode per variant at a time: a visitor's request and the queue share it. */
  private make(source: VariantSource, variant: DerivedImage): Promise<boolean> {
    const current = this.inFlight.get(variant.name)
    if (current) return current
    const job = this.encode(source, variant).finally(() => this.inFlight.delete(variant.name))
    this.inFlight.set(variant.name, job)
    return job
  }

  private async encode(source: VariantSource, variant: DerivedImage): Promise<boolean> {
    const target = join(this.dir, variant.name)
    if (existsSync(target)) return this.record(source, variant, statSync(target).size)
    const input = join(this.originalsDir, source.name)
    if (!existsSync(input)) return false
    const temp = join(this.dir, `.tmp-${randomBytes(8).toString('hex')}`)
    try {
      // Made in the picture worker (never behind an upload), at most DECODE_SLOTS pictures at a time with uploads.
      const made = await this.fileWorker.run('derived', { input, output: temp, format: variant.format, width: variant.width, height: variant.height })
      renameSync(temp, target)
      if (this.record(source, variant, made.bytes)) return true
    } finally {
      rmSync(temp, { force: true })
    }
    // The image was deleted while its variant was made.
    rmSync(target, { force: true })
    return false
  }

  private record(source: VariantSource, variant: DerivedImage, bytes: number): boolean {
    if (variant.format === 'jpeg') return this.db.query('SELECT 1 FROM files WHERE name = ?').get(source.name) !== null
    try {
      this.db
        .query('INSERT OR REPLACE INTO file_variants (name, file, format, width, height, bytes) VALUES (?, ?, ?, ?, ?, ?)')
        .run(variant.name, source.name, variant.format, variant.width, variant.height, bytes)
      return true
    } catch {
      return false
    }
  }
}
