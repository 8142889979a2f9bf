/** Gallery changes: what a queued one says (meta) and how it shows beside the images. */
import type { GalleryImage } from '../../../api/types'
import type { OutboxEntry } from '../../adminApi'
import { text, type ConflictRow } from '../../shell/conflictFields'
import { mark, metaOf, worst, type PendingMark } from '../../shell/pending'
import type { EditFields } from '../../shell/registry'
import { categoryName } from '../../../../../api/src/shared/rules/galleries'
import { altTextVersion } from '../../../../../api/src/shared/rules/alt-text'

export type GalleryMeta =
  | { kind: 'gallery'; op: 'create'; category: string }
  | { kind: 'gallery'; op: 'delete'; id: number }
  /** A new order of one gallery: the full list of its ids as staff left it. */
  | { kind: 'gallery'; op: 'order'; category: string; ids: number[] }
  /** A picture's description (null: back to the generated one). */
  | { kind: 'gallery'; op: 'alt'; id: number; alt: string | null }

declare module '../../shell/pending' {
  interface PendingMetaByKind {
    gallery: GalleryMeta
  }
}

export type DisplayGalleryImage = GalleryImage & { pending?: PendingMark }
/** Images waiting to be uploaded, per category, each from its entry's bytes. */
export interface QueuedUpload {
  entry: OutboxEntry
  category: string
  count: number
}

export function queuedUploads(pending: OutboxEntry[]): QueuedUpload[] {
  return pending.flatMap((entry) => {
    const meta = metaOf(entry)
    if (meta?.kind !== 'gallery' || meta.op !== 'create' || entry.body.kind !== 'form') return []
    return [{ entry, category: meta.category, count: entry.body.fields.filter((f) => 'bytes' in f).length }]
  })
}

/** What staff see of one gallery while changes wait: the last queued order, queued descriptions, and marks. */
export interface GalleryView {
  images: DisplayGalleryImage[]
  /** The queued reorder of this gallery, if one is waiting. */
  order?: PendingMark
}

/**
 * The server's images of `category` with the queued changes laid over them in outbox order: a
 * description replaces alt_text (and what the picture's alt shows), a reorder puts the ids it names
 * first in its order (the rest after, as the server will), a deletion marks the picture.
 */
export function galleryView(server: readonly GalleryImage[], category: string, pending: readonly OutboxEntry[]): GalleryView {
  let images: DisplayGalleryImage[] = server.map((image) => ({ ...image }))
  let order: PendingMark | undefined
  for (const entry of pending) {
    const meta = metaOf(entry)
    if (meta?.kind !== 'gallery') continue
    if (meta.op === 'order' && meta.category === category) {
      images = inOrder(images, meta.ids)
      order = { ...mark(entry, 'update'), state: worst(order?.state, entry.state) }
    } else if (meta.op === 'alt' || meta.op === 'delete') {
      const op = meta.op === 'alt' ? 'update' : 'delete'
      images = images.map((image) =>
        image.id !== meta.id
          ? image
          : {
              ...image,
              ...(meta.op === 'alt' ? { alt_text: meta.alt, alt: meta.alt ?? image.alt } : {}),
              pending: { ...mark(entry, image.pending?.op === 'delete' ? 'delete' : op), state: worst(image.pending?.state, entry.state) },
            },
      )
    }
  }
  return { images, order }
}

/** `ids` first in their order, then the others as they were (ids no longer listed are skipped). */
export function inOrder<T extends { id: number }>(images: readonly T[], ids: readonly number[]): T[] {
  const byId = new Map(images.map((image) => [image.id, image]))
  const named = ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []))
  const rest = images.filter((image) => !ids.includes(image.id))
  return [...named, ...rest]
}

/** The field a description edit sends, as a picture has it: the edit's base, and the server's picture on a conflict. */
export const galleryAltFields = (image: Pick<GalleryImage, 'alt_text'>) => ({ alt: image.alt_text ?? '' })

/** How a description edit merges with the picture as it is now (its description is its version: altTextVersion). */
export const galleryEdits: EditFields = {
  applies: (entry) => metaOf(entry)?.kind === 'gallery' && (metaOf(entry) as GalleryMeta).op === 'alt',
  read: (current) => (current && typeof current === 'object' ? galleryAltFields(current as GalleryImage) : null),
  version: (current) => altTextVersion((current as Partial<GalleryImage> | null)?.alt_text),
}

/** A description or a reorder that met a changed picture or gallery (other changes: null, the generic view); an order lists pictures by description. */
export function galleryConflictRows(entry: OutboxEntry, mine: Record<string, string>, current: Record<string, unknown>): ConflictRow[] | null {
  const meta = metaOf(entry)
  if (meta?.kind === 'gallery' && meta.op === 'alt') return [{ fields: ['alt'], label: 'Description', mine: text(mine.alt), theirs: text(current.alt_text) }]
  if (meta?.kind !== 'gallery' || meta.op !== 'order') return null
  const images = (Array.isArray(current.images) ? current.images : []) as Pick<GalleryImage, 'id' | 'alt_text'>[]
  const nameOf = (id: number) => {
    const image = images.find((candidate) => candidate.id === id)
    return image?.alt_text ?? `picture ${id}${image ? '' : ' (no longer there)'}`
  }
  const list = (ids: readonly number[]) => ids.map((id, index) => `${index + 1}. ${nameOf(id)}`).join(', ')
  return [{ label: `Order of the ${categoryName(meta.category)} gallery`, mine: list(meta.ids), theirs: list(images.map((image) => image.id)) }]
}
