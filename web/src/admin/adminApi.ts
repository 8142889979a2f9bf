/**
 * The only way staff screens talk to the API. Built on the app's one client (../api/client.ts):
 *
 * - Every call carries the admin bearer token.
 * - A change is a plain description `{ method, path, body, label }` handed to `mutate()`, which puts it
 *   in the outbox (../offline/outbox.ts: IndexedDB, files kept as bytes) and, when online, sends the
 *   queue at once. The entry id is the Idempotency-Key, so however often a change is sent (a lost
 *   reply, a reload, a second tab) the server applies it once.
 * - mutate() resolves with the server's reply when the change landed now, and rejects with ApiError
 *   when the server refused it (the screen shows the reason, as before), with `QueuedError` when the
 *   change is kept on the device to be sent later (offline, no answer, a server error, a sign-in
 *   needed), or with `ConflictError` when the record was changed elsewhere (Pending changes settles it).
 * - Bodies with files go through XMLHttpRequest so uploads report progress; errors keep ApiError's shape.
 * - A 401 from any admin call (expired, revoked or tampered token) saves the open forms' input, signs
 *   out and goes to /login; queued changes wait and go after the next login.
 */
import { navigate } from 'wouter/use-browser-location'
import { api, ApiError, unreachableMessage } from '../api/client'
import { addSentListener, configureOutbox, discard, submit, useOutbox, type NewBody, type NewField, type OutboxEntry, type SendRequest } from '../offline/outbox'
import { requestBackgroundSync } from '../offline/sync'
import { saveDrafts } from './drafts'
import { currentToken, TOKEN_KEY, useAdminSession } from './session'

export type MutationBody = Record<string, unknown> | FormData

export interface Mutation {
  method: 'POST' | 'PUT' | 'DELETE'
  path: string
  body?: MutationBody
  /** What the change does, in words staff understand ("Upload 3 gallery images"). */
  label: string
  /** Set by mutate() when absent; the outbox entry's id. */
  idempotencyKey?: string
  /** For a create: later changes may name the new record by `placeholder` until it lands. */
  creates?: { placeholder: string; idField: string }
  /** For an edit: the version (updated_at) it is based on, sent as If-Match. */
  baseVersion?: string
  /** The record changed ('event:12') and where the reply carries its new version. */
  record?: string
  versionField?: string
  /** What lists need to show the change before it lands (see ./pending.ts). */
  meta?: Record<string, unknown>
}

export interface MutateOptions {
  /** Called with 0..1 while the body is sent (uses XMLHttpRequest). */
  onProgress?: (fraction: number) => void
}

export interface AdminGetOptions {
  /** false: a 401 is thrown to the caller instead of signing out (the dashboard shows its own message). */
  signOutOn401?: boolean
}

/** What staff see when a change is kept on the device. */
export const QUEUED_MESSAGE = 'Saved on this device — will sync when you’re back online'
export const CONFLICT_MESSAGE = 'Someone else changed this since you opened it. Nothing was overwritten: compare both versions in Pending changes and choose which to keep.'

/** The change is in the outbox and will be sent later (status: the last answer, 0 for none). */
export class QueuedError extends ApiError {
  constructor(readonly entry: OutboxEntry) {
    super(entry.status ?? 0, entry.error ?? QUEUED_MESSAGE)
  }
}

/** The server refused the change because the record changed since (409); the entry waits in Pending changes. */
export class ConflictError extends ApiError {
  constructor(readonly entry: OutboxEntry) {
    super(409, entry.error ?? 'Conflict', entry.serverVersion)
  }
}

export const isQueued = (error: unknown): error is QueuedError => error instanceof QueuedError
export const isConflict = (error: unknown): error is ConflictError => error instanceof ConflictError

/** The status line for a change that did not land now; null for any other failure. */
export function deferredStatus(error: unknown): { text: string; tone: 'info' | 'error'; detail?: string; pending: true } | null {
  if (isQueued(error)) {
    const detail = error.status >= 500 ? `The server could not take it yet (${error.message}). It will be tried again.` : undefined
    return { text: QUEUED_MESSAGE, tone: 'info', detail, pending: true }
  }
  if (isConflict(error)) return { text: CONFLICT_MESSAGE, tone: 'error', detail: error.message, pending: true }
  return null
}

/**
 * What a screen shows when a change did not go through at once: the queued or conflict notice (the
 * change is kept on this device), or else the screen's own error with the server's reason beneath.
 * `pending` tells the screen the change is kept, so it may clear its form.
 */
