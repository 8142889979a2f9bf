import { create } from 'zustand'
import { forgetEntry, readStoredEntries, storeEntry, wipeStoredEntries } from './storage'
import type { OutboxEntry, SentEntry } from './types'

interface OutboxStore {
  entries: OutboxEntry[]
  /** Newest first; in memory only, because a landed change has nothing left to do. */
  sent: SentEntry[]
  /** True while a 401 holds the admin queue until staff log in again. */
  pausedForAuth: boolean
  replaying: boolean
}

/** The queue as screens see it; every change to an entry goes through save/remove (IndexedDB first, unless kept in memory only). */
export const useOutbox = create<OutboxStore>(() => ({ entries: [], sent: [], pausedForAuth: false, replaying: false }))

let loaded: Promise<void> | null = null
let lastSeq = 0
/** Moved on by resetState: a write begun for the queue before it is not shown in the new one. */
let device = 0

const sorted = (list: OutboxEntry[]): OutboxEntry[] => [...list].sort((a, b) => a.seq - b.seq)

export async function save(entry: OutboxEntry): Promise<void> {
  const mine = device
  if (entry.keep !== false) await storeEntry(entry)
  if (mine !== device) return
  useOutbox.setState((s) => ({ entries: sorted([...s.entries.filter((e) => e.id !== entry.id), entry]) }))
}

export async function remove(id: string): Promise<void> {
  const mine = device
  await forgetEntry(id)
  if (mine !== device) return
  useOutbox.setState((s) => ({ entries: s.entries.filter((e) => e.id !== id) }))
}

export const findEntry = (id: string) => useOutbox.getState().entries.find((e) => e.id === id)

/** Reads what waits on the device, once per page; every call returns the same promise. */
export function loadOutbox(): Promise<void> {
  loaded ??= (async () => {
    const stored = await readStoredEntries()
    // An entry caught mid-send by a closed tab goes back to waiting; its Idempotency-Key makes resending safe.
    const recovered = stored.map((e) => (e.state === 'sending' ? { ...e, state: 'waiting' as const } : e))
    lastSeq = Math.max(0, ...recovered.map((e) => e.seq))
    useOutbox.setState({ entries: sorted(recovered) })
  })()
  return loaded
}

/** The next creation number: later than every entry so far, even when the clock steps back. */
export function nextSeq(now: number): number {
  lastSeq = Math.max(now * 1000, lastSeq + 1)
  return lastSeq
}

/** For tests: a new page (reads IndexedDB again); `wipe` also empties IndexedDB first (a new device). */
export function resetState(wipe: boolean): void {
  device++
  lastSeq = 0
  useOutbox.setState({ entries: [], sent: [], pausedForAuth: false, replaying: false })
  loaded = wipe ? wipeStoredEntries() : null
}
