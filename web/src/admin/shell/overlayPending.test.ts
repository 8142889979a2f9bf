import { describe, expect, test } from 'bun:test'
import type { OutboxEntry, OutboxState } from '../../offline/outbox/types'
import { overlayPending, type QueuedChange } from './pending'

interface Row {
  id: number | string
  name: string
  pending?: { entryId: string; state: OutboxState; op: 'create' | 'update' | 'delete' }
}

const entry = (id: string, state: OutboxState, meta: QueuedChange<{ name: string }>): OutboxEntry => ({
  id,
  seq: 0,
  channel: 'admin',
  method: 'POST',
  path: '/x',
  body: { kind: 'none' },
  label: id,
  createdAt: 0,
  state,
  attempts: 0,
  nextAttemptAt: 0,
  error: null,
  meta: { ...meta },
})

const overlay = (server: Row[], pending: OutboxEntry[]) =>
  overlayPending<Row, { name: string }>(
    server,
    pending,
    (e) => (e.meta?.id === 'ignore' ? null : (e.meta as unknown as QueuedChange<{ name: string }>)),
    (e, id, fields) => ({ id, ...fields, pending: { entryId: e.id, state: e.state, op: 'create' } }),
  )

describe('overlayPending', () => {
  test('a create adds a row; an update lays its fields over the row; a delete only marks it', () => {
    const server: Row[] = [
      { id: 1, name: 'One' },
      { id: 2, name: 'Two' },
    ]
    const rows = overlay(server, [
      entry('a', 'waiting', { op: 'create', id: 'p1', fields: { name: 'New' } }),
      entry('b', 'failed', { op: 'update', id: 1, fields: { name: 'Uno' } }),
      entry('c', 'waiting', { op: 'delete', id: '2' }),
    ])
    expect(rows).toEqual([
      { id: 1, name: 'Uno', pending: { entryId: 'b', state: 'failed', op: 'update' } },
      { id: 2, name: 'Two', pending: { entryId: 'c', state: 'waiting', op: 'delete' } },
      { id: 'p1', name: 'New', pending: { entryId: 'a', state: 'waiting', op: 'create' } },
    ])
    // The server's rows are not changed in place.
    expect(server[0]).toEqual({ id: 1, name: 'One' })
  })

  test('an update on a queued create stays a create and keeps the worst state; unknown rows and entries are left out', () => {
    const rows = overlay(
      [],
      [
        entry('a', 'conflict', { op: 'create', id: 'p1', fields: { name: 'New' } }),
        entry('b', 'waiting', { op: 'update', id: 'p1', fields: { name: 'Newer' } }),
        entry('c', 'waiting', { op: 'update', id: 99, fields: { name: 'Nobody' } }),
        entry('d', 'waiting', { op: 'update', id: 'ignore', fields: { name: 'Skipped' } }),
      ],
    )
    expect(rows).toEqual([{ id: 'p1', name: 'Newer', pending: { entryId: 'b', state: 'conflict', op: 'create' } }])
  })
})
