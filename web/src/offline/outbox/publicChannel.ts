import { ApiError, fallbackMessage } from '../../api/client'
import { requestBackgroundSync } from '../sync'
import { discard, submit } from './actions'
import { finalOutcome } from './listeners'

/** How a visitor's message went: sent now, or kept on the device (sent on a later try during this visit or the next). */
export type PublicResult<T> =
  | { queued: false; reply: T }
  | {
      queued: true
      /** True when the browser said it was offline (no attempt was made); false when the attempt failed. */
      offline: boolean
      /** The server's reply once the message lands on a later try during this visit; null if it is refused then. */
      later: Promise<T | null>
    }

/**
 * The outbox's public channel (visitors: no token), one POST at a time: the message is kept on the
 * device (IndexedDB) before it is sent, so a closed tab or a hanging request loses nothing, and it
 * carries its id as the Idempotency-Key, so it arrives exactly once however often it is sent. Only a
 * network failure (or being offline, or no answer in time) leaves it queued; any reply from the
 * server that is not a success is thrown as an ApiError and nothing is kept, because a visitor cannot
 * settle a refused message from a queue.
 */
export async function sendPublic<T>(change: { path: string; body: unknown; label: string }): Promise<PublicResult<T>> {
  const id = crypto.randomUUID()
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false
  const later = finalOutcome(id).then(async (outcome) => {
    if (outcome.kind === 'sent') return outcome.reply as T
    // Refused on a later try: the caller says so (and gives the text back).
    await discard(id)
    return null
  })
  const outcome = await submit(
    { id, channel: 'public', method: 'POST', path: change.path, body: { kind: 'json', value: change.body }, label: change.label },
    { online: !offline },
  )
  if (outcome.kind === 'sent') return { queued: false, reply: outcome.reply as T }
  // A status is an answer from the server (a refusal, or an error it may repeat): say so, keep nothing.
  const status = outcome.kind === 'queued' ? outcome.entry.status : outcome.kind === 'failed' ? outcome.status : 409
  if (status) {
    await discard(id)
    throw new ApiError(status, outcome.entry.error ?? fallbackMessage(status))
  }
  void requestBackgroundSync()
  return { queued: true, offline, later }
}