export function failureStatus(error: unknown, errorText: string, what: string): { text: string; tone: 'info' | 'error'; detail?: string; pending?: true } {
  const deferred = deferredStatus(error)
  if (deferred) return deferred
  console.error(`${what} failed:`, error)
  return { text: errorText, tone: 'error', detail: hasServerMessage(error) ? error.message : undefined }
}

/** The text client.ts uses when the server sent no `{ error }`. */
export const fallbackMessage = (status: number) => `Request failed (${status}).`

/** True when an ApiError carries the server's own `{ error }` text. */
export function hasServerMessage(error: unknown): error is ApiError {
  return error instanceof ApiError && !error.isNetwork && !isQueued(error) && error.message !== fallbackMessage(error.status)
}

function newKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`
}

/** A new placeholder id for a record created on this device. */
export const newPlaceholder = () => `tmp-${newKey()}`
export const isPlaceholder = (id: unknown): id is string => typeof id === 'string' && id.startsWith('tmp-')

/** A stable text for "the same request": method, path and body (files by name, size, type and date). */
export function requestFingerprint(mutation: Pick<Mutation, 'method' | 'path' | 'body'>): string {
  const { body } = mutation
  let text: string
  if (body instanceof FormData) {
    const parts: string[] = []
    body.forEach((value, name) => {
      if (typeof value === 'string') parts.push(`${name}=${JSON.stringify(value)}`)
      else parts.push(`${name}=file:${value.name}:${value.size}:${value.type}:${(value as File).lastModified ?? ''}`)
    })
    text = `form:${parts.join('&')}`
  } else {
    text = `json:${stableJson(body ?? null)}`
  }
  return `${mutation.method} ${mutation.path}\n${text}`
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.keys(value as Record<string, unknown>)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stableJson((value as Record<string, unknown>)[key])}`)
    return `{${entries.join(',')}}`
  }
  return JSON.stringify(value ?? null)
}

/** Changes on their way, by request fingerprint (a double click gives one change). */
const inFlight = new Map<string, Promise<unknown>>()
/** Upload progress of the changes a screen is waiting for, by entry id. */
const progressById = new Map<string, (fraction: number) => void>()

let signingOut = false

/** Saves the open forms, forgets the token and goes to /login. */
export function signOutExpired(): void {
  if (signingOut) return
  signingOut = true
  try {
    saveDrafts(typeof location !== 'undefined' ? location.pathname : undefined)
    useAdminSession.getState().clear('expired')
    navigate('/login')
  } finally {
    signingOut = false
  }
}

function handleError(error: unknown, signOutOn401 = true): never {
  if (error instanceof ApiError && error.status === 401 && signOutOn401) signOutExpired()
  throw error
}

/** GET with the bearer token. */
export async function adminGet<T>(path: string, options: AdminGetOptions = {}): Promise<T> {
  try {
    return await api.get<T>(path, { token: currentToken() })
  } catch (error) {
    return handleError(error, options.signOutOn401 ?? true)
  }
}

/** A call that must happen now or not at all (logging out): never queued. */
export async function adminPostNow<T>(path: string, body: unknown): Promise<T> {
  return api.post<T>(path, body, { token: currentToken() })
}

function parseReply(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null
  } catch {
    return null
  }
}

/** One request through XMLHttpRequest, for upload progress; answers and fails exactly like client.ts. */
function sendWithProgress<T>(method: string, path: string, body: unknown, headers: Record<string, string>, onProgress: (fraction: number) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open(method, path)
    const isForm = body instanceof FormData
    const all: Record<string, string> = { accept: 'application/json', ...headers }
    if (!isForm && body !== undefined) all['content-type'] = 'application/json'
    for (const [name, value] of Object.entries(all)) xhr.setRequestHeader(name, value)
    if (xhr.upload) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total))
      }
    }
    const offline = () => reject(new ApiError(0, unreachableMessage()))
    xhr.onerror = offline
    xhr.ontimeout = offline
    xhr.onabort = offline
    xhr.onload = () => {
      if (xhr.status === 0) return offline()
      const data = parseReply(xhr.responseText)
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1)
        resolve(data as T)
        return
      }
      const message = (data as { error?: unknown } | null)?.error
      reject(new ApiError(xhr.status, typeof message === 'string' ? message : fallbackMessage(xhr.status), data))
    }
    const payload = isForm ? (body as FormData) : body === undefined ? null : JSON.stringify(body)
    xhr.send(payload)
  })
}

