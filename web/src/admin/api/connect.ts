import { addSentListener, loadOutbox, onAuthRequired, onConflictMerge, type OutboxEntry } from '../../offline/outbox'
import { mergeFieldByField } from '../shell/fieldMerge'
import { signOutExpired } from './signOut'

const landedListeners = new Set<(entry: OutboxEntry) => void>()
/** Told when a queued change lands (the stores refresh their lists). */
export function onChangeLanded(listener: (entry: OutboxEntry) => void): () => void {
  landedListeners.add(listener)
  return () => landedListeners.delete(listener)
}

let listening = false

/**
 * Ties the staff area to the outbox (the outbox itself knows the token: ../../offline/outbox/channels.ts):
 * a 401 met by a queued change keeps the open forms and goes to /login (the queue waits for the next
 * login), a change that lands refreshes the lists, and an edit that meets a newer record is merged
 * field by field (../shell/fieldMerge.ts). Loads the queue; safe to call often.
 */
export function connectOutbox(): Promise<void> {
  if (!listening) {
    listening = true
    onAuthRequired(signOutExpired)
    onConflictMerge(mergeFieldByField)
    addSentListener((entry) => {
      for (const listener of landedListeners) listener(entry)
    })
  }
  return loadOutbox()
}
