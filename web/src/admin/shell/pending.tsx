/**
 * Changes waiting in the outbox, as the staff lists show them before they land: each kind of change
 * carries a small `meta` description (what it does to which record), and the lists merge it over
 * what the server sent, with a badge saying it is waiting to sync (or failed, or in conflict).
 */
import { useEffect, useMemo, useState } from 'react'
import { Link } from 'wouter'
import type { AdminHoliday, Attraction, GalleryImage, VenueEvent } from '../../api/types'
import { useOutbox, type OutboxEntry, type OutboxState } from '../../offline/outbox'

/** Where Pending changes lives: a panel on the dashboard. */
export const PENDING_ID = 'pending-changes'
export const PENDING_HREF = `/admin#${PENDING_ID}`

export type Op = 'create' | 'update' | 'delete'

export interface EventFields {
  title: string
  description: string
  start_datetime: string
  ticket_url: string | null
  contact_to_book: 0 | 1
}
export type EventMeta = { kind: 'event'; op: Op; id: number | string; event?: EventFields }
export type AttractionMeta = { kind: 'attraction'; op: Op; id: number | string; attraction?: { name: string; url: string; description: string } }
export type GalleryMeta = { kind: 'gallery'; op: 'create'; category: string } | { kind: 'gallery'; op: 'delete'; id: number }
export type HolidayMeta =
  | { kind: 'holiday'; op: 'create'; holiday: Pick<AdminHoliday, 'holiday_date' | 'location' | 'open_time' | 'close_time' | 'closed'> }
  | { kind: 'holiday'; op: 'delete'; holiday_date: string; location: string }
export type TimesMeta = { kind: 'times'; business: 'hotel' | 'stables'; group: string; type: 'opening' | 'food'; open: string; close: string; closed: boolean }
export type MenuMeta = { kind: 'menu'; op: 'create'; business_id: string; file_name: string }
export type PendingMeta = EventMeta | AttractionMeta | GalleryMeta | HolidayMeta | TimesMeta | MenuMeta

/** Where a record's row stands in the outbox. */
export interface PendingMark {
  entryId: string
  state: OutboxState
  op: Op
}

const metaOf = (entry: OutboxEntry) => entry.meta as PendingMeta | undefined

/** The staff changes in the outbox whose meta is of `kind`, oldest first. */
export function usePending<K extends PendingMeta['kind']>(kind: K): (OutboxEntry & { meta: Extract<PendingMeta, { kind: K }> })[] {
  const entries = useOutbox((s) => s.entries)
  return useMemo(() => entries.filter((e) => e.channel === 'admin' && metaOf(e)?.kind === kind) as (OutboxEntry & { meta: Extract<PendingMeta, { kind: K }> })[], [entries, kind])
}

/** Every staff change still on this device (for the header count). */
export function usePendingCount(): number {
  return useOutbox((s) => s.entries.filter((e) => e.channel === 'admin').length)
}

const sameId = (a: unknown, b: unknown) => String(a) === String(b)
const mark = (entry: OutboxEntry, op: Op): PendingMark => ({ entryId: entry.id, state: entry.state, op })

function jsonField(entry: OutboxEntry, name: string): unknown {
  return entry.body.kind === 'json' && entry.body.value && typeof entry.body.value === 'object' ? (entry.body.value as Record<string, unknown>)[name] : undefined
}

// ---- events ----

/** An event as the list shows it: a placeholder id (string) while it exists only on this device. */
export type DisplayEvent = Omit<VenueEvent, 'id'> & { id: number | string; pending?: PendingMark }

export function mergeEvents(server: VenueEvent[], pending: OutboxEntry[]): DisplayEvent[] {
  const rows: DisplayEvent[] = server.map((e) => ({ ...e }))
  for (const entry of pending) {
    const meta = metaOf(entry)
    if (meta?.kind !== 'event') continue
    if (meta.op === 'create' && meta.event) {
      const image = jsonField(entry, 'image_base64')
      rows.push({ id: meta.id, ...meta.event, image_url: typeof image === 'string' ? image : null, image_variants: [], image_width: null, image_height: null, updated_at: '', pending: mark(entry, 'create') })
      continue
    }
    const index = rows.findIndex((r) => sameId(r.id, meta.id))
    if (index < 0) continue
    const row = rows[index]!
    // A change on top of a queued create is still a create as far as the server knows.
    const op = row.pending?.op === 'create' && meta.op === 'update' ? 'create' : meta.op
    rows[index] = { ...row, ...(meta.op === 'update' && meta.event ? meta.event : {}), pending: { ...mark(entry, op), state: worst(row.pending?.state, entry.state) } }
  }
  return rows.sort((a, b) => a.start_datetime.localeCompare(b.start_datetime) || String(a.id).localeCompare(String(b.id)))
}

/** The state to show when several changes touch one row: trouble first. */
function worst(a: OutboxState | undefined, b: OutboxState): OutboxState {
  const rank: Record<OutboxState, number> = { conflict: 3, failed: 2, sending: 1, waiting: 0 }
  return a && rank[a] > rank[b] ? a : b
}

// ---- attractions ----

export type DisplayAttraction = Omit<Attraction, 'id'> & { id: number | string; pending?: PendingMark; imageEntry?: OutboxEntry }

