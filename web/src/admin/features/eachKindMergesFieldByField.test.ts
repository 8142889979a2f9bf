/**
 * Each kind of record describes only its fields; the one shared merge (shell/fieldMerge.ts) does the
 * rest: for events, opening times and gallery descriptions alike, a field changed on one side merges,
 * only a field changed on both sides to different values is in conflict, and the server's version
 * goes with the merged change.
 */
import { expect, test } from 'bun:test'
import type { OutboxEntry } from '../../offline/outbox'
import { mergeFieldByField } from '../shell/fieldMerge'
import { altTextVersion } from '../../../../api/src/shared/rules/alt-text'
import './registry'

function edit(path: string, body: OutboxEntry['body'], base: Record<string, unknown> | undefined, meta: Record<string, unknown>): OutboxEntry {
  return {
    id: 'e1',
    seq: 1,
    channel: 'admin',
    method: 'POST',
    path,
    body,
    label: 'An edit',
    createdAt: 0,
    state: 'conflict',
    attempts: 1,
    nextAttemptAt: 0,
    error: null,
    base,
    meta,
  }
}
const form = (fields: Record<string, string>): OutboxEntry['body'] => ({
  kind: 'form',
  fields: Object.entries(fields).map(([name, value]) => ({ name, value })),
})

const EVENT = {
  id: 4,
  title: 'Folk night',
  description: 'Songs.',
  start_datetime: '2026-12-12T20:00:00.000Z',
  ticket_url: null,
  contact_to_book: 0,
  alt_text: null,
  updated_at: '2026-11-01T10:00:00.000Z',
}
const eventBase = { title: 'Folk night', description: 'Songs.', start_datetime: EVENT.start_datetime, contactToBook: 'false', ticket_url: '', alt_text: '' }
const eventEdit = (fields: Partial<typeof eventBase>) =>
  edit('/api/update-event', form({ id: '4', ...eventBase, ...fields }), eventBase, { kind: 'event', op: 'update', id: 4 })

test('an event: the start staff left alone, sent as the same instant spelt another way, takes the server’s new start', () => {
  const entry = eventEdit({ description: 'Songs and tunes.', start_datetime: '2026-12-12T20:00:00Z' })
  const merge = mergeFieldByField(entry, { current: { ...EVENT, start_datetime: '2026-12-12T21:00:00.000Z', updated_at: 'v2' } })
  expect(merge?.conflicts).toEqual([])
  expect(merge?.merged).toMatchObject({ description: 'Songs and tunes.', start_datetime: '2026-12-12T21:00:00.000Z' })
  expect(merge?.version).toBe('v2')
})

test('an event: a title changed on both sides is the only conflict; ticked "contact to book" on both sides is none', () => {
  const entry = eventEdit({ title: 'Folk night (upstairs)', contactToBook: 'true' })
  const merge = mergeFieldByField(entry, { current: { ...EVENT, title: 'Folk & fiddle night', contact_to_book: 1, updated_at: 'v2' } })
  expect(merge?.conflicts).toEqual(['title'])
  expect(merge?.merged).toMatchObject({ title: 'Folk & fiddle night', contactToBook: 'true' })
})

test('an edit queued without a base (by an older version) is settled as a whole, as before', () => {
  const entry = { ...eventEdit({ title: 'Folk night (upstairs)' }), base: undefined }
  expect(mergeFieldByField(entry, { current: EVENT })).toBeNull()
})

const TIMES = {
  monsal: { saturday: { label: 'Saturday', closed: false, hours: { open_time: '08:00', close_time: '22:00' }, breakfast: null } },
  stables: {},
  updated_at: 'v2',
}
const timesEdit = (body: Record<string, unknown>) =>
  edit(
    '/api/update-times',
    { kind: 'json', value: { name: 'Hotel', day: 'saturday', type: 'opening', ...body } },
    { open_time: '08:00', close_time: '23:00', closed: false },
    { kind: 'times', business: 'hotel', group: 'saturday', type: 'opening', open: '', close: '', closed: false },
  )

