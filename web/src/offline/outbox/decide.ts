import { ALREADY_DELETED, type OutboxEntry } from './types'

/** What a refused or unanswered send tells the outbox (an ApiError fits: status 0 means no answer). */
export interface SendFailure {
  status: number
  message: string
  data?: unknown
}

/** What to do with an entry after a failed send. */
export type NextStep =
  /** What the change wanted is already true (a deletion of a record gone already): it counts as sent. */
  | { kind: 'done'; note: string }
  /** No answer, a body too slow to arrive, a server error, too many requests, or the same key still being applied: wait, then try again; nothing overtakes it. */
  | { kind: 'retry-later'; entry: OutboxEntry }
  /** The staff session ended: admin entries wait for the next login. */
  | { kind: 'pause-for-auth'; entry: OutboxEntry }
  /** The record changed since the edit was made: staff choose which version stays. */
  | { kind: 'conflict'; entry: OutboxEntry }
  /** The server refused it for a reason sending again will not change. */
  | { kind: 'failed'; entry: OutboxEntry }

/**
 * Whether a change's last try got no answer from the venue's server (none at all, or a gateway saying the
 * server behind it is down): the server answering again is news for it. One the server refused (500, 408,
 * 429) keeps its backoff, or every answer to anything else would send it again at once.
 */
export const waitsForTheServer = (entry: Pick<OutboxEntry, 'status'>): boolean =>
  entry.status === undefined || entry.status === 0 || entry.status === 502 || entry.status === 503 || entry.status === 504

const BASE_DELAY_MS = 2_000
const MAX_DELAY_MS = 5 * 60_000

/** Exponential backoff with jitter: 2 s, 4 s, 8 s … capped at 5 minutes. */
export function backoffDelay(attempts: number, random = Math.random): number {
  const exp = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempts - 1))
  return Math.round(exp * (0.75 + random() * 0.5))
}

const isDeletion = (entry: OutboxEntry) => entry.method === 'DELETE' || (entry.meta as { op?: unknown } | undefined)?.op === 'delete'
/** A 409 that carries the record as it is now is a real conflict; the idempotency race 409 means "already being applied". */
const isVersionConflict = (failure: SendFailure) => !!failure.data && typeof failure.data === 'object' && 'current' in (failure.data as object)
const isKeyRace = (failure: SendFailure) => failure.status === 409 && /Idempotency-Key/i.test(failure.message)

/**
 * The pure rule for "what next after this failure": a 404 to a deletion is done; no answer (0), a 5xx,
 * a 408 (a body too slow on a weak signal), a 429 or a key race waits with backoff; a 401 on the admin
 * channel waits for a login; a 409 with the current record is a conflict; anything else fails with the
 * server's reason.
 */
export function nextAfterFailure(entry: OutboxEntry, failure: SendFailure, now: number, random = Math.random): NextStep {
  const attempts = entry.attempts + 1
  const { status, message: error } = failure
  if (status === 404 && isDeletion(entry)) return { kind: 'done', note: ALREADY_DELETED }
  if (status === 0 || status >= 500 || status === 408 || status === 429 || isKeyRace(failure)) {
    return { kind: 'retry-later', entry: { ...entry, state: 'waiting', attempts, nextAttemptAt: now + backoffDelay(attempts, random), error, status } }
  }
  if (status === 401 && entry.channel === 'admin') return { kind: 'pause-for-auth', entry: { ...entry, state: 'waiting', error, status } }
  if (status === 409 && isVersionConflict(failure)) {
    return { kind: 'conflict', entry: { ...entry, state: 'conflict', attempts, error, status, serverVersion: failure.data } }
  }
  return { kind: 'failed', entry: { ...entry, state: 'failed', attempts, error, status } }
}
