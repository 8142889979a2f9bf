import { clear, createStore, del, entries, get, promisifyRequest, set } from 'idb-keyval'
import type { OutboxEntry } from './types'
import { OUTBOX_DATABASE, OUTBOX_STORE } from '../../storage-keys'

/**
 * Where queued changes are kept on the device: their own IndexedDB database, apart from the saved
 * public data (../../stores/storage.ts), because a failed write here must not be swallowed — a change
 * that was not stored must not be reported as kept.
 */
let db: ReturnType<typeof createStore> | null = null
const idb = () => (db ??= createStore(OUTBOX_DATABASE, OUTBOX_STORE))

export async function readStoredEntries(): Promise<OutboxEntry[]> {
  return (await entries<string, OutboxEntry>(idb())).map(([, entry]) => entry)
}

export const readStoredEntry = (id: string): Promise<OutboxEntry | undefined> => get(id, idb())
export const storeEntry = (entry: OutboxEntry): Promise<void> => set(entry.id, entry, idb())
export const forgetEntry = (id: string): Promise<void> => del(id, idb())
export const wipeStoredEntries = (): Promise<void> => clear(idb())

/**
 * In one transaction, so that two tabs acting on the same entry at once cannot both act (./otherTabs.ts):
 * reads the entry `id` as the device holds it, and writes what `change` makes of it (null: leave it).
 * `replaces` also removes `id` once the result is written under its own id. Resolves with what was written,
 * or null when the entry is gone or `change` left it.
 */
export function changeStoredEntry(id: string, change: (stored: OutboxEntry) => OutboxEntry | null, replaces = false): Promise<OutboxEntry | null> {
  return idb()(
    'readwrite',
    (store) =>
      new Promise<OutboxEntry | null>((resolve, reject) => {
        const read = store.get(id)
        read.onsuccess = () => {
          const stored = read.result as OutboxEntry | undefined
          const next = stored ? change(stored) : null
          if (next) {
            store.put(next, next.id)
            if (replaces && next.id !== id) store.delete(id)
          }
          promisifyRequest(store.transaction).then(() => resolve(next), reject)
        }
        read.onerror = () => reject(read.error)
      }),
  )
}
