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
  let response: Response
  try {
    response = await fetch(path, { method, headers, body: payload, signal: options.signal })
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error
    throw new ApiError(0, 'You appear to be offline.')
  }
  const text = await response.text()
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
