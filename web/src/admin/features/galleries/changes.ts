/** Gallery changes: what a queued one says (meta) and how it shows beside the images. */
import type { GalleryImage } from '../../../api/types'
import type { OutboxEntry } from '../../adminApi'
import { mark, metaOf, type PendingMark } from '../../shell/pending'

export type GalleryMeta = { kind: 'gallery'; op: 'create'; category: string } | { kind: 'gallery'; op: 'delete'; id: number }

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

export function galleryDeletes(pending: OutboxEntry[]): Map<number, PendingMark> {
  const marks = new Map<number, PendingMark>()
  for (const entry of pending) {
    const meta = metaOf(entry)
    if (meta?.kind === 'gallery' && meta.op === 'delete') marks.set(meta.id, mark(entry, 'delete'))
  }
  return marks
}
