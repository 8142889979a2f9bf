import { rmSync } from 'node:fs'
import { Elysia } from 'elysia'
import { EVENT_IMAGE_TOO_LARGE_MESSAGE, MB } from '../shared/rules/uploads'
import { badRequest, tooLarge, unsupportedType } from './errors'
import { BODY_BASE_SECONDS, withinDeadline } from './body-deadline'
import { deadlineOf, eachChunkWithin, filesToDisk, formParseSlots, removeSpooled, spoolBody, type BodyLimit } from './upload-spool'

/** What a JSON call needs: the longest is a contact message or an event description. */
export const DEFAULT_BODY_LIMIT = 1 * MB

/**
 * Routes that carry files, with room for their documented file limits (README, API reference) plus
 * the other fields and the multipart framing. Keyed by method and route pattern, as Elysia names them.
 */
export const BODY_LIMITS: Readonly<Record<string, number>> = {
  // Anonymous routes whose fields are short: a declared length past what a browser makes of their
  // longest fields is refused at once, so held bodies cannot pile up memory. A contact message at every
  // field's limit in three-byte characters (message and SPEC's `text` both, newlines escaped) is about
  // 32 KB (api/test/contact-body-limit.test.ts); 1,000 bodies held at 128 KB took the server to 350 MB.
  'POST /api/email/send-email': 64 * 1024,
  'POST /api/admin/login': 16 * 1024,
  'POST /api/upload-gallery': 64 * MB,
  'POST /api/upload-around': 11 * MB,
  'PUT /api/edit-around/:id': 11 * MB,
  // A 2 MB image as base64 inside JSON is 2.7 MB.
  'POST /api/upload-event': 4 * MB,
  'POST /api/update-event': 3 * MB,
  'POST /api/upload-pdf': 21 * MB,
  'POST /api/admin/pages/:page/picture': 11 * MB,
  'POST /api/admin/venue/logo': 6 * MB,
}

/**
 * The routes that take forms (SPEC.md's multipart uploads). Every other route takes JSON only: a form
 * body is what a hostile web page can make a visitor's browser send without a CORS preflight, so a
 * JSON route that read forms would take contact messages and failed logins from any page on the web.
 */
export const FORM_ROUTES: readonly string[] = [
  'POST /api/upload-gallery',
  'POST /api/upload-around',
  'PUT /api/edit-around/:id',
  'POST /api/update-event',
  'POST /api/upload-pdf',
  'POST /api/admin/pages/:page/picture',
  'POST /api/admin/venue/logo',
]

/** Where only the file can make a body that large, the reply says what SPEC.md says about the file. */
const OVER_LIMIT_MESSAGES: Readonly<Record<string, string>> = {
  'POST /api/upload-event': EVENT_IMAGE_TOO_LARGE_MESSAGE,
}

/** The largest any route takes; server.ts refuses a declared length over it before routing. */
export const MAX_BODY_LIMIT = Math.max(DEFAULT_BODY_LIMIT, ...Object.values(BODY_LIMITS))

/** A form declared at least this large (or of no declared length) goes through disk (upload-spool.ts). */
export const SPOOL_FORM_BYTES = 1 * MB

/** Parts of one multipart body: a gallery upload is at most 20 images and a type. */
export const MAX_MULTIPART_PARTS = 30
/** A text field of a form: event descriptions are at most 5000 characters. */
export const MAX_FORM_FIELD_BYTES = 64 * 1024
/** No request of this API nests deeper than a few levels; 5,000 levels overflow the stack of whatever walks them. */
export const MAX_JSON_DEPTH = 32

// Elysia has not matched the route yet when the body is parsed, so the patterns are matched here.
const routePattern = (key: string) => {
  const [method, route] = key.split(' ') as [string, string]
  return { method, pattern: new RegExp(`^${route.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`) }
}
const LIMIT_PATTERNS = Object.entries(BODY_LIMITS).map(([key, limit]) => ({ ...routePattern(key), limit, message: OVER_LIMIT_MESSAGES[key] }))
const FORM_PATTERNS = FORM_ROUTES.map(routePattern)

const takesForms = (method: string, path: string) => FORM_PATTERNS.some((route) => route.method === method.toUpperCase() && route.pattern.test(path))
export const JSON_ONLY_MESSAGE = 'This address takes JSON: send the body as application/json.'
const FORM_OR_JSON_MESSAGE = 'This address takes a form or JSON: send the body as multipart/form-data or application/json.'

