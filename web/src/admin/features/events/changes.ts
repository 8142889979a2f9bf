/** Event changes: what a queued one says (meta), how it shows in the list, how its conflict reads. */
import type { VenueEvent } from '../../../api/types'
import { formatEventDate } from '../../../features/events/eventDisplay'
import type { OutboxEntry } from '../../adminApi'
import { text, UNCHANGED, yesNo, type ConflictRow } from '../../shell/conflictFields'
import { jsonField, mark, metaOf, overlayPending, type Op, type PendingMark } from '../../shell/pending'
import type { EditFields } from '../../shell/registry'
import { sameValue } from '../../../../../api/src/shared/rules/three-way-merge'
import { fromVenueInput, toVenueInput } from '../../time'
import type { EventFieldValues } from './EventFields'

export interface EventFields {
  title: string
  description: string
  start_datetime: string
  ticket_url: string | null
  contact_to_book: 0 | 1
  /** The picture's description (absent in changes queued by older versions). */
  alt_text?: string | null
}
export type EventMeta = { kind: 'event'; op: Op; id: number | string; event?: EventFields }

declare module '../../shell/pending' {
  interface PendingMetaByKind {
    event: EventMeta
  }
}

/** The event as staff typed it, in the list's shape (trimmed, the start in UTC, no ticket link: null). */
export function queuedEvent({ title, description, start, ticketUrl, contactToBook }: EventFieldValues): EventFields {
  return {
    title: title.trim(),
    description: description.trim(),
    start_datetime: fromVenueInput(start) ?? start,
    ticket_url: ticketUrl.trim() || null,
    contact_to_book: contactToBook ? 1 : 0,
  }
}

/** An event as the list shows it: a placeholder id (string) while it exists only on this device. */
export type DisplayEvent = Omit<VenueEvent, 'id'> & { id: number | string; pending?: PendingMark }

export function mergeEvents(server: VenueEvent[], pending: OutboxEntry[]): DisplayEvent[] {
  const rows = overlayPending<DisplayEvent, EventFields>(
    server,
    pending,
    (entry) => {
      const meta = metaOf(entry)
      return meta?.kind === 'event' ? { op: meta.op, id: meta.id, fields: meta.event } : null
    },
    (entry, id, event) => {
      const image = jsonField(entry, 'image_base64')
      return {
        id,
        ...event,
        image_url: typeof image === 'string' ? image : null,
        image_variants: [],
        image_width: null,
        image_height: null,
        updated_at: '',
        pending: mark(entry, 'create'),
      }
    },
  )
  return rows.sort((a, b) => a.start_datetime.localeCompare(b.start_datetime) || String(a.id).localeCompare(String(b.id)))
}

/** The instant a start names, whichever way it is spelt: the form's venue wall clock, or an ISO time (an untouched start goes back as the instant it was). */
function instantOf(value: unknown): number | null {
  if (typeof value !== 'string' || !value) return null
  const time = Date.parse(fromVenueInput(value) ?? value)
  return Number.isNaN(time) ? null : time
}

/** The fields an event edit sends, as a record has them: the edit's base, and the server's record on a conflict. */
export function eventEditFields(e: Pick<VenueEvent, 'title' | 'description' | 'start_datetime' | 'ticket_url' | 'contact_to_book' | 'alt_text'>) {
  return {
    title: e.title,
    description: e.description,
    start_datetime: e.start_datetime,
    contactToBook: e.contact_to_book === 1 ? 'true' : 'false',
    ticket_url: e.ticket_url ?? '',
    alt_text: e.alt_text ?? '',
  }
}

/** How an event edit merges with a newer record: a start is compared as the moment it names (the picture is no field). */
export const eventEdits: EditFields = {
  applies: (entry) => entry.path.startsWith('/api/update-event'),
  read: (current) => (current && typeof current === 'object' ? eventEditFields(current as VenueEvent) : null),
  version: (current) => (current as Partial<VenueEvent> | null)?.updated_at,
  same: (field, a, b) => {
    const [x, y] = field === 'start_datetime' ? [instantOf(a), instantOf(b)] : [null, null]
    return x !== null && y !== null ? x === y : sameValue(field, a, b)
  },
  // The create form, filled in (its start in venue time, as the form takes it; the picture is chosen again).
  recreate: (mine) => {
    const start = instantOf(mine.start_datetime)
    return {
      path: '/createEvent',
      draftKey: 'event-create',
      draft: {
        title: mine.title,
        description: mine.description,
        startDatetime: start === null ? '' : toVenueInput(new Date(start).toISOString()),
        ticket_url: mine.ticket_url,
        contactToBook: mine.contactToBook === 'true',
        alt: mine.alt_text,
      },
    }
  },
}

/** Both starts as the list shows them, and whether they are different moments (not different spellings). */
function startRow(mine: unknown, theirs: unknown): ConflictRow {
  const [a, b] = [instantOf(mine), instantOf(theirs)]
  const shown = (value: unknown, time: number | null) => (time === null ? text(value) : formatEventDate(new Date(time).toISOString()))
  return {
    fields: ['start_datetime'],
    label: 'Start Date/Time',
    mine: shown(mine, a),
    theirs: shown(theirs, b),
    differs: a !== null && b !== null ? a !== b : undefined,
  }
}

/** An edit that met a newer version: the event's fields in staff's words (other changes: null, the generic view). */
export function eventConflictRows(entry: OutboxEntry, mine: Record<string, string>, current: Record<string, unknown>): ConflictRow[] | null {
  if (!entry.path.startsWith('/api/update-event')) return null
  return [
    { fields: ['title'], label: 'Title', mine: text(mine.title), theirs: text(current.title) },
    { fields: ['description'], label: 'Description', mine: text(mine.description), theirs: text(current.description) },
    startRow(mine.start_datetime, current.start_datetime),
    { fields: ['ticket_url'], label: 'Ticket link', mine: text(mine.ticket_url), theirs: text(current.ticket_url) },
    { fields: ['contactToBook'], label: 'Contact to Book', mine: yesNo(mine.contactToBook), theirs: yesNo(current.contact_to_book) },
    { fields: ['alt_text'], label: 'Picture description', mine: text(mine.alt_text), theirs: text(current.alt_text) },
    { label: 'Image', mine: mine.image ?? UNCHANGED, theirs: current.image_url ? 'Current image' : '—' },
  ]
}
