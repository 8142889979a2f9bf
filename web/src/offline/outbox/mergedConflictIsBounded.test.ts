/**
 * What the outbox does with a conflict the staff area merged: sent again (same key, merged fields,
 * the server's version, the server's fields as the new base) when nothing needs a person, files
 * untouched; kept as a conflict when a field changed on both sides, or once it has been merged
 * MAX_MERGES times (a record changing under every send must not loop).
 */
import { afterAll, beforeEach, expect, test } from 'bun:test'
import { MAX_MERGES, mergedConflict, onConflictMerge, withFields } from './merge'
import type { FieldMerge, OutboxEntry } from './types'

// The staff area's merger, if another test file registered it in this process: put back afterwards.
const registered = onConflictMerge(null)
beforeEach(() => onConflictMerge(null))
afterAll(() => onConflictMerge(registered))

const bytes = new Uint8Array([1, 2, 3]).buffer
const entry: OutboxEntry = {
  id: 'k1',
  seq: 1,
  channel: 'admin',
  method: 'PUT',
  path: '/api/edit-around/4',
  body: {
    kind: 'form',
    fields: [
      { name: 'url', value: 'https://a.example' },
      { name: 'description', value: 'Mine.' },
      { name: 'image', bytes, type: 'image/png', filename: 'p.png' },
    ],
  },
  label: 'Edit attraction',
  createdAt: 0,
  state: 'conflict',
  attempts: 1,
  nextAttemptAt: 0,
  error: 'Changed elsewhere.',
  status: 409,
  baseVersion: 'v1',
  base: { url: 'https://a.example', description: 'Old.' },
  serverVersion: { error: 'Changed elsewhere.', current: {} },
}
const merge = (conflicts: string[]): FieldMerge => ({
  merged: { url: 'https://b.example', description: 'Mine.' },
  theirs: { url: 'https://b.example', description: 'Old.' },
  conflicts,
  version: 'v2',
})

test('no field in conflict: the merged change waits to be sent again at once, on the server’s version, its picture untouched', () => {
  onConflictMerge(() => merge([]))
  const next = mergedConflict(entry).entry
  expect(next).toMatchObject({ id: 'k1', state: 'waiting', baseVersion: 'v2', base: merge([]).theirs, merges: 1, error: null, nextAttemptAt: 0 })
  expect(next.serverVersion).toBeUndefined()
  expect(next.body).toEqual({
    kind: 'form',
    fields: [
      { name: 'url', value: 'https://b.example' },
      { name: 'description', value: 'Mine.' },
      { name: 'image', bytes, type: 'image/png', filename: 'p.png' },
    ],
  })
})

test('a field in conflict, or a change merged MAX_MERGES times already, stays a conflict carrying the merge', () => {
  onConflictMerge(() => merge(['description']))
  expect(mergedConflict(entry).entry).toMatchObject({ state: 'conflict', merge: { conflicts: ['description'] }, baseVersion: 'v1' })
  onConflictMerge(() => merge([]))
  expect(mergedConflict({ ...entry, merges: MAX_MERGES }).entry).toMatchObject({ state: 'conflict', merge: { conflicts: [] } })
})

test('a field in conflict beside fields changed only here: those go ahead first, as a change of their own, and the question keeps its key', () => {
  onConflictMerge(() => ({ ...merge(['description']), mineOnly: ['url'] }))
  const { entry: asked, sentFirst } = mergedConflict(entry)
  expect(asked).toMatchObject({ id: 'k1', state: 'conflict', merge: { conflicts: ['description'], restSent: true } })
  expect(sentFirst).toMatchObject({ state: 'waiting', baseVersion: 'v2', base: merge([]).theirs, label: 'Edit attraction (the fields changed only here)' })
  expect(sentFirst!.id).not.toBe('k1')
  expect(sentFirst!.seq).toBeLessThan(entry.seq)
})

test('no merger, or one that cannot merge (no base): the conflict is settled as a whole, as before', () => {
  expect(mergedConflict(entry)).toEqual({ entry })
  onConflictMerge(() => null)
  expect(mergedConflict(entry)).toEqual({ entry })
})

test('a JSON body gets the merged values of the fields it has, and only those', () => {
  expect(withFields({ kind: 'json', value: { name: 'Hotel', closed: false, open_time: '08:00' } }, { closed: true, open_time: '', other: 1 })).toEqual({
    kind: 'json',
    value: { name: 'Hotel', closed: true, open_time: '' },
  })
})
