/** Attraction changes: what a queued one says (meta), how it shows in the list, how its conflict reads. */
import type { Attraction } from '../../../api/types'
import type { OutboxEntry } from '../../adminApi'
import { text, UNCHANGED, type ConflictRow } from '../../shell/conflictFields'
import { mark, metaOf, overlayPending, type Op, type PendingMark } from '../../shell/pending'
import type { EditFields } from '../../shell/registry'

export type AttractionMeta = {
  kind: 'attraction'
  op: Op
  id: number | string
  /** alt_text: the picture's description (absent in changes queued by older versions). */
  attraction?: { name: string; url: string; description: string; alt_text?: string | null }
}

declare module '../../shell/pending' {
  interface PendingMetaByKind {
    attraction: AttractionMeta
  }
}

export type DisplayAttraction = Omit<Attraction, 'id'> & { id: number | string; pending?: PendingMark; imageEntry?: OutboxEntry }

export function mergeAttractions(server: Attraction[], pending: OutboxEntry[]): DisplayAttraction[] {
  const rows = overlayPending<DisplayAttraction, NonNullable<AttractionMeta['attraction']>>(
    server,
    pending,
    (entry) => {
      const meta = metaOf(entry)
      return meta?.kind === 'attraction' ? { op: meta.op, id: meta.id, fields: meta.attraction } : null
    },
    (entry, id, attraction) => ({
      id,
      ...attraction,
      imageUrl: '',
      image_variants: [],
      width: 96,
      height: 72,
      updated_at: '',
      pending: mark(entry, 'create'),
      imageEntry: entry,
    }),
  )
  return rows.sort((a, b) => a.name.localeCompare(b.name))
}

/** The fields an attraction edit sends, as a record has them: the edit's base, and the server's record on a conflict. */
export function attractionEditFields(a: Pick<Attraction, 'name' | 'url' | 'description' | 'alt_text'>): Record<string, unknown> {
  return { name: a.name, url: a.url, description: a.description, alt: a.alt_text ?? '' }
}

/** How an attraction edit merges with a newer record (the picture is no field: a new one is sent as chosen). */
export const attractionEdits: EditFields = {
  applies: (entry) => entry.path.startsWith('/api/edit-around'),
  read: (current) => (current && typeof current === 'object' ? attractionEditFields(current as Attraction) : null),
  version: (current) => (current as Partial<Attraction> | null)?.updated_at,
  // The add form, filled in (its picture went with the deleted attraction: staff choose one again).
  recreate: ({ name, url, description, alt }) => ({ path: '/manageAttractions', draftKey: 'attractions-upload', draft: { name, url, description, alt } }),
}

/** An edit that met a newer version (other changes: null, the generic view). */
export function attractionConflictRows(entry: OutboxEntry, mine: Record<string, string>, current: Record<string, unknown>): ConflictRow[] | null {
  if (!entry.path.startsWith('/api/edit-around')) return null
  return [
    { fields: ['name'], label: 'Name', mine: text(mine.name), theirs: text(current.name) },
    { fields: ['url'], label: 'Web address', mine: text(mine.url), theirs: text(current.url) },
    { fields: ['description'], label: 'Description', mine: text(mine.description), theirs: text(current.description) },
    { fields: ['alt'], label: 'Picture description', mine: text(mine.alt), theirs: text(current.alt_text) },
    { label: 'Image', mine: mine.image ?? UNCHANGED, theirs: current.imageUrl ? 'Current image' : '—' },
  ]
}
