/**
 * The only way staff screens talk to the API, built on the app's one client (../api/client.ts) and
 * its one queue (../offline/outbox). The pieces, by job:
 *
 * - api/reads.ts: GETs with the admin bearer token (adminGet), and calls that must happen now or not at
 *   all (adminPostNow, adminSendNow: account changes, never queued).
 * - api/mutate.ts: a change is a plain description `{ method, path, body, label }` handed to mutate(),
 *   which submits it to the outbox (sent at once when online, else kept on the device). The entry id
 *   is the Idempotency-Key, so the server applies it once however often it is sent. mutate() resolves
 *   with the reply, or rejects with ApiError (refused), QueuedError (kept) or ConflictError.
 * - api/messages.ts: what staff read about a change that did not land now.
 * - api/signOut.ts, api/connect.ts: a 401 from any admin call saves the open forms' input, signs out
 *   and goes to /login; queued changes wait and go after the next login; lists refresh as changes land.
 * - api/keys.ts: idempotency keys, placeholder ids, request fingerprints.
 */
export { adminGet, adminPostNow, adminSendNow, type AdminGetOptions } from './api/reads'
export { mutate, resetAdminApi, type Mutation, type MutateOptions, type MutationBody } from './api/mutate'
export {
  CONFLICT_MESSAGE,
  ConflictError,
  deferredStatus,
  failureStatus,
  fallbackMessage,
  hasServerMessage,
  isConflict,
  isQueued,
  QUEUED_MESSAGE,
  QueuedError,
} from './api/messages'
export { signOutExpired } from './api/signOut'
export { connectOutbox, onChangeLanded } from './api/connect'
export { isPlaceholder, newPlaceholder, requestFingerprint } from './api/keys'
// The changes waiting on this device, as the lists show them, and cancelling one before it goes.
export { discard, versionMadeBy, type OutboxEntry } from '../offline/outbox'