export type { BodyLimit }

/** The body limit of a request, by its method and path; `baseSeconds` sets its time to arrive (body-deadline.ts). */
export function bodyLimitOf(method: string, path: string, baseSeconds = BODY_BASE_SECONDS): BodyLimit {
  const upper = method.toUpperCase()
  const entry = LIMIT_PATTERNS.find((candidate) => candidate.method === upper && candidate.pattern.test(path))
  const bytes = entry?.limit ?? DEFAULT_BODY_LIMIT
  const size = bytes >= MB ? `${Math.round(bytes / MB)} MB` : `${Math.round(bytes / 1024)} KB`
  return { bytes, baseSeconds, message: entry?.message ?? `The request body is too large: this address takes at most ${size}.` }
}

/**
 * The body's bytes, refused with 413 as soon as they pass the limit, and with 408 if they are still
 * arriving at the body's deadline (body-deadline.ts). A declared length over the limit is refused
 * before anything is read; a streamed (chunked) body is counted as it arrives.
 */
export async function readBodyWithin(request: Request, limit: BodyLimit): Promise<Uint8Array<ArrayBuffer>> {
  const declared = request.headers.get('content-length')
  if (declared !== null) {
    if (Number(declared) > limit.bytes) throw tooLarge(limit.message)
    // Bun holds the body to its declared length, so it cannot grow past the check.
    return new Uint8Array(await withinDeadline(request.arrayBuffer(), deadlineOf(request, limit)))
  }
  if (!request.body) return new Uint8Array()
  const chunks: Uint8Array[] = []
  let total = 0
  await eachChunkWithin(request.body, limit, (chunk) => {
    chunks.push(chunk)
    total += chunk.byteLength
  })
  const bytes = new Uint8Array(total)
  let at = 0
  for (const chunk of chunks) {
    bytes.set(chunk, at)
    at += chunk.byteLength
  }
  return bytes
}

/** Refuses JSON nested deeper than MAX_JSON_DEPTH, in one pass over the text before it is parsed. */
export function assertShallowJson(text: string): void {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 92)
        i++ // backslash: skip the escaped character
      else if (c === 34) inString = false
    } else if (c === 34) inString = true
    else if (c === 91 || c === 123) {
      if (++depth > MAX_JSON_DEPTH) throw badRequest(`The JSON body is nested too deeply (more than ${MAX_JSON_DEPTH} levels).`)
    } else if (c === 93 || c === 125) depth--
  }
}

function countParts(bytes: Uint8Array, boundary: string): number {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const delimiter = `--${boundary}`
  let parts = -1 // the closing delimiter ends the last part
  for (let at = buffer.indexOf(delimiter); at !== -1; at = buffer.indexOf(delimiter, at + delimiter.length)) {
    if (++parts > MAX_MULTIPART_PARTS) break
  }
  return parts
}

const DANGEROUS_KEYS = new Set(['__proto__', 'constructor', 'prototype'])

/** The form as the routes' schemas expect it (what Elysia's own parser makes): one value, or an array for a repeated name. */
function formToBody(form: Awaited<ReturnType<Response['formData']>>): Record<string, unknown> {
  const body: Record<string, unknown> = {}
  const grouped = new Map<string, (string | File)[]>()
  form.forEach((value, key) => {
    if (DANGEROUS_KEYS.has(key)) return
    const list = grouped.get(key)
    if (list) list.push(value)
    else grouped.set(key, [value])
  })
  for (const [key, values] of grouped) body[key] = values.length === 1 ? values[0] : values
  return body
}

/**
 * The `boundary` parameter of a Content-Type, read parameter by parameter as the form parser reads
 * it: a quoted value of another parameter (`x="boundary=decoy"`) is not the boundary.
 */
function boundaryOf(contentType: string): string | undefined {
  for (const [, name, quoted, plain] of contentType.matchAll(/;\s*([^=;\s]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]*))/g)) {
    if (name!.toLowerCase() === 'boundary') return quoted?.replace(/\\(.)/g, '$1') ?? plain
  }
  return undefined
}

const tooManyParts = () => tooLarge(`The form has too many parts: at most ${MAX_MULTIPART_PARTS}.`)

