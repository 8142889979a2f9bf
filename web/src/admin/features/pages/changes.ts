/** Page-words changes: what a queued one says (meta), the values the editor shows while it waits, how a conflict reads. */
import type { StaffPage } from '../../../api/types'
import type { OutboxEntry } from '../../adminApi'
import { text, type ConflictRow } from '../../shell/conflictFields'
import { mark, metaOf, type PendingMark } from '../../shell/pending'
import type { EditFields } from '../../shell/registry'
import type { PageEdit } from '../../../../../api/src/shared/rules/page-fields'
import { isPageKey, PAGE_WORDS, type PageKey } from '../../../../../api/src/shared/rules/pages'

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
  const { title, smallHeading, intro, picture, pictureDescription, focalX, focalY, body, items, words } = page
  return { title, smallHeading, intro, picture, pictureDescription, focalX, focalY, body, items, words }
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
  words: 'Other words',
}

/** A list or the words as sent: they arrive as JSON text on staff's side of a conflict. */
function parsed(value: unknown): unknown {
  if (typeof value !== 'string') return value
  try {
    return JSON.parse(value)
  } catch {
    return value
  }
}

/** A page's words as staff read them ("Gallery: heading: Life in the dale · …"), in the order the page shows them. */
function pageWordsText(page: string, value: unknown): string {
  const words = parsed(value)
  if (!words || typeof words !== 'object') return text(words)
  const known = isPageKey(page) ? PAGE_WORDS[page] : []
  return known.map((word) => `${word.label}: ${String((words as Record<string, unknown>)[word.key] ?? '')}`).join(' · ')
}

/** A list of items as words ("Double rooms: Calm rooms… · Family rooms: …"). */
function itemWords(value: unknown): string {
  const list = parsed(value)
  if (typeof list === 'string') return list
  if (!Array.isArray(list)) return text(list)
  if (list.length === 0) return 'No items'
  return list
    .map((item: Partial<Record<'title' | 'text' | 'picture' | 'link' | 'when', unknown>>) =>
      [
        `${String(item.title ?? '')}${item.when ? ` (${String(item.when)})` : ''}: ${String(item.text ?? '')}`,
        item.picture ? `picture ${String(item.picture)}` : '',
        item.link ? `link ${String(item.link)}` : '',
      ]
        .filter(Boolean)
        .join(', '),
    )
    .join(' · ')
}

const ROOM = 280

/**
 * Two long versions cut to what a card can show, around where they first differ (the same start
 * would show two identical excerpts): both from a little before the difference, "…" where cut.
 */
export function aroundDifference(mine: string, theirs: string): [string, string] {
  if (mine.length <= ROOM && theirs.length <= ROOM) return [mine, theirs]
  let at = 0
  while (at < mine.length && at < theirs.length && mine[at] === theirs[at]) at++
  const start = Math.max(0, Math.min(at - 60, Math.max(mine.length, theirs.length) - ROOM))
  const cut = (words: string) => `${start > 0 ? '…' : ''}${words.slice(start, start + ROOM)}${start + ROOM < words.length ? '…' : ''}`
  return [cut(mine), cut(theirs)]
}

/** The fields of an edit of a page, in staff's words (the merge keeps only those changed on both sides). */
export function pageConflictRows(entry: OutboxEntry, mine: Record<string, string>, current: Record<string, unknown>): ConflictRow[] | null {
  if (!pageEdits.applies(entry)) return null
  const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value))
  const page = entry.path.split('/').pop() ?? ''
  return (Object.keys(LABELS) as (keyof PageEdit)[]).map((field) => {
    const words = (value: unknown) => (field === 'items' ? itemWords(value) : field === 'words' ? pageWordsText(page, value) : text(value))
    const [mineShown, theirsShown] = aroundDifference(words(mine[field]), words(current[field]))
    // Compared as written: two spellings of one list (JSON text here, a list there) are no difference.
    const structured = field === 'items' || field === 'words'
    const differs = structured ? words(mine[field]) !== words(current[field]) : asText(mine[field]) !== asText(current[field])
    return { fields: [field], label: LABELS[field], mine: mineShown, theirs: theirsShown, differs }
  })
}