test('opening times: an opening time changed here and a closing time changed there merge into one change', () => {
  const merge = mergeFieldByField(timesEdit({ open_time: '07:30', close_time: '23:00', closed: false }), { current: TIMES })
  expect(merge).toMatchObject({ conflicts: [], merged: { open_time: '07:30', close_time: '22:00', closed: false }, version: 'v2' })
})

test('opening times: closed here while the hours changed there is a conflict on the fields both changed', () => {
  const merge = mergeFieldByField(timesEdit({ open_time: '', close_time: '', closed: true }), { current: TIMES })
  expect(merge?.conflicts).toEqual(['close_time'])
})

test('a gallery picture’s description changed on both sides is a conflict, with the description itself as the version', () => {
  const entry = edit(
    '/api/edit-gallery/7',
    { kind: 'json', value: { alt: 'Log fire in the bar' } },
    { alt: '' },
    { kind: 'gallery', op: 'alt', id: 7, alt: 'Log fire in the bar' },
  )
  const merge = mergeFieldByField(entry, { current: { id: 7, alt_text: 'Armchairs by the fire' } })
  expect(merge).toMatchObject({ conflicts: ['alt'], theirs: { alt: 'Armchairs by the fire' }, version: altTextVersion('Armchairs by the fire') })
})

const NOTICE = {
  id: 5,
  text: 'Closed for refurbishment 6–20 January.',
  link: null,
  link_text: null,
  venue: 'both',
  starts_at: '2027-01-06T00:00:00.000Z',
  ends_at: '2027-01-20T23:59:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
}
const { id: _id, updated_at: _at, ...noticeBase } = NOTICE
const noticeEdit = (fields: Partial<typeof noticeBase>) => ({
  ...edit('/api/admin/notices/5', { kind: 'json', value: { ...noticeBase, ...fields } }, noticeBase, { kind: 'notice', op: 'update', id: 5 }),
  method: 'PUT' as const,
})

test('a notice: the text staff changed merges with the end another member moved; the same end spelt as another instant string is no change', () => {
  const entry = noticeEdit({ text: 'Closed for refurbishment 6–27 January.', starts_at: '2027-01-06T00:00:00Z' })
  const merge = mergeFieldByField(entry, { current: { ...NOTICE, ends_at: '2027-01-27T23:59:00.000Z', updated_at: 'v2' } })
  expect(merge?.conflicts).toEqual([])
  expect(merge?.merged).toMatchObject({ text: 'Closed for refurbishment 6–27 January.', ends_at: '2027-01-27T23:59:00.000Z' })
  expect(merge?.version).toBe('v2')
})

test('a notice: only the text, changed on both sides, is in conflict', () => {
  const merge = mergeFieldByField(noticeEdit({ text: 'Closed until 20 January.', venue: 'hotel' }), {
    current: { ...NOTICE, text: 'Closed 6–20 Jan.', updated_at: 'v2' },
  })
  expect(merge?.conflicts).toEqual(['text'])
  expect(merge?.merged).toMatchObject({ venue: 'hotel' })
})

const DETAILS = {
  hotelName: 'Larkdale Hotel',
  barName: 'The Stables bar',
  phone: '015394 30000',
  email: 'hello@larkdale.example',
  address: { street: '1 Fell Road', locality: 'Larkdale', region: 'Cumbria', postcode: 'LA22 9HL', country: 'GB' },
}
const venueEdit = (fields: Partial<typeof DETAILS>) => ({
  ...edit('/api/admin/venue', { kind: 'json', value: { ...DETAILS, ...fields } }, { ...DETAILS }, { kind: 'venue', op: 'update', fields: [] }),
  method: 'PUT' as const,
})

