/**
 * The only way staff screens talk to the API. Built on the app's one client (../api/client.ts):
 *
 * - Every call carries the admin bearer token.
 * - A change is a plain description `{ method, path, body, label }` handed to `mutate()`. Nothing else
 *   about it lives in the screen, so a later outbox can store the same description and replay it.
 * - Every change carries an `Idempotency-Key`. When a change fails without an answer (offline, or the
 *   server failed), the key is remembered for that exact request, so clicking again with the same input
 *   re-sends the same key and the server applies it at most once. The same request already on its way
 *   is not sent a second time (a double click gives one request).
 * - Bodies with files go through XMLHttpRequest so uploads report progress; errors keep ApiError's shape.
 * - A 401 from any admin call (expired, revoked or tampered token) saves the open forms' input, signs
 *   out and goes to /login.
 */
import { navigate } from 'wouter/use-browser-location'
import { api, ApiError } from '../api/client'
import { saveDrafts } from './drafts'
import { currentToken, useAdminSession } from './session'

export type MutationBody = Record<string, unknown> | FormData

export interface Mutation {
  method: 'POST' | 'PUT' | 'DELETE'
  path: string
  body?: MutationBody
  /** What the change does, in words staff understand ("Upload 3 gallery images"). */
  label: string
  /** Set by mutate() when absent; an outbox that stores the description keeps it. */
  idempotencyKey?: string
}

export interface MutateOptions {
  /** Called with 0..1 while the body is sent (uses XMLHttpRequest). */
  onProgress?: (fraction: number) => void
}

export interface AdminGetOptions {
  /** false: a 401 is thrown to the caller instead of signing out (the dashboard shows its own message). */
  signOutOn401?: boolean
}

/** The text client.ts uses when the server sent no `{ error }`. */
export const fallbackMessage = (status: number) => `Request failed (${status}).`

/** True when an ApiError carries the server's own `{ error }` text. */
export function hasServerMessage(error: unknown): error is ApiError {
  return error instanceof ApiError && !error.isNetwork && error.message !== fallbackMessage(error.status)
}

function newKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`
}

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

/** Keys of changes that failed without a clear answer, by request fingerprint. */
const retryKeys = new Map<string, string>()
/** Changes on their way, by request fingerprint. */
const inFlight = new Map<string, Promise<unknown>>()

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

function parseReply(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null
  } catch {
    return null
  }
}

/** One request through XMLHttpRequest, for upload progress; answers and fails exactly like client.ts. */
function sendWithProgress<T>(mutation: Mutation, headers: Record<string, string>, onProgress: (fraction: number) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open(mutation.method, mutation.path)
    const isForm = mutation.body instanceof FormData
    const all: Record<string, string> = { accept: 'application/json', ...headers }
    if (!isForm && mutation.body !== undefined) all['content-type'] = 'application/json'
    for (const [name, value] of Object.entries(all)) xhr.setRequestHeader(name, value)
    if (xhr.upload) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total))
      }
    }
    const offline = () => reject(new ApiError(0, 'You appear to be offline.'))
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
      reject(new ApiError(xhr.status, typeof message === 'string' ? message : fallbackMessage(xhr.status)))
    }
    const payload = isForm ? (mutation.body as FormData) : mutation.body === undefined ? null : JSON.stringify(mutation.body)
    xhr.send(payload)
  })
}

async function send<T>(mutation: Mutation, options: MutateOptions): Promise<T> {
  const token = currentToken()
  const key = mutation.idempotencyKey!
  if (options.onProgress || mutation.body instanceof FormData) {
    const headers: Record<string, string> = { 'idempotency-key': key }
    if (token) headers.authorization = `Bearer ${token}`
    return sendWithProgress<T>(mutation, headers, options.onProgress ?? (() => {}))
  }
  const request = { token, idempotencyKey: key }
  switch (mutation.method) {
    case 'POST':
      return api.post<T>(mutation.path, mutation.body, request)
    case 'PUT':
      return api.put<T>(mutation.path, mutation.body, request)
    case 'DELETE':
      return api.delete<T>(mutation.path, mutation.body, request)
  }
}

/** Whether a failure leaves it unknown if the server applied the change (so a retry must reuse the key). */
const outcomeUnknown = (error: unknown) => error instanceof ApiError && (error.isNetwork || error.status >= 500)

/**
 * Sends one change. Resolves with the server's reply; rejects with ApiError (status 0 when offline).
 * The description is not modified, except that an idempotency key is chosen when it has none.
 */
export function mutate<T>(mutation: Mutation, options: MutateOptions = {}): Promise<T> {
  const fingerprint = requestFingerprint(mutation)
  const running = inFlight.get(fingerprint)
  if (running) return running as Promise<T>
  const described: Mutation = { ...mutation, idempotencyKey: mutation.idempotencyKey ?? retryKeys.get(fingerprint) ?? newKey() }
  const promise = send<T>(described, options)
    .then(
      (reply) => {
        retryKeys.delete(fingerprint)
        return reply
      },
      (error: unknown) => {
        if (outcomeUnknown(error)) retryKeys.set(fingerprint, described.idempotencyKey!)
        else retryKeys.delete(fingerprint)
        return handleError(error)
      },
    )
    .finally(() => inFlight.delete(fingerprint))
  inFlight.set(fingerprint, promise)
  return promise
}

/** For tests: forget remembered keys and running requests. */
export function resetAdminApi(): void {
  retryKeys.clear()
  inFlight.clear()
}