export function mergeAttractions(server: Attraction[], pending: OutboxEntry[]): DisplayAttraction[] {
  const rows: DisplayAttraction[] = server.map((a) => ({ ...a }))
  for (const entry of pending) {
    const meta = metaOf(entry)
    if (meta?.kind !== 'attraction') continue
    if (meta.op === 'create' && meta.attraction) {
      rows.push({ id: meta.id, ...meta.attraction, imageUrl: '', image_variants: [], width: 96, height: 72, updated_at: '', pending: mark(entry, 'create'), imageEntry: entry })
      continue
    }
    const index = rows.findIndex((r) => sameId(r.id, meta.id))
    if (index < 0) continue
    const row = rows[index]!
    const op = row.pending?.op === 'create' && meta.op === 'update' ? 'create' : meta.op
    rows[index] = { ...row, ...(meta.op === 'update' && meta.attraction ? meta.attraction : {}), pending: { ...mark(entry, op), state: worst(row.pending?.state, entry.state) } }
  }
  return rows.sort((a, b) => a.name.localeCompare(b.name))
}

// ---- galleries ----

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

// ---- holidays ----

export type DisplayHoliday = Omit<AdminHoliday, 'id' | 'venue'> & { id: number | string; venue?: AdminHoliday['venue']; pending?: PendingMark }

const holidayKey = (date: string, location: string) => `${date}|${location.trim().toLowerCase()}`

export function mergeHolidays(server: AdminHoliday[], pending: OutboxEntry[]): DisplayHoliday[] {
  const rows: DisplayHoliday[] = server.map((h) => ({ ...h }))
  for (const entry of pending) {
    const meta = metaOf(entry)
    if (meta?.kind !== 'holiday') continue
    if (meta.op === 'create') {
      rows.push({ id: entry.id, ...meta.holiday, original_holiday_date: meta.holiday.holiday_date, pending: mark(entry, 'create') })
      continue
    }
    const key = holidayKey(meta.holiday_date, meta.location)
    const index = rows.findIndex((r) => holidayKey(r.original_holiday_date, r.location) === key && r.pending?.op !== 'delete')
    if (index >= 0) rows[index] = { ...rows[index]!, pending: mark(entry, 'delete') }
  }
  return rows.sort((a, b) => a.holiday_date.localeCompare(b.holiday_date))
}

// ---- opening times ----

/** The newest queued change of each business, days and type ('hotel|saturday|opening'). */
export function pendingTimes(pending: OutboxEntry[]): Map<string, { meta: TimesMeta; mark: PendingMark }> {
  const out = new Map<string, { meta: TimesMeta; mark: PendingMark }>()
  for (const entry of pending) {
    const meta = metaOf(entry)
    if (meta?.kind === 'times') out.set(`${meta.business}|${meta.group}|${meta.type}`, { meta, mark: mark(entry, 'update') })
  }
  return out
}

// ---- menus ----

/** The newest queued menu of each business (it replaces the current one when it lands). */
export function pendingMenus(pending: OutboxEntry[]): Map<string, { meta: MenuMeta; mark: PendingMark }> {
  const out = new Map<string, { meta: MenuMeta; mark: PendingMark }>()
  for (const entry of pending) {
    const meta = metaOf(entry)
    if (meta?.kind === 'menu') out.set(meta.business_id, { meta, mark: mark(entry, 'create') })
  }
  return out
}

// ---- pieces ----

export const BADGE_TEXT: Record<OutboxState, string> = {
  waiting: 'Waiting to sync',
  sending: 'Sending…',
  failed: 'Failed — see Pending changes',
  conflict: 'Conflict — see Pending changes',
}

/** The badge on a row whose change has not landed yet. */
export function PendingBadge({ mark }: { mark: PendingMark | undefined }) {
  if (!mark) return null
  const what = mark.op === 'delete' ? 'Deletion' : mark.op === 'create' ? 'New' : 'Change'
  const text = mark.state === 'waiting' ? `${what} waiting to sync` : BADGE_TEXT[mark.state]
  const body = (
    <span className={`admin-badge admin-badge--pending admin-badge--${mark.state}`} data-pending-state={mark.state}>
      {text}
    </span>
  )
  return mark.state === 'failed' || mark.state === 'conflict' ? (
    <Link href={PENDING_HREF} className="admin-badge-link">
      {body}
    </Link>
  ) : (
    body
  )
}

/** Object URLs for the files an entry keeps (made in an effect, released on unmount). */
export function useEntryImages(entry: OutboxEntry | undefined, field?: string): string[] {
  const [urls, setUrls] = useState<string[]>([])
  useEffect(() => {
    if (!entry || entry.body.kind !== 'form' || typeof URL.createObjectURL !== 'function') return
    const made = entry.body.fields.flatMap((f) => ('bytes' in f && (!field || f.name === field) ? [URL.createObjectURL(new Blob([f.bytes], { type: f.type }))] : []))
    setUrls(made)
    return () => {
      for (const url of made) URL.revokeObjectURL(url)
    }
  }, [entry?.id, entry?.body, field]) // eslint-disable-line react-hooks/exhaustive-deps -- the entry's files never change
  return urls
}
