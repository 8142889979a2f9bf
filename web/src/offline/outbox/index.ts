import { clear, createStore, del, entries, set } from 'idb-keyval'
import { create } from 'zustand'
import { api, ApiError } from '../../api/client'

/**
 * The outbox: changes made on this device wait here (in IndexedDB, files included as Blobs) until
 * they reach the server — exactly once, because each carries its id as the Idempotency-Key, and in
 * the order they were made. Background Sync is not available everywhere (not on iOS), so the app
 * itself replays the queue; the service worker only nudges it where it can.
 */

export type OutboxBody =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'form'; fields: OutboxField[] }

/**
 * Files are kept as their bytes rather than as Blob objects: an ArrayBuffer survives IndexedDB in
 * every browser (older Safari lost Blobs stored there) and in the test environment alike.
 */
export type OutboxField = { name: string; value: string } | { name: string; bytes: ArrayBuffer; type: string; filename: string }

/** A form as a screen builds it: files still as Blobs. */
export type NewField = { name: string; value: string } | { name: string; file: Blob; filename: string }
export type NewBody = Exclude<OutboxBody, { kind: 'form' }> | { kind: 'form'; fields: NewField[] }

export type OutboxState = 'waiting' | 'sending' | 'failed' | 'conflict'

export interface OutboxEntry {
  /** Client-generated; sent as the Idempotency-Key. */
  id: string
  /** Creation order. */
  seq: number
  /** 'admin' entries carry the staff token; 'public' ones (the contact form) do not. */
  channel: 'admin' | 'public'
  method: 'POST' | 'PUT' | 'DELETE'
  path: string
  body: OutboxBody
  /** What a person reads in the pending-changes list, e.g. "Edit event 'Quiz night'". */
  label: string
  createdAt: number
  state: OutboxState
  attempts: number
  nextAttemptAt: number
  error: string | null
  /** For a create: later entries may use `placeholder` as the new record's id until the real one is known. */
  creates?: { placeholder: string; idField: string }
  /** For an edit: the version (updated_at) it was based on, sent as If-Match so the server can refuse a stale change. */
  baseVersion?: string
  /** For a conflict: the server's 409 reply (`{ error, current }`, the record as the server has it now). */
  serverVersion?: unknown
  /** The HTTP status of the last refusal (0: no answer), so a screen can word the failure as it would online. */
  status?: number
  /**
   * The record this entry changes (e.g. 'event:12', or 'event:<placeholder>'), and where its reply
   * carries the record's new version: after it lands, later edits of the same record are based on that
   * version, so a change queued on top of another queued change is no conflict with itself.
   */
  record?: string
  versionField?: string
  /**
   * What screens need to show the change before it lands (plain data, stored as is). `op: 'delete'`
   * marks a deletion (whatever its method): a 404 then means the goal is already reached.
   */
  meta?: Record<string, unknown>
}

export type NewEntry = Pick<OutboxEntry, 'channel' | 'method' | 'path' | 'label'> & { body: NewBody } & Partial<
    Pick<OutboxEntry, 'creates' | 'baseVersion' | 'id' | 'record' | 'versionField' | 'meta'>
  >

/** How a change ended up after it was put in the outbox and (when possible) sent at once. */
export type Outcome =
  | { kind: 'sent'; reply: unknown; entry: OutboxEntry }
  | { kind: 'failed'; status: number; message: string; entry: OutboxEntry }
  | { kind: 'conflict'; entry: OutboxEntry }
  /** Kept on the device: offline, no answer, a server error, waiting behind an earlier change, or a sign-in needed. */
  | { kind: 'queued'; entry: OutboxEntry }

async function storable(body: NewBody): Promise<OutboxBody> {
  if (body.kind !== 'form') return body
  const fields = await Promise.all(
    body.fields.map(async (f): Promise<OutboxField> => ('file' in f ? { name: f.name, bytes: await f.file.arrayBuffer(), type: f.file.type, filename: f.filename } : f)),
  )
  return { kind: 'form', fields }
}

export interface OutboxHooks {
  /** The staff token, or null when nobody is logged in. */
  getToken(): string | null
  /** Called once when a 401 pauses the queue; replay resumes after `resumeAfterLogin()`. */
  onAuthRequired(): void
  /** Called after each entry lands, with its reply, so lists can refresh. */
  onSent(entry: OutboxEntry, reply: unknown): void
  /** How to send an entry (default: the API client); the staff area sends forms with upload progress. */
  send?: (entry: OutboxEntry, request: SendRequest) => Promise<unknown>
}

