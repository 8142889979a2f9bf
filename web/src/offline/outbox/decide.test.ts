import { describe, expect, test } from 'bun:test'
import { backoffDelay, nextAfterFailure } from './decide'
import { ALREADY_DELETED, type OutboxEntry } from './types'

const NOW = 1_000_000
/** random() = 0.5: no jitter, so the backoff is exactly 2 s × 2^(attempts − 1). */
const noJitter = () => 0.5

const entry = (extra: Partial<OutboxEntry> = {}): OutboxEntry => ({
  id: 'e-1',
  seq: 1,
  channel: 'admin',
  method: 'PUT',
  path: '/api/update-event',
  body: { kind: 'json', value: { id: 3 } },
  label: 'Edit event',
  createdAt: 0,
  state: 'sending',
  attempts: 2,
  nextAttemptAt: 0,
  error: null,
  ...extra,
})

const next = (failure: { status: number; message: string; data?: unknown }, extra: Partial<OutboxEntry> = {}) =>
  nextAfterFailure(entry(extra), failure, NOW, noJitter)

describe('nextAfterFailure: what the outbox does after a failed send', () => {
  test('no answer (status 0): wait and retry after the backoff, counting the attempt', () => {
    expect(next({ status: 0, message: 'The server could not be reached.' })).toEqual({
      kind: 'retry-later',
      entry: entry({ state: 'waiting', attempts: 3, nextAttemptAt: NOW + 8_000, error: 'The server could not be reached.', status: 0 }),
    })
  })

  test('a server error, 429, a body too slow to arrive (408) or the Idempotency-Key race 409 also retry later', () => {
    for (const failure of [
      { status: 408, message: 'The request took too long to arrive (more than 21 s for its size), so nothing was changed. Please try again.' },
      { status: 500, message: 'Internal error' },
      { status: 503, message: 'Unavailable' },
      { status: 429, message: 'Too many requests' },
      { status: 409, message: 'A request with this Idempotency-Key is still being processed.' },
    ]) {
      const step = next(failure)
      expect(step.kind).toBe('retry-later')
      if (step.kind === 'retry-later')
        expect(step.entry).toMatchObject({ state: 'waiting', attempts: 3, status: failure.status, error: failure.message, nextAttemptAt: NOW + 8_000 })
    }
  })

  test('a 401 on the admin channel pauses for a login, without counting an attempt or a backoff', () => {
    expect(next({ status: 401, message: 'expired' })).toEqual({ kind: 'pause-for-auth', entry: entry({ state: 'waiting', error: 'expired', status: 401 }) })
  })

  test('a 401 on the public channel is a plain refusal', () => {
    expect(next({ status: 401, message: 'no' }, { channel: 'public' }).kind).toBe('failed')
  })

  test('a 409 carrying the current record is a conflict that keeps the server’s version', () => {
    const data = { error: 'Changed elsewhere.', current: { id: 3, title: 'Theirs' } }
    expect(next({ status: 409, message: 'Changed elsewhere.', data })).toEqual({
      kind: 'conflict',
      entry: entry({ state: 'conflict', attempts: 3, error: 'Changed elsewhere.', status: 409, serverVersion: data }),
    })
  })

  test('a 404 to a deletion (DELETE, or meta.op delete) is done: the record is already gone', () => {
    expect(next({ status: 404, message: 'Not found' }, { method: 'DELETE' })).toEqual({ kind: 'done', note: ALREADY_DELETED })
    expect(next({ status: 404, message: 'Not found' }, { method: 'POST', meta: { op: 'delete' } })).toEqual({ kind: 'done', note: ALREADY_DELETED })
  })

  test('a 404 to anything else, or any other 4xx, marks the entry failed with the server’s reason', () => {
    expect(next({ status: 404, message: 'Event not found.' })).toEqual({
      kind: 'failed',
      entry: entry({ state: 'failed', attempts: 3, error: 'Event not found.', status: 404 }),
    })
    expect(next({ status: 400, message: 'Title is required.' })).toEqual({
      kind: 'failed',
      entry: entry({ state: 'failed', attempts: 3, error: 'Title is required.', status: 400 }),
    })
    expect(next({ status: 409, message: 'Already exists.', data: { error: 'Already exists.' } }).kind).toBe('failed')
  })
})

describe('backoffDelay', () => {
  test('doubles from 2 s, capped at 5 minutes, with ±25 % jitter', () => {
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, noJitter))).toEqual([2_000, 4_000, 8_000, 16_000])
    expect(backoffDelay(20, noJitter)).toBe(300_000)
    expect(backoffDelay(1, () => 0)).toBe(1_500)
    expect(backoffDelay(1, () => 1)).toBe(2_500)
  })
})