/** How the outbox sends an entry: forms through XMLHttpRequest (upload progress), JSON through the client. */
function transport(entry: OutboxEntry, request: SendRequest): Promise<unknown> {
  const onProgress = progressById.get(entry.id)
  if (onProgress || request.body instanceof FormData) {
    const headers: Record<string, string> = { ...request.headers, 'idempotency-key': request.idempotencyKey }
    if (request.token) headers.authorization = `Bearer ${request.token}`
    return sendWithProgress(entry.method, entry.path, request.body, headers, onProgress ?? (() => {}))
  }
  // (Uploads above may rightly take long on a weak signal; a JSON change that hangs is given up and retried.)
  return api.send(entry.method, entry.path, request.body, { token: request.token, idempotencyKey: request.idempotencyKey, headers: request.headers, timeoutMs: request.timeoutMs })
}

let listening = false

/** The device's token (the Login page stores a new one there before the session store hears of it). */
function storedToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY) || null
  } catch {
    return currentToken()
  }
}

/**
 * Points the outbox at the staff session: the token to send, what a 401 does (keep the forms, go to
 * /login; the queue waits for the next login), how to send, and which lists to refresh when a change
 * lands. Safe to call often.
 */
export function connectOutbox(): Promise<void> {
  const ready = configureOutbox({ getToken: storedToken, onAuthRequired: signOutExpired, send: transport })
  if (!listening) {
    listening = true
    addSentListener((entry) => {
      for (const listener of landedListeners) listener(entry)
    })
  }
  return ready
}

const landedListeners = new Set<(entry: OutboxEntry) => void>()
/** Told when a queued change lands (the stores refresh their lists). */
export function onChangeLanded(listener: (entry: OutboxEntry) => void): () => void {
  landedListeners.add(listener)
  return () => landedListeners.delete(listener)
}

async function toNewBody(body: MutationBody | undefined): Promise<NewBody> {
  if (body === undefined) return { kind: 'none' }
  if (!(body instanceof FormData)) return { kind: 'json', value: body }
  const fields: NewField[] = []
  body.forEach((value, name) => {
    if (typeof value === 'string') fields.push({ name, value })
    else fields.push({ name, file: value, filename: (value as File).name || 'file' })
  })
  return { kind: 'form', fields }
}

const online = () => typeof navigator === 'undefined' || navigator.onLine !== false

async function run<T>(mutation: Mutation, options: MutateOptions): Promise<T> {
  await connectOutbox()
  const id = mutation.idempotencyKey ?? newKey()
  if (options.onProgress) progressById.set(id, options.onProgress)
  try {
    const outcome = await submit(
      {
        id,
        channel: 'admin',
        method: mutation.method,
        path: mutation.path,
        body: await toNewBody(mutation.body),
        label: mutation.label,
        creates: mutation.creates,
        baseVersion: mutation.baseVersion,
        record: mutation.record,
        versionField: mutation.versionField,
        meta: mutation.meta,
      },
      { online: online() },
    )
    switch (outcome.kind) {
      case 'sent':
        return outcome.reply as T
      case 'failed':
        // The screen shows the server's reason next to the form; staff correct it and send again.
        await discard(outcome.entry.id)
        return handleError(new ApiError(outcome.status, outcome.message))
      case 'conflict':
        throw new ConflictError(outcome.entry)
      case 'queued':
        // The queue waits for a login (a 401 now or earlier): sign out here too, unless that already happened.
        if (useOutbox.getState().pausedForAuth && storedToken()) signOutExpired()
        // Where the browser can (Chromium), the service worker wakes the app when the connection returns.
        void requestBackgroundSync()
        throw new QueuedError(outcome.entry)
    }
  } finally {
    progressById.delete(id)
  }
}

/**
 * Makes one change. Resolves with the server's reply; rejects with ApiError (refused), QueuedError
 * (kept on the device, sent later) or ConflictError (changed elsewhere). The same change while the
 * first is on its way is not made twice.
 */
export function mutate<T>(mutation: Mutation, options: MutateOptions = {}): Promise<T> {
  const fingerprint = requestFingerprint(mutation)
  const running = inFlight.get(fingerprint)
  if (running) return running as Promise<T>
  const promise = run<T>(mutation, options).finally(() => inFlight.delete(fingerprint))
  inFlight.set(fingerprint, promise)
  return promise
}

/** For tests: forget running requests. */
export function resetAdminApi(): void {
  inFlight.clear()
  progressById.clear()
}
