/**
 * Pictures named by a reply shown on screen are fetched ahead, so the service worker keeps them
 * (its CacheFirst route for /files/) and they still show offline: a gallery swaps in photos the
 * visitor has not seen yet, and event pictures load lazily further down. One small variant per
 * picture (saving all eight sizes would cost a phone far more than the page shows); offline the
 * worker answers any other size of the same picture from that copy.
 */
import { UPLOADED_PICTURE_PATH } from '../../../api/src/shared/rules/picture-paths'

/** The most pictures one reply may fetch ahead (a gallery's rotation, a page of events). */
const MAX_PER_REPLY = 60
/** The width of the one variant fetched per picture: what a phone's <picture> picks for a tile or card. */
const VARIANT_WIDTH = 640
/** Fetched a few at a time, so the page's own requests are not stuck behind them. */
const AT_ONCE = 4

interface VariantLike {
  url: string
  type: string
  width: number
}

/** Of a picture's variants, the one to keep: the AVIF nearest VARIANT_WIDTH without going over. */
function variantToKeep(variants: VariantLike[]): string | undefined {
  const avif = variants.filter((v) => v.type === 'image/avif').sort((a, b) => a.width - b.width)
  const pick = avif.filter((v) => v.width <= VARIANT_WIDTH).pop() ?? avif[0] ?? variants[0]
  return pick?.url
}

/**
 * The same-origin uploaded pictures a reply names: one variant per picture when it has variants,
 * otherwise its original (`image_url`, `imageUrl`, …).
 */
export function picturesIn(value: unknown, found = new Set<string>()): Set<string> {
  if (found.size >= MAX_PER_REPLY) return found
  if (Array.isArray(value)) {
    for (const item of value) picturesIn(item, found)
  } else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>
    const variants = Array.isArray(record.image_variants) ? (record.image_variants as VariantLike[]) : []
    const keep = variantToKeep(variants)
    if (keep && UPLOADED_PICTURE_PATH.test(keep) && found.size < MAX_PER_REPLY) found.add(keep)
    for (const [key, item] of Object.entries(record)) {
      if (key === 'image_variants') continue
      if (typeof item === 'string') {
        if (!keep && UPLOADED_PICTURE_PATH.test(item) && found.size < MAX_PER_REPLY) found.add(item)
      } else picturesIn(item, found)
    }
  }
  return found
}

/** Already asked for in this page's life: each picture is fetched ahead once. */
const requested = new Set<string>()

/** Fetches the pictures a reply names (those not asked for yet), a few at a time, ignoring failures. */
export async function keepPicturesOf(reply: unknown): Promise<void> {
  if (typeof fetch !== 'function' || typeof window === 'undefined') return
  const queue = [...picturesIn(reply)].filter((url) => !requested.has(url))
  for (const url of queue) requested.add(url)
  const worker = async () => {
    for (let url = queue.shift(); url; url = queue.shift()) {
      await fetch(url, { priority: 'low' } as RequestInit)
        .then((response) => response.arrayBuffer())
        .catch(() => requested.delete(url!))
    }
  }
  await Promise.all(Array.from({ length: AT_ONCE }, worker))
}