export interface SendRequest {
  /** JSON value, FormData or undefined. */
  body: unknown
  token: string | null
  idempotencyKey: string
  headers: Record<string, string>
  /** Give up after this long without an answer (then the change waits and is tried again). */
  timeoutMs: number
}

/**
 * How long one send may take before it counts as a network failure: on a weak signal a request can
 * hang for minutes, and the change is safer waiting on the device (its key makes a resend harmless).
 */
export const SEND_TIMEOUT_MS = 15_000

/** A change that reached the server during this visit: shown as 'sent' in the pending-changes list. */
export interface SentEntry {
  id: string
  label: string
  channel: OutboxEntry['channel']
  sentAt: number
  /** Why it counts as done without the server applying it (a deletion of a record already gone). */
  note?: string
}

export const ALREADY_DELETED = 'Already deleted elsewhere — nothing left to do.'

/** How many landed changes the list keeps showing. */
export const SENT_SHOWN = 10

interface OutboxStore {
  entries: OutboxEntry[]
  /** Newest first; in memory only, because a landed change has nothing left to do. */
  sent: SentEntry[]
  /** True while a 401 holds the admin queue until staff log in again. */
  pausedForAuth: boolean
  replaying: boolean
}

export const useOutbox = create<OutboxStore>(() => ({ entries: [], sent: [], pausedForAuth: false, replaying: false }))

const storage = () => createStore('venue-outbox', 'entries')
let db: ReturnType<typeof createStore> | null = null
const idb = () => (db ??= storage())

let hooks: OutboxHooks = { getToken: () => null, onAuthRequired: () => {}, onSent: () => {} }
let loaded: Promise<void> | null = null
let lastSeq = 0
let running: Promise<void> | null = null
/** Bumped by resetOutboxForTests so a run started before the reset stops. */
let generation = 0

const BASE_DELAY_MS = 2_000
const MAX_DELAY_MS = 5 * 60_000

/** Exponential backoff with jitter: 2 s, 4 s, 8 s … capped at 5 minutes. */
export function backoffDelay(attempts: number, random = Math.random): number {
  const exp = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempts - 1))
  return Math.round(exp * (0.75 + random() * 0.5))
}

function sorted(list: OutboxEntry[]): OutboxEntry[] {
  return [...list].sort((a, b) => a.seq - b.seq)
}

async function save(entry: OutboxEntry): Promise<void> {
  await set(entry.id, entry, idb())
  useOutbox.setState((s) => ({ entries: sorted([...s.entries.filter((e) => e.id !== entry.id), entry]) }))
}

async function remove(id: string): Promise<void> {
  await del(id, idb())
  useOutbox.setState((s) => ({ entries: s.entries.filter((e) => e.id !== id) }))
}

/** Reads what waits on the device (once) and sets how entries are sent. */
export function configureOutbox(next: Partial<OutboxHooks>): Promise<void> {
  hooks = { ...hooks, ...next }
  loaded ??= (async () => {
    const stored = (await entries<string, OutboxEntry>(idb())).map(([, entry]) => entry)
    // An entry caught mid-send by a closed tab goes back to waiting; its Idempotency-Key makes resending safe.
    const recovered = stored.map((e) => (e.state === 'sending' ? { ...e, state: 'waiting' as const } : e))
    lastSeq = Math.max(0, ...recovered.map((e) => e.seq))
    useOutbox.setState({ entries: sorted(recovered) })
  })()
  return loaded
}

export async function enqueue(input: NewEntry, now = Date.now()): Promise<OutboxEntry> {
  await configureOutbox({})
  const seq = Math.max(now * 1000, lastSeq + 1)
  lastSeq = seq
  const entry: OutboxEntry = {
    id: input.id ?? crypto.randomUUID(),
    seq,
    channel: input.channel,
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
    record: input.record,
    versionField: input.versionField,
    meta: input.meta,
  }
  await save(entry)
  return entry
}

/** Screens waiting to hear how their own change went, by entry id. */
const waiters = new Map<string, (outcome: Outcome) => void>()
const sentListeners = new Set<(entry: OutboxEntry, reply: unknown) => void>()

/** Whoever follows an entry to its end, however many tries it takes (the contact form, still open). */
const followers = new Map<string, ((outcome: Exclude<Outcome, { kind: 'queued' }>) => void)[]>()

