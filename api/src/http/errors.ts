import { Elysia, type ValidationError } from 'elysia'

/** The one error shape of the API: thrown anywhere, answered as JSON `{ error }` with its status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }
}

export const badRequest = (message: string) => new HttpError(400, message)
export const unauthorized = (message = 'Authentication required.') => new HttpError(401, message)
export const notFound = (message: string) => new HttpError(404, message)
export const conflict = (message: string) => new HttpError(409, message)
export const tooLarge = (message: string) => new HttpError(413, message)
export const unsupportedType = (message: string) => new HttpError(415, message)

/** A JSON `{ error }` reply; also used for the replies server.ts writes before the app runs. */
export const jsonError = (status: number, error: string, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ error }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  })

/** Turns Elysia's validation report into one sentence a person can act on. */
export function describeValidationError(error: ValidationError): string {
  try {
    return describeFirstProblem(error)
  } catch {
    // Elysia builds its report from the offending value; a pathological one must not turn a 400 into a 500.
    return `Invalid ${error.type === 'body' ? 'request body' : error.type}.`
  }
}

function describeFirstProblem(error: ValidationError): string {
  const first = error.all[0] as { path?: string; message?: string; summary?: string; schema?: { error?: unknown } } | undefined
  const custom = first?.schema?.error
  if (typeof custom === 'string') return custom
  const field = first?.path?.replace(/^\//, '').replace(/\//g, '.')
  const summary = first?.summary || first?.message || 'is invalid'
  // The body as a whole (empty, null, a string): what it must be, not a field named 'body'.
  if (!field && error.type === 'body') return /object/i.test(summary) ? 'The request body must be a JSON object.' : `Invalid request body: ${summary}`
  if (!field) return `Invalid ${error.type}: ${summary}`
  return `Invalid ${error.type === 'body' ? 'field' : error.type} '${field}': ${summary}`
}

/** The path of a request without ever throwing (a broken Host can leave Bun with a URL that does not parse). */
export function pathOf(request: Request): string {
  const url = request.url
  const start = url.startsWith('/') ? 0 : url.indexOf('/', url.indexOf('//') + 2)
  if (start === -1) return '/'
  const end = url.indexOf('?', start)
  return url.slice(start, end === -1 ? undefined : end)
}

/**
 * Maps every failure to `{ error }`. Anything unexpected is logged with its cause and answered 500
 * without leaking internals.
 */
export const errorHandling = new Elysia({ name: 'http.errors' }).onError({ as: 'global' }, ({ code, error, request }) => {
  if (error instanceof HttpError) return jsonError(error.status, error.message, error.headers)
  // decodeURIComponent on a path with a broken %-escape (`/%E0%A4%A`): the address is the client's mistake.
  if (error instanceof URIError) return jsonError(400, 'The address is not valid: it has a broken %-escape.')
  switch (code) {
    case 'VALIDATION':
      return jsonError(400, describeValidationError(error as ValidationError))
    case 'PARSE': {
      // Our body parser (body-limits.ts) refuses with a status of its own (413, 400); Elysia wraps it.
      const cause = (error as { cause?: unknown }).cause
      if (cause instanceof HttpError) return jsonError(cause.status, cause.message, cause.headers)
      return jsonError(400, 'The request body could not be read. Send valid JSON or multipart form data.')
    }
    case 'NOT_FOUND':
      return jsonError(404, `No such endpoint: ${request.method} ${pathOf(request)}`)
    case 'INVALID_COOKIE_SIGNATURE':
      return jsonError(400, 'Invalid cookie.')
  }
  const status = (error as { status?: unknown })?.status
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return jsonError(status, (error as Error).message || 'Bad request.')
  }
  console.error(
    JSON.stringify({ level: 'error', msg: 'unhandled', method: request.method, path: pathOf(request), cause: String((error as Error)?.stack ?? error) }),
  )
  return jsonError(500, 'Something went wrong on our side. Please try again.')
})
