import { create } from 'zustand'
import { announceSent, settle } from './listeners'
import { rememberVersionMade } from './madeVersions'
import { hearOtherTabs, tabsTakeTurns, tellOtherTabs, type TabMessage } from './otherTabs'
import { changeStoredEntry, forgetEntry, readStoredEntries, readStoredEntry, storeEntry, wipeStoredEntries } from './storage'
import { SENT_SHOWN, type OutboxEntry, type SentEntry } from './types'

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
/** Counts this tab's writes, so a reading of the device taken while one was under way is read again. */
let writes = 0
let hearing = false

const sorted = (list: OutboxEntry[]): OutboxEntry[] => [...list].sort((a, b) => a.seq - b.seq)

export async function save(entry: OutboxEntry): Promise<void> {
  const mine = device
  writes++
  if (entry.keep !== false) {
    await storeEntry(entry)
    tellOtherTabs({ type: 'changed' })
  }
  if (mine !== device) return
  useOutbox.setState((s) => ({ entries: sorted([...s.entries.filter((e) => e.id !== entry.id), entry]) }))
}

export async function remove(id: string): Promise<void> {
  const mine = device
  writes++
  await forgetEntry(id)
  tellOtherTabs({ type: 'changed' })
  if (mine !== device) return
  useOutbox.setState((s) => ({ entries: s.entries.filter((e) => e.id !== id) }))
}

export const findEntry = (id: string) => useOutbox.getState().entries.find((e) => e.id === id)

/**
 * Changes an entry as the device holds it now, not as this tab last read it (another tab may have sent,
 * settled or changed it since): `change` is given the stored entry and returns what it becomes, or null to
 * leave it. `replaces`: the result, under a new id, takes the entry's place. Resolves with the result, or
 * null when nothing changed (this tab's reading of the queue is then refreshed).
 */
export async function changeEntry(entry: OutboxEntry, change: (stored: OutboxEntry) => OutboxEntry | null, replaces = false): Promise<OutboxEntry | null> {
  const mine = device
  writes++
  const kept = entry.keep !== false
  const next = kept ? await changeStoredEntry(entry.id, change, replaces) : change(entry)
  if (mine !== device) return next
  if (!next) {
    if (kept) await rereadStoredEntries()
    return null
  }
  if (kept) tellOtherTabs({ type: 'changed' })
  const gone = (e: OutboxEntry) => e.id === next.id || (replaces && e.id === entry.id)
  useOutbox.setState((s) => ({ entries: sorted([...s.entries.filter((e) => !gone(e)), next]) }))
  return next
}

/** An entry caught mid-send by a closed tab goes back to waiting; its Idempotency-Key makes resending safe. */
const waitingAgain = (e: OutboxEntry): OutboxEntry => (e.state === 'sending' ? { ...e, state: 'waiting' } : e)

/** Reads what waits on the device, once per page; every call returns the same promise. */
export function loadOutbox(): Promise<void> {
  if (!hearing) {
    hearing = true
    hearOtherTabs((message) => void heardFromOtherTab(message).catch(() => undefined))
  }
  loaded ??= (async () => {
    const stored = await readStoredEntries()
    // Where tabs take turns, the next run finds a closed tab's entries (rereadStoredEntries); elsewhere
    // they wait again from the start, on the device too, so a later reading does not undo it.
    const recovered = tabsTakeTurns() ? stored : stored.map(waitingAgain)
    for (const [index, entry] of recovered.entries()) if (entry !== stored[index]) await storeEntry(entry)
    lastSeq = Math.max(0, ...recovered.map((e) => e.seq))
    useOutbox.setState({ entries: sorted(recovered) })
  })()
  return loaded
}

/**
 * Reads the queue again from the device (another tab changed it), keeping the entries this tab keeps in
 * memory only. `orphansWait` when no other tab can be sending (./otherTabs.ts): an entry left 'sending'
 * was a closed tab's, and waits again.
 */
export async function rereadStoredEntries(orphansWait = false): Promise<void> {
  const mine = device
  for (;;) {
    const before = writes
    const stored = await readStoredEntries()
    if (mine !== device) return
    if (before !== writes) continue
    // On the device too: the next step (marking one as being sent) reads it there.
    if (orphansWait)
      for (const e of stored) if (e.state === 'sending') await changeStoredEntry(e.id, (now) => (now.state === 'sending' ? waitingAgain(now) : null))
    const recovered = orphansWait ? stored.map(waitingAgain) : stored
    lastSeq = Math.max(lastSeq, ...recovered.map((e) => e.seq))
    const memoryOnly = useOutbox.getState().entries.filter((e) => e.keep === false)
    useOutbox.setState({ entries: sorted([...recovered, ...memoryOnly]) })
    return
  }
}

/**
 * What another tab says happened to an entry is believed only when the device agrees (a sent change is no
 * longer there; a failed one or a conflict is there in that state): a message any page of the site could post
 * never shows a waiting change as sent, nor gives a form a version nobody made.
 */
async function deviceAgrees(entry: OutboxEntry, kind: 'sent' | 'failed' | 'conflict'): Promise<boolean> {
  const stored = await readStoredEntry(entry.id)
  return kind === 'sent' ? stored === undefined : stored?.state === kind
}

async function heardFromOtherTab(message: TabMessage): Promise<void> {
  if (message.type === 'changed' && loaded) await rereadStoredEntries()
  if (message.type === 'settled' && (await deviceAgrees(message.outcome.entry, message.outcome.kind))) settle(message.outcome, { fromOtherTab: true })
  if (message.type === 'sent' && (await deviceAgrees(message.entry, 'sent'))) {
    rememberVersionMade(message.entry, message.reply)
    useOutbox.setState((state) => ({ sent: [message.sent, ...state.sent.filter((done) => done.id !== message.sent.id)].slice(0, SENT_SHOWN) }))
    announceSent(message.entry, message.reply)
    settle({ kind: 'sent', reply: message.reply, entry: message.entry }, { fromOtherTab: true })
  }
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