function settle(outcome: Outcome): void {
  const id = outcome.entry.id
  const waiter = waiters.get(id)
  if (waiter) {
    waiters.delete(id)
    waiter(outcome)
  }
  if (outcome.kind === 'queued') return
  const following = followers.get(id)
  followers.delete(id)
  for (const follower of following ?? []) follower(outcome)
}

/**
 * Resolves when the entry with this id has landed (sent) or been refused (failed, conflict) — on
 * this try or a later one during this visit; never while it waits. Call it before `submit` to hear
 * about the first try too. A discarded entry never resolves.
 */
export function finalOutcome(id: string): Promise<Exclude<Outcome, { kind: 'queued' }>> {
  return new Promise((resolve) => followers.set(id, [...(followers.get(id) ?? []), resolve]))
}

/** Also told about every entry that lands (the admin lists refresh from it). Returns the unsubscribe. */
export function addSentListener(listener: (entry: OutboxEntry, reply: unknown) => void): () => void {
  sentListeners.add(listener)
  return () => sentListeners.delete(listener)
}

/** A nudge that the connection may be back (online event, a new change): waiting entries may go now. */
export async function wake(): Promise<void> {
  await configureOutbox({})
  for (const entry of useOutbox.getState().entries) {
    if (entry.state === 'waiting' && entry.nextAttemptAt > 0) await save({ ...entry, nextAttemptAt: 0 })
  }
}

/**
 * Puts a change in the outbox and, when online, sends the queue at once; resolves with what happened
 * to this change: sent (with the reply), failed (the server's reason), a conflict, or queued (kept on
 * the device and sent later). A screen behaves the same online and offline this way.
 */
export async function submit(input: NewEntry, options: { online: boolean }): Promise<Outcome> {
  const entry = await enqueue(input)
  if (!options.online) return { kind: 'queued', entry }
  const outcome = new Promise<Outcome>((resolve) => waiters.set(entry.id, resolve))
  await wake()
  // A replay already under way may have finished its pass just before this entry arrived: try again.
  for (let pass = 0; pass < 3 && waiters.has(entry.id); pass++) await replay()
  const now = useOutbox.getState().entries.find((e) => e.id === entry.id)
  if (waiters.has(entry.id)) settle({ kind: 'queued', entry: now ?? entry })
  return outcome
}

function toRequestBody(body: OutboxBody): unknown {
  if (body.kind === 'none') return undefined
  if (body.kind === 'json') return body.value
  const form = new FormData()
  for (const field of body.fields) {
    if ('bytes' in field) form.append(field.name, new File([field.bytes], field.filename, { type: field.type }))
    else form.append(field.name, field.value)
  }
  return form
}

function pick(value: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), value)
}

/** Swaps a placeholder id for the real one everywhere in a later entry (path, JSON values, form fields). */
export function substitute(entry: OutboxEntry, placeholder: string, real: string | number): OutboxEntry {
  const swap = (value: unknown): unknown => {
    if (value === placeholder) return real
    if (typeof value === 'string' && value.includes(placeholder)) return value.split(placeholder).join(String(real))
    if (Array.isArray(value)) return value.map(swap)
    if (value && typeof value === 'object' && !(value instanceof ArrayBuffer)) {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, swap(v)]))
    }
    return value
  }
  const body: OutboxBody =
    entry.body.kind === 'json'
      ? { kind: 'json', value: swap(entry.body.value) }
      : entry.body.kind === 'form'
        ? { kind: 'form', fields: entry.body.fields.map((f) => ('bytes' in f ? f : { name: f.name, value: String(swap(f.value)) })) }
        : entry.body
  const record = entry.record?.split(placeholder).join(String(real))
  const meta = entry.meta === undefined ? {} : { meta: swap(entry.meta) as Record<string, unknown> }
  return { ...entry, path: entry.path.split(placeholder).join(String(real)), body, ...(record === undefined ? {} : { record }), ...meta }
}

const mentions = (entry: OutboxEntry, placeholder: string) => JSON.stringify({ p: entry.path, b: entry.body, r: entry.record ?? null }).includes(placeholder)

/** The entries that refer to a record created by `entry` (not yet on the server). */
export function dependentsOf(entry: OutboxEntry, list: OutboxEntry[] = useOutbox.getState().entries): OutboxEntry[] {
  const placeholder = entry.creates?.placeholder
  return placeholder ? list.filter((e) => e.id !== entry.id && mentions(e, placeholder)) : []
}

