/**
 * Every kind of record staff change, and what the shared staff code needs to know about it: which
 * list shows it (read again when a change of it lands) and how a conflict over it reads. The shell
 * looks them up by a queued change's `meta.kind` (shell/registry.ts); a change queued without meta is
 * recognised by its path, as before. A new staff feature adds its kind here (the type below refuses a
 * kind left out). The staff entry (AdminRoutes) imports this module, which registers them.
 */
import type { ResourceStore } from '../../stores'
import type { PendingMeta } from '../shell/pending'
import { registerRecordKinds, registerStaffStore, type RecordKind } from '../shell/registry'
import { useActivity } from './activity/store'
import { attractionConflictRows, attractionEdits } from './attractions/changes'
import { useAdminAttractions } from './attractions/store'
import { useAdminMessages } from './contact/store'
import { eventConflictRows, eventEdits } from './events/changes'
import { useAdminEvents } from './events/store'
import { galleryConflictRows, galleryEdits } from './galleries/changes'
import { useGalleryGrouped } from './galleries/store'
import { useAdminHolidays } from './holidays/store'
import { useAdminMenus } from './menus/store'
import { noticeConflictRows, noticeEdits } from './notices/changes'
import { pageConflictRows, pageEdits } from './pages/changes'
import { useAdminPages } from './pages/store'
import { useAdminNotices } from './notices/store'
import { timesConflictRows, timesEdits } from './opening-times/changes'
import { useAdminOpeningTimes } from './opening-times/store'
import { useMySessions, useStaffList } from './staff/store'
import { venueConflictRows, venueEdits } from './venue/changes'
import { useAdminVenue } from './venue/store'

export type RecordKindName = PendingMeta['kind']

const list = <T>(store: ResourceStore<T>) => store as unknown as ResourceStore<unknown>

export const RECORD_KINDS: Record<RecordKindName, RecordKind> = {
  gallery: {
    paths: /^\/api\/((upload|delete|edit)-gallery|gallery\/\d+\/order)/,
    list: list(useGalleryGrouped),
    conflictRows: galleryConflictRows,
    edits: galleryEdits,
  },
  attraction: { paths: /^\/api\/(upload|edit|delete)-around/, list: list(useAdminAttractions), conflictRows: attractionConflictRows, edits: attractionEdits },
  times: { paths: /^\/api\/update-times/, list: list(useAdminOpeningTimes), conflictRows: timesConflictRows, edits: timesEdits },
  holiday: { paths: /^\/api\/(add|remove)-bank-holiday-times/, list: list(useAdminHolidays) },
  event: { paths: /^\/api\/(upload|update|delete)-event/, list: list(useAdminEvents), conflictRows: eventConflictRows, edits: eventEdits },
  menu: { paths: /^\/api\/upload-pdf/, list: list(useAdminMenus) },
  message: { paths: /^\/api\/admin\/messages\//, list: list(useAdminMessages) },
  notice: { paths: /^\/api\/admin\/notices/, list: list(useAdminNotices), conflictRows: noticeConflictRows, edits: noticeEdits },
  page: { paths: /^\/api\/admin\/pages\//, list: list(useAdminPages), conflictRows: pageConflictRows, edits: pageEdits },
  venue: { paths: /^\/api\/admin\/venue$/, list: list(useAdminVenue), conflictRows: venueConflictRows, edits: venueEdits },
}

registerRecordKinds(RECORD_KINDS)
// Staff data that no queued change alters: emptied on sign-out with the lists above.
for (const store of [useAdminMessages, useStaffList, useMySessions, useActivity]) registerStaffStore(store)

export { kindOf } from '../shell/registry'
