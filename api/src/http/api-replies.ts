import { Elysia } from 'elysia'
import type { AppContext } from '../context'
import { dataVersion } from '../db/data-version'
import { acceptedCodings, notModified } from './negotiation'
import { securityHeaderValues, servedOverHttps } from './security'

const COMPRESS_FROM_BYTES = 1024
/**
 * Public replies kept (the newest). Every visitor asks for the same few addresses; the bound only
 * matters against a client inventing query strings, whose replies push out the oldest.
 */
const REPLIES_KEPT = 256

const isPlainJson = (value: unknown) =>
  Array.isArray(value) || (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)

/** A public GET reply as sent, with the data version it was read at: valid until that version changes. */
interface KeptReply {
  version: string
  etag: string
  body: string
  gzip: Uint8Array<ArrayBuffer> | null
  /** Its whole header lists, security headers included, made once: [plain, gzip, 304] × [http, https]. */
  headers: Record<string, string>[]
}

/** "/api/…?…" of a request URL, or null for any other path (pages and files are kept elsewhere). */
function apiPathOf(url: string): string | null {
  const start = url.startsWith('/') ? 0 : url.indexOf('/', url.indexOf('//') + 2)
  return start !== -1 && url.startsWith('/api/', start) ? url.slice(start) : null
}

/** GET, or HEAD: the same reply without its body (RFC 9110 §9.3.2), so the same ETag, caching and 304. */
const isRead = (request: Request) => request.method === 'GET' || request.method === 'HEAD'

/**
 * Whether a request may be answered from, and kept in, the reply cache: a read that carries no
 * credentials. Staff routes answer such a request 401, which is never kept, and a route that forbids
 * keeping its reply says so with no-store (see keep below), so only public data is ever kept. Bun
 * sends a HEAD's reply without the body, so a kept reply serves it too.
 */
const anonymousRead = (request: Request) => isRead(request) && !request.headers.has('authorization') && !request.headers.has('cookie')

function replyHeaders(etag: string | null, noStore: boolean): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8', vary: 'accept-encoding' }
  if (noStore) headers['cache-control'] = 'no-store'
  else if (etag) {
    headers.etag = etag
    headers['cache-control'] = 'no-cache'
  }
  return headers
}

/** The reply for `body`: 304 when the client holds `etag`, gzip when it is large and accepted. */
function send(request: Request, status: number, body: string, etag: string | null, noStore: boolean, gzip: () => Uint8Array<ArrayBuffer>) {
  const headers = replyHeaders(etag, noStore)
  if (etag && notModified(request, etag)) return new Response(null, { status: 304, headers })
  if (body.length >= COMPRESS_FROM_BYTES && acceptedCodings(request).has('gzip')) {
    headers['content-encoding'] = 'gzip'
    return new Response(gzip(), { status, headers })
  }
  return new Response(body, { status, headers })
}

/**
 * JSON replies of the API: GETs carry an ETag so a phone that already has the data gets a 304 with
 * no body, and large replies are gzipped when the client accepts it. Public replies are kept as sent,
 * serialised and compressed, with the data version they were read at (db/data-version.ts: any write,
 * a restore, a new venue day), and answered before routing while that version holds: the same bytes,
 * for a lookup and one tiny query instead of a route, a query and JSON.stringify.
 */
export function apiReplies(ctx: AppContext) {
  const version = dataVersion(ctx)
  const kept = new Map<string, KeptReply>()
  // The version each cacheable request started at: read before its route reads the data, so a write
  // in between leaves the kept reply behind a newer version, never ahead of one.
  const startedAt = new WeakMap<Request, { key: string; version: string }>()

  /**
   * A kept reply, sent before the security headers' own hook runs (nothing else is spent on it), so
   * its header lists carry them, made once per kind of reply: the same headers as a fresh reply.
   */
  const sendKept = (request: Request, reply: KeptReply) => {
    const https = servedOverHttps(ctx.config, request)
    const unchanged = notModified(request, reply.etag)
    const gzipped = !unchanged && reply.gzip !== null && acceptedCodings(request).has('gzip')
    const kind = (unchanged ? 2 : gzipped ? 1 : 0) * 2 + (https ? 1 : 0)
    let headers = reply.headers[kind]
    if (!headers) {
      headers = { ...securityHeaderValues(ctx.config, ctx.venue(), request), ...replyHeaders(reply.etag, false) }
      if (gzipped) headers['content-encoding'] = 'gzip'
      reply.headers[kind] = headers
    }
    return new Response(unchanged ? null : gzipped ? reply.gzip : reply.body, { status: unchanged ? 304 : 200, headers })
  }

  /** Used first of all: a kept reply is answered before any other hook runs. */
  const answerKept = new Elysia({ name: 'http.api-replies.kept' }).onRequest(({ request }) => {
    if (!anonymousRead(request)) return
    const key = apiPathOf(request.url)
    if (key === null) return
    const now = version()
    const reply = kept.get(key)
    if (reply?.version === now) return sendKept(request, reply)
    startedAt.set(request, { key, version: now })
  })

  /**
   * Used after the other plugins' hooks (the body parser's mapResponse removes a form's files on disk
   * before the reply goes): a mapResponse that answers ends the chain, so it comes last.
   */
  const serialise = new Elysia({ name: 'http.api-replies.json' }).mapResponse({ as: 'global' }, ({ responseValue, request, set }) => {
    if (!isPlainJson(responseValue) || apiPathOf(request.url) === null) return
    const body = JSON.stringify(responseValue)
    const status = typeof set.status === 'number' ? set.status : 200
    // A route that forbids keeping its reply (staff tokens, who is logged in) keeps that: no ETag, no-store.
    const noStore = set.headers['cache-control'] === 'no-store'
    const etag = isRead(request) && status === 200 && !noStore ? `W/"${Bun.hash(body).toString(36)}"` : null
    let gzip: Uint8Array<ArrayBuffer> | null = null
    const compressed = () => (gzip ??= Bun.gzipSync(body))
    const started = startedAt.get(request)
    if (started && etag) {
      if (body.length >= COMPRESS_FROM_BYTES) compressed()
      // Map keeps insertion order: dropping the first key drops the oldest.
      kept.delete(started.key)
      if (kept.size >= REPLIES_KEPT) kept.delete(kept.keys().next().value!)
      kept.set(started.key, { version: started.version, etag, body, gzip, headers: [] })
    }
    return send(request, status, body, etag, noStore, compressed)
  })
  return { answerKept, serialise }
}
