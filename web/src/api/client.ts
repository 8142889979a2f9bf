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
   * Give up when the whole reply has not arrived within this many milliseconds, as a network failure
   * (status 0): a server that is down or hung then fails like one that cannot be reached at all.
   */
  timeoutMs?: number
}

/** A signal that aborts when the caller's does, or when `timeoutMs` passes (reported by `timedOut()`). */
function withTimeout(signal: AbortSignal | undefined, timeoutMs: number | undefined) {
  if (!timeoutMs) return { signal, timedOut: () => false, done: () => {} }
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, timeoutMs)
  const forward = () => controller.abort()
  if (signal?.aborted) controller.abort()
  else signal?.addEventListener('abort', forward, { once: true })
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    done: () => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', forward)
    },
  }
}

async function request<T>(method: string, path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers }
  if (options.token) headers.authorization = `Bearer ${options.token}`
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey
  let payload: BodyInit | undefined
  if (body instanceof FormData) payload = body
  else if (body !== undefined) {
    headers['content-type'] = 'application/json'
    payload = JSON.stringify(body)
  }
  const deadline = withTimeout(options.signal, options.timeoutMs)
  let response: Response
  let text: string
  try {
    response = await fetch(path, { method, headers, body: payload, signal: deadline.signal })
    text = await response.text()
  } catch (error) {
    if (deadline.timedOut()) throw new ApiError(0, 'The venue’s server did not answer in time.')
    if ((error as Error)?.name === 'AbortError') throw error
    throw new ApiError(0, 'You appear to be offline.')
  } finally {
    deadline.done()
  }
  let data: unknown = null
  try {
    data = text ? JSON.parse(text) : null
  } catch {
    data = null
  }
  if (!response.ok) {
    const message = (data as { error?: unknown } | null)?.error
    throw new ApiError(response.status, typeof message === 'string' ? message : `Request failed (${response.status}).`, data)
  }
  return data as T
}

export const api = {
  send: <T>(method: string, path: string, body?: unknown, options?: RequestOptions) => request<T>(method, path, body, options),
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  delete: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('DELETE', path, body, options),
}