test('venue details: the phone staff changed merges with the address another owner changed; the same new email on both sides is no conflict', () => {
  const address = { ...DETAILS.address, street: '3 Fell Road' }
  const merge = mergeFieldByField(venueEdit({ phone: '015394 32000', email: 'stay@larkdale.example' }), {
    current: { venue: { ...DETAILS, address, email: 'stay@larkdale.example' }, updated_at: 'v2' },
  })
  expect(merge?.conflicts).toEqual([])
  expect(merge?.merged).toMatchObject({ phone: '015394 32000', address, email: 'stay@larkdale.example' })
  expect(merge?.version).toBe('v2')
})

test('venue details: only the phone, changed on both sides, is in conflict', () => {
  const merge = mergeFieldByField(venueEdit({ phone: '015394 32000' }), { current: { venue: { ...DETAILS, phone: '015394 31111' }, updated_at: 'v2' } })
  expect(merge?.conflicts).toEqual(['phone'])
})

const ABOUT = {
  page: 'about',
  title: 'About us',
  smallHeading: 'Our story',
  intro: 'Two hundred years.',
  picture: '/images/hero-drink.jpg',
  pictureDescription: 'The hills at sunset',
  focalX: 50,
  focalY: 50,
  body: 'A drovers’ inn.',
  items: [] as unknown[],
  updated_at: '2026-11-01T10:00:00.000Z',
}
const { page: _page, updated_at: _version, ...aboutBase } = ABOUT
const pageEdit = (fields: Partial<typeof aboutBase>) =>
  edit('/api/admin/pages/about', { kind: 'json', value: { ...aboutBase, ...fields } }, aboutBase, { kind: 'page', op: 'update', page: 'about', fields: [] })

test('a page: new text merges with another member’s new picture and description; a title changed on both sides is the only conflict', () => {
  const entry = { ...pageEdit({ body: 'Under new owners.', title: 'Our inn' }), method: 'PUT' as const }
  const current = { ...ABOUT, picture: '/images/hero-eat.jpg', pictureDescription: 'Breakfast', title: 'About the inn', updated_at: 'v2' }
  const merge = mergeFieldByField(entry, { current })
  expect(merge?.conflicts).toEqual(['title'])
  expect(merge?.merged).toMatchObject({ body: 'Under new owners.', picture: '/images/hero-eat.jpg', pictureDescription: 'Breakfast' })
  expect(merge?.version).toBe('v2')
})

test('a page: the same list of items written on both sides is no conflict; a different one is', () => {
  const item = { title: 'Garden room', text: 'By the lawn.', picture: null, pictureDescription: '', link: null }
  const entry = { ...pageEdit({ items: [item] }), method: 'PUT' as const }
  expect(mergeFieldByField(entry, { current: { ...ABOUT, items: [item], updated_at: 'v2' } })?.conflicts).toEqual([])
  expect(mergeFieldByField(entry, { current: { ...ABOUT, items: [{ ...item, text: 'Near the lawn.' }], updated_at: 'v2' } })?.conflicts).toEqual(['items'])
})

test('a page: a second save queued after a first, replayed after the first landed, merges word by word', () => {
  const words = { stayButton: 'Stay with us', contactButton: 'Find us' }
  const start = { ...aboutBase, words }
  // The first save (new Stay button) landed; this one carries it and changes the Contact button.
  const entry = {
    ...edit('/api/admin/pages/about', { kind: 'json', value: { ...start, words: { stayButton: 'Book a room', contactButton: 'Where we are' } } }, start, {
      kind: 'page',
      op: 'update',
      page: 'about',
      fields: ['words'],
    }),
    method: 'PUT' as const,
  }
  const merge = mergeFieldByField(entry, { current: { ...ABOUT, words: { ...words, stayButton: 'Book a room' }, updated_at: 'v2' } })
  expect(merge?.conflicts).toEqual([])
  expect(merge?.merged).toMatchObject({ words: { stayButton: 'Book a room', contactButton: 'Where we are' } })
})
