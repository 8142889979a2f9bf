import { ApiError, fallbackMessage } from '../../api/client'
import type { OutboxEntry } from '../../offline/outbox'

export { fallbackMessage }

/** What staff see when a change is kept on the device. */
export const QUEUED_MESSAGE = 'Saved on this device — will sync when you’re back online'
/** The same for a change kept in memory only (personal data is never written to the device). */
export const QUEUED_IN_MEMORY_MESSAGE = 'Will sync when you’re back online — kept only while this page is open, never saved on this device'
/** Beneath the queued note when the device is online but the venue's server did not answer. */
export const UNANSWERED_DETAIL = 'This device is online, but the venue’s server did not answer: the change will be sent as soon as it does.'
/** What a queued change's note becomes once the change has landed. */
export const SYNCED_MESSAGE = 'Synced: the change has reached the server.'
/** What a queued change's note becomes when the server refused it as it was replayed (its reason beneath). */
export const REFUSED_MESSAGE =
  'Not saved: the server refused this change when it was sent. It waits in Pending changes, where you can try it again or discard it.'
/** What that note becomes once the conflict or refusal is settled in Pending changes (kept, merged or discarded there). */
export const SETTLED_MESSAGE = 'Settled in Pending changes.'
export const CONFLICT_MESSAGE =
  'Someone else changed this since you opened it. Nothing was overwritten: compare both versions in Pending changes and choose which to keep.'

/** The change is in the outbox and will be sent later (status: the last answer, 0 for none). */
export class QueuedError extends ApiError {
  constructor(readonly entry: OutboxEntry) {
    super(entry.status ?? 0, entry.error ?? QUEUED_MESSAGE)
  }
}

/** The server refused the change because the record changed since (409); the entry waits in Pending changes. */
export class ConflictError extends ApiError {
  constructor(readonly entry: OutboxEntry) {
    super(409, entry.error ?? 'Conflict', entry.serverVersion)
  }
}

export const isQueued = (error: unknown): error is QueuedError => error instanceof QueuedError
export const isConflict = (error: unknown): error is ConflictError => error instanceof ConflictError

/** The status line for a change that did not land now; null for any other failure. */
export function deferredStatus(error: unknown): { text: string; tone: 'info' | 'error'; detail?: string; pending: true; entryId?: string } | null {
  if (isQueued(error)) {
    // Online, yet no answer: "when you're back online" alone would puzzle someone who is online.
    const unanswered = error.status === 0 && typeof navigator !== 'undefined' && navigator.onLine
    const detail =
      error.status >= 500 ? `The server could not take it yet (${error.message}). It will be tried again.` : unanswered ? UNANSWERED_DETAIL : undefined
    return { text: error.entry.keep === false ? QUEUED_IN_MEMORY_MESSAGE : QUEUED_MESSAGE, tone: 'info', detail, pending: true, entryId: error.entry.id }
  }
  if (isConflict(error)) return { text: CONFLICT_MESSAGE, tone: 'error', detail: error.message, pending: true }
  return null
}

/**
 * What a screen shows when a change did not go through at once: the queued or conflict notice (the
 * change is kept on this device), or else the screen's own error with the server's reason beneath, or
 * why no answer came (offline, the server not reached, no answer in time) for a change sent now.
 * `pending` tells the screen the change is kept, so it may clear its form.
 */
export function failureStatus(
  error: unknown,
  errorText: string,
  what: string,
): { text: string; tone: 'info' | 'error'; detail?: string; pending?: true; entryId?: string } {
  const deferred = deferredStatus(error)
  if (deferred) return deferred
  console.error(`${what} failed:`, error)
  return { text: errorText, tone: 'error', detail: hasServerMessage(error) || gotNoAnswer(error) ? error.message : undefined }
}

/** True when a change sent now got no answer (offline, the server not reached, or no answer in time): its message says which. */
const gotNoAnswer = (error: unknown): error is ApiError => error instanceof ApiError && error.isNetwork && !isQueued(error)

/** True when an ApiError carries the server's own `{ error }` text. */
export function hasServerMessage(error: unknown): error is ApiError {
  return error instanceof ApiError && !error.isNetwork && !isQueued(error) && error.message !== fallbackMessage(error.status)
}
