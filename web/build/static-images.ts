import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import sharp from 'sharp'
import type { Plugin } from 'vite'
import { SHARE_IMAGE_SIZE, SHARE_SOURCE_IMAGES, staticShareImage } from '../../api/src/shared/page-meta'
import { cutImageVariants, cutWidth, hasPortraitCuts, PORTRAIT_CUTS, STATIC_IMAGE_FORMATS, staticVariantUrl, staticVariantWidths } from '../src/ui/staticImages'
import { OFFLINE_COPY_EXTENSION } from '../src/offline/offlineCopy'

const SOURCE = /\.(jpe?g|png)$/i
/** Settings that keep the photos sharp at a fraction of the JPEG's bytes; part of the cache key. */
const ENCODE = { avif: { quality: 50, effort: 4 }, webp: { quality: 75, effort: 4 } } as const
type Extension = keyof typeof ENCODE
const VARIANT_URL = /^\/images\/([\w-]+?)(?:-portrait|-tall)?-(\d+)\.(avif|webp)$/

interface Variant {
  /** Where it is served, e.g. /images/hero-eat-1024.avif */
  url: string
  width: number
  extension: Extension
  /** For a portrait copy: the middle strip of the photo it is cut from, before resizing. */
  crop?: { left: number; top: number; width: number; height: number }
}

async function variantsOf(path: string, url: string): Promise<Variant[]> {
  const { width, height, orientation } = await sharp(path).metadata()
  if (!width || !height) throw new Error(`static-images: cannot read the size of ${path}`)
  const variants: Variant[] = STATIC_IMAGE_FORMATS.flatMap(({ extension }) =>
    staticVariantWidths(width).map((variantWidth) => ({ url: staticVariantUrl(url, variantWidth, extension), width: variantWidth, extension })),
  )
  if (!hasPortraitCuts(url)) return variants
  // Sizes as drawn: EXIF orientations 5-8 turn the picture a quarter.
  const [drawnWidth, drawnHeight] = (orientation ?? 1) >= 5 ? [height, width] : [width, height]
  const portrait = Object.values(PORTRAIT_CUTS).flatMap((cut) => {
    const strip = cutWidth(cut, drawnWidth, drawnHeight)
    const crop = { left: Math.floor((drawnWidth - strip) / 2), top: 0, width: strip, height: drawnHeight }
    return cutImageVariants(url, cut, drawnWidth, drawnHeight).map((variant) => ({
      url: variant.url,
      width: variant.width,
      extension: variant.type === 'image/avif' ? ('avif' as const) : ('webp' as const),
      crop,
    }))
  })
  return [...variants, ...portrait]
}

/**
 * Encodes one variant, or takes it from the cache (keyed by the source's content and the settings):
 * AVIF is slow to encode, and most builds change no picture.
 */
async function encode(source: Buffer, variant: Variant, cacheDir: string): Promise<Buffer> {
  const settings = ENCODE[variant.extension]
  const key = createHash('sha256')
    .update(source)
    .update(JSON.stringify([variant.width, variant.extension, settings, variant.crop ?? null]))
    .digest('hex')
    .slice(0, 32)
  const cached = join(cacheDir, `${key}.${variant.extension}`)
  if (existsSync(cached)) return readFileSync(cached)
  // Turned upright first (a buffer, so the crop applies to the picture as drawn), then cut and resized.
  const upright = variant.crop ? sharp(await sharp(source).rotate().toBuffer()).extract(variant.crop) : sharp(source).rotate()
  const resized = upright.resize({ width: variant.width, withoutEnlargement: true })
  const bytes = await (variant.extension === 'avif' ? resized.avif(settings) : resized.webp(settings)).toBuffer()
  mkdirSync(cacheDir, { recursive: true })
  // Written under a temporary name first: builds running side by side share the cache.
  const temporary = `${cached}.${process.pid}.tmp`
  writeFileSync(temporary, bytes)
  renameSync(temporary, cached)
  return bytes
}

