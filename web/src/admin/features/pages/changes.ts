/** Page-words changes: what a queued one says (meta), the values the editor shows while it waits, how a conflict reads. */
import type { StaffPage } from '../../../api/types'
import type { OutboxEntry } from '../../adminApi'
import { text, type ConflictRow } from '../../shell/conflictFields'
import { mark, metaOf, type PendingMark } from '../../shell/pending'
import type { EditFields } from '../../shell/registry'
import type { PageEdit } from '../../../../../api/src/shared/rules/page-fields'
import type { PageKey } from '../../../../../api/src/shared/rules/pages'

/** `fields`: the fields it changes, for the Pending changes list; a new picture is `op: 'picture'`. */
export type PageMeta = { kind: 'page'; op: 'update'; page: PageKey; fields: string[] }

declare module '../../shell/pending' {
  interface PendingMetaByKind {
    page: PageMeta
  }
}

export const pageEditPath = (page: PageKey) => `/api/admin/pages/${page}`
export const pagePicturePath = (page: PageKey) => `/api/admin/pages/${page}/picture`

/** A page's fields as an edit sends them: the base an edit starts from, and the server's side of a merge. */
export function pageEditOf(page: StaffPage): PageEdit {
  const { title, smallHeading, intro, picture, pictureDescription, focalX, focalY, body, items } = page
  return { title, smallHeading, intro, picture, pictureDescription, focalX, focalY, body, items }
}

/** The newest queued edit of a page (what the server will have) and its badge; a queued picture's badge apart. */
export function pendingPage(pending: readonly OutboxEntry[], page: PageKey): { edit: PageEdit | null; mark?: PendingMark; picture?: PendingMark } {
  let edit: PageEdit | null = null
  let editMark: PendingMark | undefined
  let picture: PendingMark | undefined
  for (const entry of pending) {
    const meta = metaOf(entry)
    if (meta?.kind !== 'page' || meta.page !== page) continue
    if (entry.path === pagePicturePath(page)) picture = mark(entry, 'update')
    else if (entry.body.kind === 'json') {
      edit = entry.body.value as PageEdit
      editMark = mark(entry, 'update')
    }
  }
  return { edit, mark: editMark, picture }
}

/** Edits of a page merge field by field: another member's new picture stays when this one changed the text. */
export const pageEdits: EditFields = {
  applies: (entry) => entry.method === 'PUT' && /^\/api\/admin\/pages\/[a-z]+$/.test(entry.path),
  read: (current) => (current && typeof current === 'object' && 'title' in current ? { ...pageEditOf(current as StaffPage) } : null),
  version: (current) => (current as Partial<StaffPage> | null)?.updated_at,
}

const LABELS: Record<keyof PageEdit, string> = {
  title: 'Title',
  smallHeading: 'Small heading',
  intro: 'Introduction',
  picture: 'Picture',
  pictureDescription: 'Picture description',
  focalX: 'Part kept on phones (across)',
  focalY: 'Part kept on phones (down)',
  body: 'Text',
  items: 'Items',
}

/** Long text cut to what a conflict card can show beside its other version. */
const shortened = (value: unknown) => {
  const words = text(value)
  return words.length > 280 ? `${words.slice(0, 277)}…` : words
}

/** A list of items as their titles ("Double rooms, Family rooms"); it arrives as JSON text on staff's side. */
function itemTitles(value: unknown): string {
  let list = value
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value)
    } catch {
      return shortened(value)
    }
  }
  if (!Array.isArray(list)) return text(list)
  return list.length === 0 ? 'No items' : list.map((item) => String((item as { title?: unknown }).title ?? '')).join(', ')
}

/** The fields of an edit of a page, in staff's words (the merge keeps only those changed on both sides). */
export function pageConflictRows(entry: OutboxEntry, mine: Record<string, string>, current: Record<string, unknown>): ConflictRow[] | null {
  if (!pageEdits.applies(entry)) return null
  const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value))
  return (Object.keys(LABELS) as (keyof PageEdit)[]).map((field) => ({
    fields: [field],
    label: LABELS[field],
    mine: field === 'items' ? itemTitles(mine.items) : shortened(mine[field]),
    theirs: field === 'items' ? itemTitles(current.items) : shortened(current[field]),
    // Two long texts or lists may read the same once shortened: they differ as written.
    differs: asText(mine[field]) !== asText(current[field]),
  }))
}
