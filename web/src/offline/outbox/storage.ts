import { clear, createStore, del, entries, get, set } from 'idb-keyval'
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
