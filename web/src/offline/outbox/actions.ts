import { storable } from './body'
import { waitsForTheServer } from './decide'
import { followProgress, isAwaited, nextOutcome, resetListeners, settle, stopFollowing, stopProgress } from './listeners'
import { bodyFields, settledOn } from './merge'
import { dependentsOf } from './placeholders'
import { replay, resetReplay } from './replay'
import { memberOf, tokenFor } from './channels'
import { changeEntry, findEntry, loadOutbox, nextSeq, remove, resetState, save, useOutbox } from './state'
import type { NewEntry, OutboxEntry, Outcome } from './types'

export async function enqueue(input: NewEntry, now = Date.now()): Promise<OutboxEntry> {
  await loadOutbox()
  const by = input.channel === 'admin' ? memberOf(tokenFor('admin')) : null
  const entry: OutboxEntry = {
    id: input.id ?? crypto.randomUUID(),
    seq: nextSeq(now),
    channel: input.channel,
    ...(by ? { by } : {}),
    method: input.method,
    path: input.path,
    body: await storable(input.body),
    label: input.label,
    createdAt: now,
    state: 'waiting',
    attempts: 0,
    nextAttemptAt: 0,
    error: null,
    creates: input.creates,
    baseVersion: input.baseVersion,
    base: input.base,
    record: input.record,
    versionField: input.versionField,
    meta: input.meta,
    ...(input.keep === false ? { keep: false as const } : {}),
  }
  await save(entry)
  return entry
}

/**
 * A nudge (a new change, staff pressing Retry): waiting entries may go now, backoff or not. `serverBack`
 * (the connection or the server is back): only those whose last try got no answer (decide.ts waitsForTheServer).
 */
export async function wake({ serverBack = false } = {}): Promise<void> {
  await loadOutbox()
  const backedOff = (e: OutboxEntry) => e.state === 'waiting' && e.nextAttemptAt > 0 && (!serverBack || waitsForTheServer(e))
  for (const entry of useOutbox.getState().entries) {
    if (backedOff(entry)) await changeEntry(entry, (stored) => (backedOff(stored) ? { ...stored, nextAttemptAt: 0 } : null))
  }
}

export interface SubmitOptions {
  online: boolean
  /** Called with 0..1 while this change's body is sent. */
  onProgress?: (fraction: number) => void
}

/**
 * The one way to send a change, staff or public: puts it in the outbox and, when online, sends the
 * queue at once; resolves with what happened to this change: sent (with the reply), failed (the
 * server's reason), a conflict, or queued (kept on the device and sent later). A screen behaves the
 * same online and offline this way.
 */
export async function submit(input: NewEntry, options: SubmitOptions): Promise<Outcome> {
  const entry = await enqueue(input)
  if (!options.online) return { kind: 'queued', entry }
  if (options.onProgress) followProgress(entry.id, options.onProgress)
  try {
    const outcome = nextOutcome(entry.id)
    await wake()
    // A replay already under way may have finished its pass just before this entry arrived: try again.
    for (let pass = 0; pass < 3 && isAwaited(entry.id); pass++) await replay()
    if (isAwaited(entry.id)) settle({ kind: 'queued', entry: findEntry(entry.id) ?? entry })
    return await outcome
  } finally {
    stopProgress(entry.id)
  }
}

/** Staff choose to try a failed entry again (or to send now, skipping the backoff wait). */
export async function retry(id: string): Promise<void> {
  const entry = findEntry(id)
  if (!entry) return
  // Not one another tab is sending now.
  const again = (stored: OutboxEntry): OutboxEntry | null =>
    stored.state === 'sending' ? null : { ...stored, state: 'waiting', nextAttemptAt: 0, error: null }
  if (!(await changeEntry(entry, again))) return
  // Staff asked for it now: changes waiting out a backoff may go too (they come first in order).
  await wake()
  // Changes that failed only because this one had: they may go again too.
  for (const dependent of dependentsOf(entry)) {
    if (dependent.state === 'failed') await changeEntry(dependent, (stored) => (stored.state === 'failed' ? again(stored) : null))
  }
  await replay()
}

/** Drops an entry; for a record created on this device, the queued changes to that record go with it. */
export async function discard(id: string): Promise<void> {
  const entry = findEntry(id)
  if (!entry) return
  for (const dependent of dependentsOf(entry)) await remove(dependent.id)
  await remove(id)
  stopFollowing(id)
}

/**
 * Settles a conflict as a whole (one queued without a base, by an older version): 'overwrite' sends
 * the change again without the version check; 'discard' drops it. A conflict merged field by field
 * is settled per field: ./merge.ts resolveFields.
 */
export async function resolveConflict(id: string, choice: 'overwrite' | 'discard'): Promise<void> {
  const entry = findEntry(id)
  if (entry?.state !== 'conflict') return
  if (choice === 'discard') return remove(id)
  // A new key: the server must apply this as a fresh request, not replay the refused one. It takes the old
  // one's place in one step, and only while that is still a conflict (not already settled in another tab).
  const overwrite = (stored: OutboxEntry): OutboxEntry | null =>
    stored.state === 'conflict'
      ? {
          ...stored,
          id: crypto.randomUUID(),
          state: 'waiting',
          baseVersion: undefined,
          serverVersion: undefined,
          nextAttemptAt: 0,
          error: null,
          status: undefined,
        }
      : null
  if (await changeEntry(entry, overwrite, true)) await replay()
}

/**
 * Staff chose, for each field in conflict, whose value stays ('mine' or 'theirs'); the fields they
 * name no choice for keep what the merge gave. Sent with the server's version, so a field changed there since still conflicts.
 * A new key: the server must apply this as a fresh request. It takes the conflict's place in one step (never
 * absent from the list, nor from IndexedDB), and only while that is still a conflict (not settled in another tab).
 */
export async function resolveFields(id: string, chosen: Record<string, 'mine' | 'theirs'>): Promise<void> {
  const entry = findEntry(id)
  if (entry?.state !== 'conflict' || !entry.merge) return
  // The rest went ahead already: keeping the website's value everywhere leaves nothing to send.
  if (entry.merge.restSent && Object.values(chosen).every((side) => side === 'theirs')) return remove(id)
  const settled = (stored: OutboxEntry): OutboxEntry | null => {
    if (stored.state !== 'conflict' || !stored.merge) return null
    const mine = bodyFields(stored.body)
    const values = { ...stored.merge.merged }
    // A choice may name fields beside the one in conflict that belong with it (a closing time with its
    // "closed"): each takes the chosen side's value, so a choice never mixes the two versions.
    for (const [field, side] of Object.entries(chosen)) {
      if (Object.hasOwn(values, field)) values[field] = side === 'mine' ? mine[field] : stored.merge.theirs[field]
    }
    return { ...settledOn(stored, stored.merge, values), id: crypto.randomUUID() }
  }
  if (await changeEntry(entry, settled, true)) await replay()
}

/**
 * For tests: forget the in-memory state so the next call reads IndexedDB again, as a new page would;
 * `wipe` also empties IndexedDB first (a new device).
 */
export function resetOutboxForTests(options: { wipe?: boolean } = {}): void {
  resetReplay()
  resetListeners()
  resetState(!!options.wipe)
}
