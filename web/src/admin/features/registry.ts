/**
 * Every kind of record staff change, and what the shared staff code needs to know about it: which
 * list shows it (read again when a change of it lands) and how a conflict over it reads. Looked up by
 * a queued change's `meta.kind`; a change queued without meta is recognised by its path, as before.
 * A new staff feature adds its kind here (the type below refuses a kind left out).
 */
import type { OutboxEntry } from '../adminApi'
import type { ResourceStore } from '../../stores/resource'
import type { ConflictRow } from '../shell/conflictFields'
import { attractionConflictRows, type AttractionMeta } from './attractions/changes'
import { useAdminAttractions } from './attractions/store'
import type { MessageMeta } from './contact/changes'
import { useAdminMessages } from './contact/store'
import { eventConflictRows, type EventMeta } from './events/changes'
import { useAdminEvents } from './events/store'
import { galleryConflictRows, type GalleryMeta } from './galleries/changes'
import { useGalleryGrouped } from './galleries/store'
import type { HolidayMeta } from './holidays/changes'
import { useAdminHolidays } from './holidays/store'
import type { MenuMeta } from './menus/changes'
import { useAdminMenus } from './menus/store'
import { timesConflictRows, type TimesMeta } from './opening-times/changes'
import { useAdminOpeningTimes } from './opening-times/store'

/** What a queued staff change says about itself (saved with it on the device: keep old shapes readable). */
export type PendingMeta = EventMeta | AttractionMeta | GalleryMeta | HolidayMeta | TimesMeta | MenuMeta | MessageMeta
export type RecordKindName = PendingMeta['kind']

export interface RecordKind {
  /** The change paths of this kind: how a change queued without `meta` is recognised. */
  paths: RegExp
  /** The list that shows records of this kind. */
  list: ResourceStore<unknown>
  /** A conflict in staff's words; null (or no function) shows every field by its name. */
  conflictRows?(entry: OutboxEntry, mine: Record<string, string>, current: Record<string, unknown>): ConflictRow[] | null
}

const list = <T>(store: ResourceStore<T>) => store as unknown as ResourceStore<unknown>

export const RECORD_KINDS: Record<RecordKindName, RecordKind> = {
  gallery: { paths: /^\/api\/((upload|delete|edit)-gallery|gallery\/\d+\/order)/, list: list(useGalleryGrouped), conflictRows: galleryConflictRows },
  attraction: { paths: /^\/api\/(upload|edit|delete)-around/, list: list(useAdminAttractions), conflictRows: attractionConflictRows },
  times: { paths: /^\/api\/update-times/, list: list(useAdminOpeningTimes), conflictRows: timesConflictRows },
  holiday: { paths: /^\/api\/(add|remove)-bank-holiday-times/, list: list(useAdminHolidays) },
  event: { paths: /^\/api\/(upload|update|delete)-event/, list: list(useAdminEvents), conflictRows: eventConflictRows },
  menu: { paths: /^\/api\/upload-pdf/, list: list(useAdminMenus) },
  message: { paths: /^\/api\/admin\/messages\//, list: list(useAdminMessages) },
}

/** The kind of record a queued change alters: by its meta, else (queued without one) by its path. */
export function kindOf(entry: Pick<OutboxEntry, 'path' | 'meta'>): RecordKind | undefined {
  const named = (entry.meta as { kind?: unknown } | undefined)?.kind
  if (typeof named === 'string' && Object.hasOwn(RECORD_KINDS, named)) return RECORD_KINDS[named as RecordKindName]
  return Object.values(RECORD_KINDS).find((kind) => kind.paths.test(entry.path))
}
