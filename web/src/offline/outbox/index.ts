/**
 * The outbox: changes made on this device wait here (in IndexedDB, files included as bytes) until
 * they reach the server — exactly once, because each carries its id as the Idempotency-Key, and in
 * the order they were made. Background Sync is not available everywhere (not on iOS), so the app
 * itself replays the queue (../sync.ts); the service worker only nudges it where it can.
 *
 * types.ts the shapes · storage.ts IndexedDB · state.ts the queue store · channels.ts the token per
 * channel · actions.ts enqueue/submit/retry/discard · replay.ts sending · decide.ts what next after a
 * failure (pure) · merge.ts conflicts merged field by field · placeholders.ts ids of records created offline · versions.ts versions carried over
 * · listeners.ts who hears how a change went.
 */
export * from './types'
export { useOutbox, loadOutbox } from './state'
export { byTheMemberSignedIn, staffToken } from './channels'
/** The staff token's key, for a listener to hear a login in another tab (and tests to store one). */
export { STAFF_TOKEN_KEY } from '../../storage-keys'
export { backoffDelay, nextAfterFailure, waitsForTheServer, type NextStep, type SendFailure } from './decide'
export { addSentListener, finalOutcome, onAuthRequired } from './listeners'
export { dependentsOf, substitute } from './placeholders'
export { replay, resumeAfterLogin } from './replay'
export { versionMadeBy } from './versions'
export { bodyFields, onConflictMerge, type ConflictMerger } from './merge'
export { discard, enqueue, resetOutboxForTests, resolveConflict, resolveFields, retry, submit, wake, type SubmitOptions } from './actions'