/** Link previews' picture of a shipped one: 1200×630 JPEG, cropped to cover (cached like the variants). */
async function shareCopy(source: Buffer, cacheDir: string): Promise<Buffer> {
  const settings = { quality: 82, mozjpeg: true }
  const key = createHash('sha256')
    .update(source)
    .update(JSON.stringify(['share', SHARE_IMAGE_SIZE, settings]))
    .digest('hex')
    .slice(0, 32)
  const cached = join(cacheDir, `${key}.jpg`)
  if (existsSync(cached)) return readFileSync(cached)
  const bytes = await sharp(source).rotate().resize(SHARE_IMAGE_SIZE.width, SHARE_IMAGE_SIZE.height, { fit: 'cover' }).jpeg(settings).toBuffer()
  mkdirSync(cacheDir, { recursive: true })
  const temporary = `${cached}.${process.pid}.tmp`
  writeFileSync(temporary, bytes)
  renameSync(temporary, cached)
  return bytes
}

/**
 * AVIF and WebP copies of the pictures shipped in public/images (heroes and tiles), at the widths
 * src/ui/staticImages.ts names, so pages can offer them in a <picture> and a phone downloads
 * a small file. Written next to the originals in the build; made on request by the dev server.
 */
export function staticImages(): Plugin {
  let imagesDir = ''
  let outDir = ''
  let cacheDir = ''
  return {
    name: 'venue:static-images',
    configResolved(config) {
      imagesDir = resolve(config.publicDir, 'images')
      outDir = resolve(config.root, config.build.outDir)
      cacheDir = join(config.cacheDir, 'venue-static-images')
    },
    configureServer(server) {
      server.middlewares.use(async (request, response, next) => {
        const match = VARIANT_URL.exec(request.url?.split('?')[0] ?? '')
        const source = match && readdirSync(imagesDir).find((name) => SOURCE.test(name) && name.replace(SOURCE, '') === match[1])
        if (!match || !source) return next()
        const sourceBytes = readFileSync(join(imagesDir, source))
        const variant = (await variantsOf(join(imagesDir, source), `/images/${source}`)).find((v) => v.url === match[0])
        if (!variant) return next()
        response.setHeader('content-type', `image/${variant.extension}`)
        response.end(await encode(sourceBytes, variant, cacheDir))
      })
    },
    // Before the service worker's precache list is made (it leaves these out: they are cached once seen).
    writeBundle: {
      sequential: true,
      async handler() {
        if (!existsSync(imagesDir)) return
        mkdirSync(join(outDir, 'images'), { recursive: true })
        const sources = readdirSync(imagesDir).filter((name) => SOURCE.test(name))
        await Promise.all(
          sources.map(async (name) => {
            const path = join(imagesDir, name)
            const bytes = readFileSync(path)
            for (const variant of await variantsOf(path, `/images/${name}`)) {
              writeFileSync(join(outDir, variant.url), await encode(bytes, variant, cacheDir))
            }
          }),
        )
        // The pages' share pictures (api/src/shared/page-meta.ts names them).
        mkdirSync(join(outDir, 'images', 'og'), { recursive: true })
        for (const url of SHARE_SOURCE_IMAGES) {
          writeFileSync(join(outDir, staticShareImage(url)), await shareCopy(readFileSync(join(imagesDir, url.replace(/^\/images\//, ''))), cacheDir))
        }
      },
    },
  }
}

interface PrecacheEntry {
  url: string
  revision: string | null
  size: number
}

/**
 * The service worker's precache keeps, of the shipped pictures, only one small copy each (the
 * narrowest OFFLINE_COPY_EXTENSION file): enough for every page to show its pictures offline, at a
 * fraction of the originals' bytes. The rest are kept once a page has shown them (src/offline/sw.ts).
 */
export function precacheOneCopyPerPicture(entries: PrecacheEntry[]): { manifest: PrecacheEntry[] } {
  const copy = new RegExp(`^images/([\\w-]+?)-(\\d+)\\.${OFFLINE_COPY_EXTENSION}$`)
  const cuts = new RegExp(
    `-(${Object.values(PORTRAIT_CUTS)
      .map((cut) => cut.name)
      .join('|')})-\\d+\\.`,
  )
  const narrowest = new Map<string, { url: string; width: number }>()
  for (const { url } of entries) {
    const [, name, width] = cuts.test(url) ? [] : (copy.exec(url) ?? [])
    if (name && (narrowest.get(name)?.width ?? Number.POSITIVE_INFINITY) > Number(width)) narrowest.set(name, { url, width: Number(width) })
  }
  const kept = new Set([...narrowest.values()].map((entry) => entry.url))
  return { manifest: entries.filter(({ url }) => !/^images\/[^/]+$/.test(url) || kept.has(url)) }
}