/** A 409 that carries the record as it is now is a real conflict; the idempotency race 409 means "already being applied". */
const isVersionConflict = (failure: ApiError) => !!failure.data && typeof failure.data === 'object' && 'current' in (failure.data as object)
const isKeyRace = (failure: ApiError) => failure.status === 409 && /Idempotency-Key/i.test(failure.message)

async function sendOne(entry: OutboxEntry): Promise<unknown> {
  const headers: Record<string, string> = {}
  if (entry.baseVersion) headers['if-match'] = `"${entry.baseVersion}"`
  const request: SendRequest = {
    body: toRequestBody(entry.body),
    token: entry.channel === 'admin' ? hooks.getToken() : null,
    idempotencyKey: entry.id,
    headers,
    timeoutMs: SEND_TIMEOUT_MS,
  }
  if (hooks.send) return hooks.send(entry, request)
  return api.send(entry.method, entry.path, request.body, { token: request.token, idempotencyKey: request.idempotencyKey, headers, timeoutMs: request.timeoutMs })
}

const isDeletion = (entry: OutboxEntry) => entry.method === 'DELETE' || (entry.meta as { op?: unknown } | undefined)?.op === 'delete'

/** The change reached its goal: off the queue, onto the sent list, and everyone who waits for it is told. */
async function landed(entry: OutboxEntry, reply: unknown, note?: string): Promise<void> {
  await remove(entry.id)
  const sent: SentEntry = { id: entry.id, label: entry.label, channel: entry.channel, sentAt: Date.now(), ...(note ? { note } : {}) }
  useOutbox.setState((state) => ({ sent: [sent, ...state.sent].slice(0, SENT_SHOWN) }))
  if (entry.creates) {
    const realId = pick(reply, entry.creates.idField)
    if (typeof realId === 'string' || typeof realId === 'number') {
      for (const later of useOutbox.getState().entries) {
        if (mentions(later, entry.creates.placeholder)) await save(substitute(later, entry.creates.placeholder, realId))
      }
    }
  }
  await carryVersion(entry, reply)
  hooks.onSent(entry, reply)
  for (const listener of sentListeners) listener(entry, reply)
  settle({ kind: 'sent', reply, entry })
}

/**
 * Sends waiting entries one at a time, oldest first, each given SEND_TIMEOUT_MS. A network failure
 * (or no answer in time) or a server error stops the run (so nothing overtakes it) and schedules a
 * retry with backoff; a 401 pauses admin entries until staff log in again; a 404 to a deletion means
 * the record is already gone, which is what it wanted (done); any other 4xx marks the entry failed
 * with the server's reason and moves on; a 409 marks a conflict for staff to settle.
 */
export function replay(now: () => number = Date.now): Promise<void> {
  if (running) return running
  const mine = generation
  running = (async () => {
    await configureOutbox({})
    useOutbox.setState({ replaying: true })
    try {
      for (;;) {
        if (mine !== generation) break // the outbox was reset (tests): this run is over
        const { entries: list, pausedForAuth } = useOutbox.getState()
        const next = list.find((e) => e.state === 'waiting' && !(pausedForAuth && e.channel === 'admin'))
        if (!next) break
        if (next.nextAttemptAt > now()) break
        if (next.channel === 'admin' && !hooks.getToken()) {
          pauseForAuth()
          continue
        }
        await save({ ...next, state: 'sending' })
        try {
          await landed(next, await sendOne(next))
        } catch (error) {
          const failure = error instanceof ApiError ? error : new ApiError(0, String(error))
          const attempts = next.attempts + 1
          if (failure.status === 404 && isDeletion(next)) {
            // Someone else deleted it first: what this change wanted is done, not failed.
            await landed(next, null, ALREADY_DELETED)
            continue
          }
          if (failure.status === 0 || failure.status >= 500 || failure.status === 429 || isKeyRace(failure)) {
            const waiting: OutboxEntry = { ...next, state: 'waiting', attempts, nextAttemptAt: now() + backoffDelay(attempts), error: failure.message, status: failure.status }
            await save(waiting)
            settle({ kind: 'queued', entry: waiting })
            break
          }
          if (failure.status === 401 && next.channel === 'admin') {
            const waiting: OutboxEntry = { ...next, state: 'waiting', error: failure.message, status: 401 }
            await save(waiting)
            pauseForAuth()
            settle({ kind: 'queued', entry: waiting })
            continue
          }
          if (failure.status === 409 && isVersionConflict(failure)) {
            const conflicted: OutboxEntry = { ...next, state: 'conflict', attempts, error: failure.message, status: 409, serverVersion: failure.data }
            await save(conflicted)
            settle({ kind: 'conflict', entry: conflicted })
            continue
          }
          const failed: OutboxEntry = { ...next, state: 'failed', attempts, error: failure.message, status: failure.status }
          await save(failed)
          settle({ kind: 'failed', status: failure.status, message: failure.message, entry: failed })
          if (next.creates) {
            for (const later of useOutbox.getState().entries) {
              if (later.state === 'waiting' && mentions(later, next.creates.placeholder)) {
                const dependent: OutboxEntry = { ...later, state: 'failed', error: `Depends on "${next.label}", which failed.`, status: failure.status }
                await save(dependent)
                settle({ kind: 'failed', status: failure.status, message: dependent.error!, entry: dependent })
              }
            }
          }
        }
      }
    } finally {
      useOutbox.setState({ replaying: false })
    }
  })().finally(() => {
    if (mine === generation) running = null
  })
  return running
}

