import { describe, expect, test } from 'bun:test'
import type { OutboxEntry } from '../../offline/outbox'
import { conflictRows } from '../shell/ConflictView'
import { useAdminAttractions } from './attractions/store'
import { useAdminMessages } from './contact/store'
import { useAdminEvents } from './events/store'
import { useGalleryGrouped } from './galleries/store'
import { useAdminHolidays } from './holidays/store'
import { useAdminMenus } from './menus/store'
import { useAdminNotices } from './notices/store'
import { useAdminOpeningTimes } from './opening-times/store'
import { useAdminVenue } from './venue/store'
import { useAdminPages } from './pages/store'
import { kindOf, RECORD_KINDS } from './registry'

/** A queued change as saved on a device: `meta` as older versions wrote it, or none at all. */
function entry(path: string, meta: unknown, body: Record<string, unknown>, current: Record<string, unknown> = {}): OutboxEntry {
  return {
    id: 'e1',
    channel: 'admin',
    method: 'PUT',
    path,
    body: { kind: 'json', value: body },
    label: 'a change',
    meta,
    state: 'conflict',
    attempts: 1,
    createdAt: 0,
    nextAttemptAt: 0,
    serverVersion: { current },
  } as unknown as OutboxEntry
}

// One queued change of each kind, with the list that shows it and a label its conflict view shows.
const CASES = [
  { kind: 'event', path: '/api/update-event/4', meta: { kind: 'event', op: 'update', id: 4 }, list: useAdminEvents, firstLabel: 'Title' },
  { kind: 'attraction', path: '/api/edit-around/2', meta: { kind: 'attraction', op: 'update', id: 2 }, list: useAdminAttractions, firstLabel: 'Name' },
  { kind: 'gallery', path: '/api/delete-gallery/9', meta: { kind: 'gallery', op: 'delete', id: 9 }, list: useGalleryGrouped, firstLabel: 'title' },
  {
    kind: 'holiday',
    path: '/api/remove-bank-holiday-times',
    meta: { kind: 'holiday', op: 'delete', holiday_date: '2030-05-06', location: 'x' },
    list: useAdminHolidays,
    firstLabel: 'title',
  },
  {
    kind: 'times',
    path: '/api/update-times',
    meta: { kind: 'times', business: 'stables', group: 'saturday', type: 'opening', open: '10:00', close: '11:00', closed: false },
    list: useAdminOpeningTimes,
    firstLabel: 'The Stables bar, saturday: opening hours',
  },
  {
    kind: 'menu',
    path: '/api/upload-pdf',
    meta: { kind: 'menu', op: 'create', business_id: '1', file_name: 'm.pdf' },
    list: useAdminMenus,
    firstLabel: 'title',
  },
  {
    kind: 'message',
    path: '/api/admin/messages/3',
    meta: { kind: 'message', op: 'update', id: 3, handled: true },
    list: useAdminMessages,
    firstLabel: 'title',
  },
  { kind: 'notice', path: '/api/admin/notices/5', meta: { kind: 'notice', op: 'update', id: 5 }, list: useAdminNotices, firstLabel: 'Text' },
  {
    kind: 'page',
    path: '/api/admin/pages/about',
    meta: { kind: 'page', op: 'update', page: 'about', fields: ['title'] },
    list: useAdminPages,
    firstLabel: 'Title',
  },
  { kind: 'venue', path: '/api/admin/venue', meta: { kind: 'venue', op: 'update' }, list: useAdminVenue, firstLabel: 'title' },
] as const

describe('the record-kind registry', () => {
  test('every kind a queued change can name is registered, and nothing else', () => {
    expect(Object.keys(RECORD_KINDS).sort()).toEqual(CASES.map((c) => c.kind).sort())
  })

  for (const c of CASES) {
    test(`a "${c.kind}" change finds its list and its conflict view, by meta and (queued without meta) by path`, () => {
      const withMeta = entry(c.path, c.meta, { title: 'Mine' })
      expect(kindOf(withMeta)?.list).toBe(c.list as never)
      expect(kindOf(entry(c.path, undefined, {}))?.list).toBe(c.list as never)
      expect(conflictRows(withMeta)[0]?.label).toBe(c.firstLabel)
    })
  }

  test('meta decides over the path; a change of no known kind has no list and shows every field', () => {
    expect(kindOf(entry('/api/somewhere-else', { kind: 'event', op: 'delete', id: 1 }, {}))?.list).toBe(useAdminEvents as never)
    const unknown = entry('/api/somewhere-else', { kind: 'unknown' }, { a: 'mine' }, { a: 'theirs' })
    expect(kindOf(unknown)).toBeUndefined()
    expect(conflictRows(unknown)).toEqual([{ fields: ['a'], label: 'a', mine: 'mine', theirs: 'theirs' }])
  })

  test('an event edit conflict reads in staff words, the same with or without meta', () => {
    const rows = (meta: unknown) =>
      conflictRows(entry('/api/update-event/4', meta, { title: 'Quiz', contactToBook: 'true' }, { title: 'Quiz night', contact_to_book: 0 }))
    expect(rows(undefined)).toEqual(rows({ kind: 'event', op: 'update', id: 4 }))
    expect(rows(undefined).find((r) => r.label === 'Contact to Book')).toEqual({
      fields: ['contactToBook'],
      label: 'Contact to Book',
      mine: 'Yes',
      theirs: 'No',
    })
  })
})
