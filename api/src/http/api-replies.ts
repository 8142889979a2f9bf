import { Elysia } from 'elysia'
import { acceptedCodings, notModified } from './negotiation'

const COMPRESS_FROM_BYTES = 1024
/** Replies repeat (every visitor reads the same opening times), so their gzip is kept rather than redone. */
const COMPRESSED_KEPT = 128

const isPlainJson = (value: unknown) =>
  Array.isArray(value) || (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)

const compressedByHash = new Map<string, Uint8Array<ArrayBuffer>>()

function gzipOnce(hash: string, body: string): Uint8Array<ArrayBuffer> {
  let bytes = compressedByHash.get(hash)
  if (bytes) return bytes
  bytes = Bun.gzipSync(body)
  // Map keeps insertion order: dropping the first key drops the oldest.
  if (compressedByHash.size >= COMPRESSED_KEPT) compressedByHash.delete(compressedByHash.keys().next().value!)
  compressedByHash.set(hash, bytes)
  return bytes
}

/**
 * JSON replies of the API: GETs carry an ETag so a phone that already has the data gets a 304 with
 * no body, and large replies are gzipped when the client accepts it.
 */
export const apiReplies = new Elysia({ name: 'http.api-replies' }).mapResponse({ as: 'global' }, ({ responseValue, request, set }) => {
  if (!isPlainJson(responseValue) || !new URL(request.url).pathname.startsWith('/api/')) return
  const body = JSON.stringify(responseValue)
  const hash = Bun.hash(body).toString(36)
  const status = typeof set.status === 'number' ? set.status : 200
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8', vary: 'accept-encoding' }
  // A route that forbids keeping its reply (staff tokens, who is logged in) keeps that: no ETag, no-store.
  if (set.headers['cache-control'] === 'no-store') headers['cache-control'] = 'no-store'
  else if (request.method === 'GET' && status === 200) {
    const etag = `W/"${hash}"`
    headers.etag = etag
    headers['cache-control'] = 'no-cache'
    if (notModified(request, etag)) return new Response(null, { status: 304, headers })
  }
  if (body.length >= COMPRESS_FROM_BYTES && acceptedCodings(request).has('gzip')) {
    headers['content-encoding'] = 'gzip'
    return new Response(gzipOnce(hash, body), { status, headers })
  }
  return new Response(body, { status, headers })
})