/** After an edit lands, later queued edits of the same record are based on its new version. */
async function carryVersion(sent: OutboxEntry, reply: unknown): Promise<void> {
  if (!sent.record || !sent.versionField) return
  const version = pick(reply, sent.versionField)
  if (typeof version !== 'string') return
  for (const later of useOutbox.getState().entries) {
    if (later.record === sent.record && later.baseVersion && later.state === 'waiting') await save({ ...later, baseVersion: version })
  }
}

function pauseForAuth() {
  if (useOutbox.getState().pausedForAuth) return
  useOutbox.setState({ pausedForAuth: true })
  hooks.onAuthRequired()
}

/** After staff log in again: admin entries may be sent. */
export function resumeAfterLogin(): Promise<void> {
  useOutbox.setState({ pausedForAuth: false })
  return replay()
}

/** Staff choose to try a failed entry again (or to send now, skipping the backoff wait). */
export async function retry(id: string): Promise<void> {
  const entry = useOutbox.getState().entries.find((e) => e.id === id)
  if (!entry) return
  await save({ ...entry, state: 'waiting', nextAttemptAt: 0, error: null })
  // Staff asked for it now: changes waiting out a backoff may go too (they come first in order).
  await wake()
  // Changes that failed only because this one had: they may go again too.
  for (const dependent of dependentsOf(entry)) {
    if (dependent.state === 'failed') await save({ ...dependent, state: 'waiting', nextAttemptAt: 0, error: null })
  }
  await replay()
}

/** Drops an entry; for a record created on this device, the queued changes to that record go with it. */
export async function discard(id: string): Promise<void> {
  const entry = useOutbox.getState().entries.find((e) => e.id === id)
  if (!entry) return
  for (const dependent of dependentsOf(entry)) await remove(dependent.id)
  await remove(id)
  followers.delete(id)
}

/** Settles a conflict: 'overwrite' sends the change again without the version check; 'discard' drops it. */
export async function resolveConflict(id: string, choice: 'overwrite' | 'discard'): Promise<void> {
  const entry = useOutbox.getState().entries.find((e) => e.id === id)
  if (!entry || entry.state !== 'conflict') return
  if (choice === 'discard') return remove(id)
  // A new key: the server must apply this as a fresh request, not replay the refused one. (Saved
  // before the old one goes, so the change is never absent from the list, nor from IndexedDB.)
  await save({ ...entry, id: crypto.randomUUID(), state: 'waiting', baseVersion: undefined, serverVersion: undefined, nextAttemptAt: 0, error: null, status: undefined })
  await remove(id)
  await replay()
}

/**
 * For tests: forget the in-memory state so the next call reads IndexedDB again, as a new page would;
 * `wipe` also empties IndexedDB first (a new device).
 */
export function resetOutboxForTests(options: { wipe?: boolean } = {}): void {
  generation++
  running = null
  lastSeq = 0
  waiters.clear()
  followers.clear()
  useOutbox.setState({ entries: [], sent: [], pausedForAuth: false, replaying: false })
  loaded = options.wipe ? clear(idb()) : null
}