async function parseMultipart(request: Request, bytes: Uint8Array<ArrayBuffer>): Promise<Record<string, unknown>> {
  const contentType = request.headers.get('content-type') ?? ''
  const boundary = boundaryOf(contentType)
  if (!boundary) throw badRequest('The form has no boundary: send it as multipart/form-data.')
  // Counted before parsing, so thousands of parts are refused unparsed; and again after, because
  // whichever boundary the parser settled on, the parts it made are what the limit is about.
  if (countParts(bytes, boundary) > MAX_MULTIPART_PARTS) throw tooManyParts()
  const form = await new Response(bytes, { headers: { 'content-type': contentType } }).formData()
  let parts = 0
  for (const [name, value] of form) {
    if (++parts > MAX_MULTIPART_PARTS) throw tooManyParts()
    if (typeof value === 'string' && value.length > MAX_FORM_FIELD_BYTES / 4 && Buffer.byteLength(value) > MAX_FORM_FIELD_BYTES) {
      throw tooLarge(`The form field '${name.slice(0, 40)}' is too large: at most ${MAX_FORM_FIELD_BYTES / 1024} KB.`)
    }
  }
  return formToBody(form)
}

/**
 * Reads every request body within its route's limit, and refuses what would make later code fall
 * over: JSON nested thousands deep, forms with thousands of parts or huge text fields. Replaces
 * Elysia's own parsing for the types the API takes; other types are left unread. Forms go through
 * `spoolDir` (upload-spool.ts): their files reach the routes as Files read from disk.
 */
export const bodyParsing = (spoolDir: string, bodyBaseSeconds = BODY_BASE_SECONDS) =>
  new Elysia({ name: 'http.body-limits', seed: spoolDir })
    // A form's files on disk go as its reply is made (mapResponse runs for errors too); after the
    // reply as well, for a request that ended some other way.
    .mapResponse({ as: 'global' }, ({ request }) => {
      removeSpooled(request)
    })
    .onAfterResponse({ as: 'global' }, ({ request }) => {
      removeSpooled(request)
    })
    .onParse({ as: 'global' }, async ({ request, path }, contentType) => {
      const type = contentType.trim().toLowerCase()
      const json = type === 'application/json'
      const multipart = type === 'multipart/form-data'
      const text = type === 'text/plain' || type.startsWith('text/plain;')
      const urlencoded = type === 'application/x-www-form-urlencoded'
      if (!json && !multipart && !text && !urlencoded && type !== 'application/octet-stream') {
        // Another declared type (application/xml, text/json …) with a body: the type is what is wrong (415),
        // not the fields a validator would find missing. Read within the limit, so a huge one is still a 413.
        if (type !== '' && (await readBodyWithin(request, bodyLimitOf(request.method, path, bodyBaseSeconds))).byteLength > 0) {
          throw unsupportedType(takesForms(request.method, path) ? FORM_OR_JSON_MESSAGE : JSON_ONLY_MESSAGE)
        }
        return
      }
      // text/plain is what fetch() sends for a string body with no type: JSON sent that way must hear what
      // is wrong (415), not that its fields are missing.
      if ((multipart || urlencoded || text) && !takesForms(request.method, path)) throw unsupportedType(JSON_ONLY_MESSAGE)
      const declared = request.headers.get('content-length')
      // A small form is read and parsed in memory: going through disk would cost more than it holds.
      if (multipart && (declared === null || Number(declared) >= SPOOL_FORM_BYTES)) {
        const spool = await spoolBody(request, bodyLimitOf(request.method, path, bodyBaseSeconds), spoolDir)
        return formParseSlots.run(async () => {
          const bytes = await Bun.file(spool).bytes()
          rmSync(spool, { force: true })
          const form = await parseMultipart(request, bytes)
          const onDisk = await filesToDisk(request, form, spoolDir)
          // A large body and its parts are garbage now, megabytes each, in a heap the collector would
          // let grow by several before it ran: twenty uploads at once took the server past 170 MB.
          if (bytes.byteLength >= SPOOL_FORM_BYTES) Bun.gc(true)
          return onDisk
        })
      }
      const bytes = await readBodyWithin(request, bodyLimitOf(request.method, path, bodyBaseSeconds))
      if (multipart) return parseMultipart(request, bytes)
      if (type === 'application/octet-stream') return bytes.buffer
      const body = new TextDecoder().decode(bytes)
      if (text) return body
      if (urlencoded) return Object.fromEntries([...new URLSearchParams(body)].filter(([key]) => !DANGEROUS_KEYS.has(key)))
      // An empty body is no body (a DELETE sent with a JSON type and nothing else); a route that needs one says so.
      if (body.trim() === '') return null
      assertShallowJson(body)
      return JSON.parse(body)
    })
