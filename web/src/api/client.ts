/**
 * The one way the web app talks to the API. Components never call fetch: stores and admin screens use
 * these helpers, which turn any failure into an ApiError carrying the server's `{ error }` text.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The reply body, when there was one (a 409 carries the record as it is now). */
    readonly data: unknown = null,
  ) {
    super(message)
  }
  /** True when the request never reached the server (offline, DNS, connection reset). */
  get isNetwork(): boolean {
    return this.status === 0
  }
}

export interface RequestOptions {
  token?: string | null
  idempotencyKey?: string
  signal?: AbortSignal
  headers?: Record<string, string>
  /**
   * Give up when no complete answer came within this many ms (a weak signal can leave a request
   * hanging for minutes): the request is aborted and fails like a network failure (status 0).
   */
  timeoutMs?: number
  /**
   * Give up when nothing moved for this many ms: no upload progress and no answer. For uploads, which
   * may rightly take long on a weak signal but must not hang for ever (a queued upload that never
   * settles would hold up every change behind it). Fails like timeoutMs.
   */
  idleTimeoutMs?: number
  /**
   * Called with 0..1 while the body is sent (and 1 once answered). Only XMLHttpRequest reports upload
   * progress, so asking for it sends through XMLHttpRequest; answers and failures are the same.
   */
  onUploadProgress?: (fraction: number) => void
}

export const TIMED_OUT = 'The server did not answer in time.'

/**
 * Why a request got no answer at all: the device knows it has no connection, or it has one and the
 * venue's server did not take the call (down, restarting, unreachable). Saying "offline" for the
 * second would send staff to check a Wi-Fi that works.
 */
export function unreachableMessage(): string {
  return typeof navigator !== 'undefined' && navigator.onLine === false ? OFFLINE : NOT_REACHED
}
const OFFLINE = 'You appear to be offline.'
const NOT_REACHED = 'The server could not be reached.'

/** True for the text of an ApiError that got no answer (offline, unreachable, timed out): for lists that keep only the text. */
export const isNoAnswerText = (text: string | null | undefined) => text === OFFLINE || text === NOT_REACHED || text === TIMED_OUT

const reachedListeners = new Set<() => void>()

/** Told whenever a request is answered successfully: the server can be reached (again). Returns the unsubscribe. */
export function onServerReached(listener: () => void): () => void {
  reachedListeners.add(listener)
  return () => reachedListeners.delete(listener)
}

/** What came back: the status and the whole body as text. */
interface Answer {
  status: number
  text: string
}

async function request<T>(method: string, path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers }
  if (options.token) headers.authorization = `Bearer ${options.token}`
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey
  let payload: FormData | string | undefined
  if (body instanceof FormData) payload = body
  else if (body !== undefined) {
    headers['content-type'] = 'application/json'
    payload = JSON.stringify(body)
  }
  const limit = options.timeoutMs ?? options.idleTimeoutMs
  const deadline = limit ? withTimeout(limit, options.signal) : null
  const signal = deadline?.signal ?? options.signal
  const progress = options.onUploadProgress
  // Progress is movement: an idle limit starts again with each step of the body sent.
  const onProgress = progress && deadline && !options.timeoutMs ? (fraction: number) => (deadline.restart(), progress(fraction)) : progress
  let answer: Answer
  try {
    const exchange = onProgress ? viaXhr(onProgress) : viaFetch
    answer = await exchange(method, path, headers, payload, signal)
  } catch (error) {
    if (deadline?.timedOut()) throw new ApiError(0, TIMED_OUT)
    if ((error as Error)?.name === 'AbortError') throw error
    throw new ApiError(0, unreachableMessage())
  } finally {
    deadline?.done()
  }
  return settle<T>(answer)
}

type Exchange = (
  method: string,
  path: string,
  headers: Record<string, string>,
  payload: FormData | string | undefined,
  signal: AbortSignal | undefined,
) => Promise<Answer>

type Transport = (path: string, init: RequestInit) => Promise<Response>
/** The browser's fetch; when the server renders a page with current data, its own app in-process (entry-server.tsx). */
let transport: Transport = (path, init) => fetch(path, init)
export function setApiTransport(send: Transport): void {
  transport = send
}

const viaFetch: Exchange = async (method, path, headers, payload, signal) => {
  const response = await transport(path, { method, headers, body: payload, signal })
  // The body too: an answer that stops halfway is as lost as one that never starts.
  return { status: response.status, text: await response.text() }
}

/** The same exchange through XMLHttpRequest, which reports upload progress; rejects as fetch would. */
function viaXhr(onProgress: (fraction: number) => void): Exchange {
  return (method, path, headers, payload, signal) =>
    new Promise<Answer>((resolve, reject) => {
      const xhr = new XMLHttpRequest()
      xhr.open(method, path)
      for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value)
      if (xhr.upload) {
        xhr.upload.onprogress = (event) => {
          if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total))
        }
      }
      const aborted = () => reject(new DOMException('The request was aborted.', 'AbortError'))
      const failed = () => reject(new TypeError('Network request failed'))
      if (signal?.aborted) return aborted()
      signal?.addEventListener('abort', () => xhr.abort(), { once: true })
      xhr.onerror = failed
      xhr.ontimeout = failed
      xhr.onabort = () => (signal?.aborted ? aborted() : failed())
      xhr.onload = () => {
        if (xhr.status === 0) return failed()
        if (xhr.status >= 200 && xhr.status < 300) onProgress(1)
        resolve({ status: xhr.status, text: xhr.responseText })
      }
      xhr.send(payload ?? null)
    })
}

/** The reply as data, or the server's `{ error }` (else a standard text) as an ApiError. */
function settle<T>({ status, text }: Answer): T {
  let data: unknown = null
  let json = true
  try {
    data = text ? JSON.parse(text) : null
  } catch {
    json = false
  }
  const ok = status >= 200 && status < 300
  // Every answer of this API is JSON or empty: a page instead (a Wi-Fi sign-in page, a proxy's) did not come
  // from the venue's server, and taken as its answer a change would count as sent.
  if (ok && !json) throw new ApiError(0, unreachableMessage())
  if (ok) for (const listener of reachedListeners) listener()
  if (!ok) {
    const message = (data as { error?: unknown } | null)?.error
    throw new ApiError(status, typeof message === 'string' ? message : fallbackMessage(status), data)
  }
  return data as T
}

/** The text used when the server sent no `{ error }`. */
export const fallbackMessage = (status: number) => `Request failed (${status}).`

/** A signal that aborts after `ms` or when the caller's own signal does, whichever comes first. */
function withTimeout(ms: number, outer: AbortSignal | undefined) {
  const controller = new AbortController()
  let expired = false
  const expire = () => {
    expired = true
    controller.abort()
  }
  let timer = setTimeout(expire, ms)
  const follow = () => controller.abort(outer?.reason)
  if (outer?.aborted) follow()
  else outer?.addEventListener('abort', follow, { once: true })
  return {
    signal: controller.signal,
    timedOut: () => expired,
    /** The limit counts again from now. */
    restart() {
      clearTimeout(timer)
      if (!expired) timer = setTimeout(expire, ms)
    },
    done() {
      clearTimeout(timer)
      outer?.removeEventListener('abort', follow)
    },
  }
}

export const api = {
  send: <T>(method: string, path: string, body?: unknown, options?: RequestOptions) => request<T>(method, path, body, options),
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  delete: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('DELETE', path, body, options),
}
