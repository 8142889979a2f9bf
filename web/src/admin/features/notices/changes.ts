/** Notice changes: what a queued one says (meta), how it shows in the list, how its conflict reads. */
import type { Notice } from '../../../api/types'
import { formatShortDateTime } from '../../../../../api/src/shared/rules/venue-time'
import type { OutboxEntry } from '../../adminApi'
import { text, type ConflictRow } from '../../shell/conflictFields'
import { mark, metaOf, overlayPending, type Op, type PendingMark } from '../../shell/pending'
import type { EditFields } from '../../shell/registry'
import { sameValue } from '../../../../../api/src/shared/rules/three-way-merge'

/** A notice as it is sent: the start and end already UTC instants (the server reads them as it reads venue times). */
export type NoticeFields = Pick<Notice, 'text' | 'link' | 'link_text' | 'venue' | 'starts_at' | 'ends_at'>
export type NoticeMeta = { kind: 'notice'; op: Op; id: number | string; notice?: NoticeFields }

declare module '../../shell/pending' {
  interface PendingMetaByKind {
    notice: NoticeMeta
  }
}

/** A notice as the list shows it: a placeholder id (string) while it exists only on this device. */
export type DisplayNotice = Omit<Notice, 'id'> & { id: number | string; pending?: PendingMark }

export function mergeNotices(server: Notice[], pending: OutboxEntry[]): DisplayNotice[] {
  const rows = overlayPending<DisplayNotice, NoticeFields>(
    server,
    pending,
    (entry) => {
      const meta = metaOf(entry)
      return meta?.kind === 'notice' ? { op: meta.op, id: meta.id, fields: meta.notice } : null
    },
    (entry, id, notice) => ({ id, ...notice, updated_at: '', pending: mark(entry, 'create') }),
  )
  return rows.sort((a, b) => a.starts_at.localeCompare(b.starts_at))
}

/** Where a notice stands at `now`: showing, still to come, or over. */
export function noticePhase(notice: Pick<Notice, 'starts_at' | 'ends_at'>, now: Date): 'current' | 'upcoming' | 'past' {
  const at = now.toISOString()
  if (notice.ends_at <= at) return 'past'
  return notice.starts_at <= at ? 'current' : 'upcoming'
}

const when = (value: unknown) => (typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? formatShortDateTime(new Date(value)) : text(value))
const VENUE_WORDS: Record<string, string> = { both: 'Both venues', hotel: 'The hotel', stables: 'The Stables bar' }
const venueWords = (value: unknown) => VENUE_WORDS[String(value)] ?? text(value)

/** An edit that met a newer version: each field in staff's words, the times compared as instants. */
export function noticeConflictRows(entry: OutboxEntry, mine: Record<string, string>, current: Record<string, unknown>): ConflictRow[] | null {
  if (entry.method !== 'PUT') return null
  const sameInstant = (a: unknown, b: unknown) => Date.parse(String(a)) === Date.parse(String(b))
  return [
    { fields: ['text'], label: 'Text', mine: text(mine.text), theirs: text(current.text) },
    { fields: ['link'], label: 'Link', mine: text(mine.link === 'null' ? null : mine.link), theirs: text(current.link) },
    { fields: ['link_text'], label: 'Link words', mine: text(mine.link_text === 'null' ? null : mine.link_text), theirs: text(current.link_text) },
    { fields: ['venue'], label: 'Venue', mine: venueWords(mine.venue), theirs: venueWords(current.venue) },
    {
      fields: ['starts_at'],
      label: 'Starts',
      mine: when(mine.starts_at),
      theirs: when(current.starts_at),
      differs: !sameInstant(mine.starts_at, current.starts_at),
    },
    { fields: ['ends_at'], label: 'Ends', mine: when(mine.ends_at), theirs: when(current.ends_at), differs: !sameInstant(mine.ends_at, current.ends_at) },
  ]
}

/** A notice's fields as an edit sends them: the base an edit starts from, and the server's side of a merge. */
export function noticeEditFields(notice: Pick<Notice, keyof NoticeFields>): NoticeFields {
  const { text, link, link_text, venue, starts_at, ends_at } = notice
  return { text, link, link_text, venue, starts_at, ends_at }
}

const instant = (value: unknown) => (typeof value === 'string' ? Date.parse(value) : Number.NaN)

/** Edits of a notice merge field by field (the times compared as the instants they name). */
export const noticeEdits: EditFields = {
  applies: (entry) => entry.method === 'PUT' && entry.path.startsWith('/api/admin/notices/'),
  read: (current) => (current && typeof current === 'object' ? noticeEditFields(current as Notice) : null),
  version: (current) => (current as Partial<Notice> | null)?.updated_at,
  same: (field, a, b) => {
    if (field !== 'starts_at' && field !== 'ends_at') return sameValue(field, a, b)
    const [x, y] = [instant(a), instant(b)]
    return Number.isNaN(x) || Number.isNaN(y) ? sameValue(field, a, b) : x === y
  },
}
