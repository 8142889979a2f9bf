import { createStore, del, entries, set } from 'idb-keyval'
import { create } from 'zustand'
import { api, ApiError } from '../api/client'

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
  /** For a conflict: the record as the server has it now. */
  serverVersion?: unknown
}

export type NewEntry = Pick<OutboxEntry, 'channel' | 'method' | 'path' | 'label'> & { body: NewBody } & Partial<Pick<OutboxEntry, 'creates' | 'baseVersion' | 'id'>>

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
}

interface OutboxStore {
  entries: OutboxEntry[]
  /** True while a 401 holds the admin queue until staff log in again. */
  pausedForAuth: boolean
  replaying: boolean
}

export const useOutbox = create<OutboxStore>(() => ({ entries: [], pausedForAuth: false, replaying: false }))

const storage = () => createStore('venue-outbox', 'entries')
let db: ReturnType<typeof createStore> | null = null
const idb = () => (db ??= storage())

let hooks: OutboxHooks = { getToken: () => null, onAuthRequired: () => {}, onSent: () => {} }
let loaded: Promise<void> | null = null
let lastSeq = 0
let running: Promise<void> | null = null

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
  }
  await save(entry)
  return entry
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
  return { ...entry, path: entry.path.split(placeholder).join(String(real)), body }
}

const mentions = (entry: OutboxEntry, placeholder: string) => JSON.stringify({ p: entry.path, b: entry.body }).includes(placeholder)

async function sendOne(entry: OutboxEntry): Promise<unknown> {
  const headers: Record<string, string> = {}
  if (entry.baseVersion) headers['if-match'] = `"${entry.baseVersion}"`
  return api.send(entry.method, entry.path, toRequestBody(entry.body), {
    token: entry.channel === 'admin' ? hooks.getToken() : null,
    idempotencyKey: entry.id,
    headers,
  })
}

/**
 * Sends waiting entries one at a time, oldest first. A network failure or a server error stops the
 * run (so nothing overtakes it) and schedules a retry with backoff; a 401 pauses admin entries until
 * staff log in again; any other 4xx marks the entry failed with the server's reason and moves on;
 * a 409 marks a conflict for staff to settle.
 */
export function replay(now: () => number = Date.now): Promise<void> {
  if (running) return running
  running = (async () => {
    await configureOutbox({})
    useOutbox.setState({ replaying: true })
    try {
      for (;;) {
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
          const reply = await sendOne(next)
          await remove(next.id)
          if (next.creates) {
            const realId = pick(reply, next.creates.idField)
            if (typeof realId === 'string' || typeof realId === 'number') {
              for (const later of useOutbox.getState().entries) {
                if (mentions(later, next.creates.placeholder)) await save(substitute(later, next.creates.placeholder, realId))
              }
            }
          }
          hooks.onSent(next, reply)
        } catch (error) {
          const failure = error instanceof ApiError ? error : new ApiError(0, String(error))
          const attempts = next.attempts + 1
          if (failure.status === 0 || failure.status >= 500 || failure.status === 429) {
            await save({ ...next, state: 'waiting', attempts, nextAttemptAt: now() + backoffDelay(attempts), error: failure.message })
            break
          }
          if (failure.status === 401 && next.channel === 'admin') {
            await save({ ...next, state: 'waiting', error: failure.message })
            pauseForAuth()
            continue
          }
          if (failure.status === 409) {
            await save({ ...next, state: 'conflict', attempts, error: failure.message, serverVersion: failure.data })
            continue
          }
          await save({ ...next, state: 'failed', attempts, error: failure.message })
          if (next.creates) {
            for (const later of useOutbox.getState().entries) {
              if (later.state === 'waiting' && mentions(later, next.creates.placeholder)) {
                await save({ ...later, state: 'failed', error: `Depends on "${next.label}", which failed.` })
              }
            }
          }
        }
      }
    } finally {
      useOutbox.setState({ replaying: false })
    }
  })().finally(() => {
    running = null
  })
  return running
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
  await replay()
}

export async function discard(id: string): Promise<void> {
  await remove(id)
}

/** Settles a conflict: 'overwrite' sends the change again without the version check; 'discard' drops it. */
export async function resolveConflict(id: string, choice: 'overwrite' | 'discard'): Promise<void> {
  const entry = useOutbox.getState().entries.find((e) => e.id === id)
  if (!entry || entry.state !== 'conflict') return
  if (choice === 'discard') return remove(id)
  // A new key: the server must apply this as a fresh request, not replay the refused one.
  await remove(id)
  await save({ ...entry, id: crypto.randomUUID(), state: 'waiting', baseVersion: undefined, serverVersion: undefined, nextAttemptAt: 0, error: null })
  await replay()
}

/** For tests: forget the in-memory state so the next call reads IndexedDB again, as a new page would. */
export function resetOutboxForTests(): void {
  loaded = null
  running = null
  lastSeq = 0
  useOutbox.setState({ entries: [], pausedForAuth: false, replaying: false })
}
