/**
 * Property-based fuzzing of every route the app has (read from the app itself, so a new endpoint is
 * fuzzed without anyone remembering to add it), with hostile methods, paths, query strings, headers,
 * tokens and bodies. Two phases:
 *  - without a valid token (none, forged, expired, revoked): nothing but a contact message may be
 *    stored, and every public reply reads the same afterwards;
 *  - with a valid token, on the staff routes, with bodies that are mostly broken but sometimes valid:
 *    a rejected request changes nothing in the database or on disk, an accepted one may.
 * Always: never a 5xx, never a hang, every /api error is JSON `{ error }`, no reply leaks the
 * database, the signing secret or a file outside the web build, and the database passes
 * `PRAGMA integrity_check` at the end. A last phase sends hostile Host headers and declared body
 * lengths to the real server process, where Bun parses them before the app runs. FUZZ_SEED and
 * FUZZ_RUNS explore further.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliDecompressSync } from 'node:zlib'
import fc from 'fast-check'
import { SignJWT } from 'jose'
import { DEMO_ADMIN } from '../src/app'
import { JWT_AUDIENCE, JWT_ISSUER } from '../src/auth/guard'
import { fileOf, jsonOf, makeImage, makePdf, makeTestApp, type TestApp } from './helpers'
import { rawRequest } from './raw-http'
import { startServer, waitUntilReady } from './server-process'

const SEED = Number(process.env.FUZZ_SEED ?? 20261122)
const RUNS = Number(process.env.FUZZ_RUNS ?? 1500)
/**
 * Each property stops taking new requests after this long (its runs so far are checked and counted):
 * the same seed's requests in the same order, as many as the machine sends in the time. A machine busy
 * with the browser tests once took over three minutes for the 1,500 and the test timed out.
 */
const SECONDS = Number(process.env.FUZZ_SECONDS ?? 60)
const REPLY_TIMEOUT_MS = 20_000
/** Put in the web build's sibling folder: a reply containing it read a file outside the build. */
const OUTSIDE_MARKER = 'OUTSIDE-THE-WEB-BUILD-7f3a'

let t: TestApp
let validToken: string
let forgedAuthorizations: string[]
let realImages: Uint8Array[]
let realPdf: Uint8Array
let hugePixelPng: Uint8Array
const statusCounts = new Map<number, number>()
let requestsTried = 0

// ---------------------------------------------------------------------------------------------
// What the server holds: every table (as sorted JSON rows) and the uploads folder. Image variants
// (their own table and folder) are derived data made whenever they are first asked for, by any
// request, so they are left out; the last test checks they belong to recorded images.
// ---------------------------------------------------------------------------------------------
function tablesOf(db: TestApp['ctx']['db']): string[] {
  return (db.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[])
    .map((r) => r.name)
    .filter((name) => !/variant/i.test(name))
}

function snapshot(skipTables: string[] = []): Record<string, string> {
  const state: Record<string, string> = {}
  for (const table of tablesOf(t.ctx.db)) {
    if (skipTables.includes(table)) continue
    state[table] = t.ctx.db
      .query(`SELECT * FROM "${table}"`)
      .all()
      .map((row) => JSON.stringify(row))
      .sort()
      .join('\n')
  }
  state['uploads/'] = readdirSync(t.ctx.files.dir).sort().join('\n')
  return state
}

function changedParts(before: Record<string, string>, after: Record<string, string>): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((key) => before[key] !== after[key])
}

// ---------------------------------------------------------------------------------------------
// Requests: generated as plain data, then built into a Request (bodies can be read only once).
// ---------------------------------------------------------------------------------------------
type FilePart = { file: true; bytes: Uint8Array; name: string; type: string }
type FieldValue = string | FilePart
type BodySpec =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown; contentType: string }
  | { kind: 'raw'; bytes: Uint8Array | string; contentType: string | null }
  | { kind: 'form'; fields: [string, FieldValue][] }
  | { kind: 'truncated-form'; fields: [string, FieldValue][]; keep: number }

interface FuzzRequest {
  method: string
  path: string
  headers: Record<string, string>
  body: BodySpec
}

interface Route {
  method: string
  path: string
  admin: boolean
}

async function buildRequest(spec: FuzzRequest): Promise<Request> {
  const headers = new Headers()
  for (const [name, value] of Object.entries(spec.headers)) headers.set(name, value)
  let body: Bun.BodyInit | undefined
  const { body: b } = spec
  if (b.kind === 'json') {
    body = JSON.stringify(b.value) ?? 'undefined'
    headers.set('content-type', b.contentType)
  } else if (b.kind === 'raw') {
    body = b.bytes as Bun.BodyInit
    if (b.contentType === null) headers.delete('content-type')
    else headers.set('content-type', b.contentType)
  } else if (b.kind === 'form' || b.kind === 'truncated-form') {
    const form = new FormData()
    for (const [name, value] of b.fields) {
      if (typeof value === 'string') form.append(name, value)
      else form.append(name, fileOf(value.bytes, value.name, value.type))
    }
    if (b.kind === 'form') body = form
    else {
      const encoded = new Response(form)
      const bytes = new Uint8Array(await encoded.arrayBuffer())
      body = bytes.slice(0, Math.floor(bytes.length * b.keep))
      headers.set('content-type', encoded.headers.get('content-type')!)
    }
  }
  // fetch normalises 'get' to GET, which may not have a body.
  const bodyless = ['GET', 'HEAD'].includes(spec.method.toUpperCase())
  return new Request(`http://localhost${spec.path}`, { method: spec.method, headers, body: bodyless ? undefined : body })
}

function describeRequest(spec: FuzzRequest): string {
  const preview = (value: unknown) => {
    const text = typeof value === 'string' ? value : JSON.stringify(value, (_k, v) => (v instanceof Uint8Array ? `<${v.length} bytes>` : v))
    return text && text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text
  }
  const headers = Object.fromEntries(Object.entries(spec.headers).map(([k, v]) => [k, v.length > 120 ? `${v.slice(0, 120)}…` : v]))
  return `${spec.method} ${spec.path.slice(0, 300)}\nheaders ${JSON.stringify(headers)}\nbody ${spec.body.kind} ${preview(spec.body)}`
}

// ---------------------------------------------------------------------------------------------
// Arbitraries
// ---------------------------------------------------------------------------------------------
/** Strings the routes would accept somewhere: they get the fuzzer past the first check into deeper code. */
const VALID_FRAGMENTS = [
  'The Stables bar',
  'the stables BAR',
  'Larkdale Hotel',
  'monday_to_friday',
  'wednesday_to_friday',
  'saturday',
  'sunday',
  'monday',
  '08:00',
  '23:59',
  '00:00',
  '2030-12-25',
  '2030-02-29',
  'opening',
  'food',
  'cafe',
  'rooms',
  'generic',
  'stables',
  'events',
  '1',
  '2',
  '3',
  'true',
  'on',
  'https://example.org/walks',
  '2030-05-01T19:30',
  '2030-05-01T19:30:00Z',
  'ada@example.org',
  'Ada Lovelace',
  '07700 900123',
  'Hello',
  DEMO_ADMIN.username,
  DEMO_ADMIN.password,
]
const HOSTILE_STRINGS = [
  '',
  ' ',
  '\t\n',
  "' OR '1'='1",
  "'; DROP TABLE events; --",
  '1; DELETE FROM gallery_images',
  '" OR ""="',
  "admin'--",
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '/etc/passwd',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '....//....//etc/passwd',
  'a\u0000b',
  '\u0000',
  'x\r\nBcc: victim@example.org',
  'x\nSubject: spam',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '{{7*7}}',
  '${7*7}',
  '${jndi:ldap://x/a}',
  '__proto__',
  'constructor',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '\uD800',
  '\uDFFF',
  'a\uD83Dz',
  '\u202Egnp.exe',
  '\u200B\u200D\uFEFF',
  'ｆｕｌｌｗｉｄｔｈ',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  '😀👍🏽👨‍👩‍👧',
  'Ω≈ç√∫˜µ≤≥÷',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '0',
  '-1',
  '1e309',
  '0x10',
  '1.5',
  '9007199254740993',
  '99999999999999999999999',
  ' 1 ',
  '١٢٣',
  'null',
  'undefined',
  'true',
  'false',
  '[]',
  '{}',
  '{"a":',
  '24:00',
  '23:60',
  '2030-13-01',
  '2030-02-30',
  '0000-00-00',
  '2030-12-25T25:00',
  'data:image/png;base64,AAAA',
  'iVBORw0KGgo=',
  '=====',
  'A'.repeat(2000),
  '%E0%A4%A',
  '%%',
  '%00',
]

const hugeString = fc
  .tuple(fc.constantFrom('A', 'é', '😀', "'", '\u0000', '<x>', '%'), fc.integer({ min: 5_000, max: 300_000 }))
  .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)))

const anyString = fc.oneof(
  { arbitrary: fc.constantFrom(...VALID_FRAGMENTS), weight: 3 },
  { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 4 },
  { arbitrary: fc.string({ maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }), weight: 1 },
  { arbitrary: hugeString, weight: 1 },
)

const anyJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { arbitrary: anyString, weight: 5 },
    { arbitrary: fc.oneof(fc.integer(), fc.integer({ min: -2, max: 40 }), fc.double(), fc.constantFrom(1e308, -1e308, 2 ** 53 + 1, 0.5, -0)), weight: 3 },
    { arbitrary: fc.constantFrom(true, false, null), weight: 2 },
    { arbitrary: fc.array(tie('value'), { maxLength: 4 }), weight: 1 },
    { arbitrary: fc.dictionary(fc.oneof(fc.constantFrom(...fieldNames()), fc.string({ maxLength: 8 })), tie('value'), { maxKeys: 5 }), weight: 1 },
  ),
})).value

function fieldNames(): string[] {
  return [
    'username',
    'password',
    'name',
    'day',
    'open_time',
    'close_time',
    'type',
    'closed',
    'updated_at',
    'location',
    'holiday_date',
    'images',
    'image',
    'url',
    'description',
    'id',
    'title',
    'start_datetime',
    'startDatetime',
    'image_base64',
    'ticket_url',
    'contactToBook',
    'pdf',
    'business_id',
    'type_id',
    'phone',
    'email',
    'replyTo',
    'message',
    'text',
    'subject',
    'to',
    'website',
    '__proto__',
    'constructor',
  ]
}

const deepJson = fc
  .tuple(fc.integer({ min: 50, max: 200_000 }), fc.constantFrom('[', '{"a":'))
  .map(([depth, open]) => (open === '[' ? '['.repeat(depth) + ']'.repeat(depth) : `${open.repeat(depth)}1${'}'.repeat(depth)}`))

/** Deep nesting inside a field the route reads: it reaches validation, whose report once overflowed the stack. */
const deepJsonInField = fc
  .tuple(fc.constantFrom(...fieldNames()), fc.integer({ min: 33, max: 20_000 }), fc.constantFrom('[', '{"a":'))
  .map(
    ([field, depth, open]) =>
      `{"${field}":${open === '[' ? '['.repeat(depth) + ']'.repeat(depth) : `${open.repeat(depth)}1${'}'.repeat(depth)}`},"email":"ada@example.org","message":"x"}`,
  )

const pngHeader = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
/** Over every upload limit (10 MB for images, 20 MB for PDFs once base64 grows it). */
const oversizedFile = concat(pngHeader, new Uint8Array(11 * 1024 * 1024).fill(0x41))
const filePart = (): fc.Arbitrary<FilePart> =>
  fc.record({
    file: fc.constant(true as const),
    bytes: fc.oneof(
      { arbitrary: fc.constantFrom(...realImages, realPdf, hugePixelPng), weight: 3 },
      { arbitrary: fc.uint8Array({ maxLength: 2048 }), weight: 2 },
      { arbitrary: fc.uint8Array({ maxLength: 512 }).map((junk) => concat(pngHeader, junk)), weight: 1 },
      { arbitrary: fc.uint8Array({ maxLength: 512 }).map((junk) => concat(new Uint8Array([0xff, 0xd8, 0xff]), junk)), weight: 1 },
      {
        arbitrary: fc.constantFrom(
          ...[
            '%PDF-1.7\n%%EOF',
            '%PDF-1.4\n1 0 obj<<>>endobj',
            'GIF89a\x01\x00\x01\x00',
            'RIFF\x00\x00\x00\x00WEBPVP8 ',
            '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
            '<?php system($_GET["c"]); ?>',
          ].map((s) => new TextEncoder().encode(s)),
        ),
        weight: 2,
      },
      {
        arbitrary: fc.constantFrom(0, 1).map((i) => (i ? realImages[0]!.slice(0, realImages[0]!.length >> 1) : realPdf.slice(0, realPdf.length >> 1))),
        weight: 1,
      },
      { arbitrary: fc.constant(null).map(() => oversizedFile), weight: 1 },
    ),
    name: fc.oneof(
      fc.constantFrom(
        'photo.jpg',
        'menu.pdf',
        '../../../../tmp/evil.png',
        '..\\..\\evil.png',
        '/etc/passwd',
        'a\u0000.png',
        'x.svg',
        '.htaccess',
        '',
        'é😀.png',
        'n'.repeat(5000),
      ),
      fc.string({ maxLength: 30 }),
    ),
    type: fc.constantFrom('image/png', 'image/jpeg', 'application/pdf', 'image/svg+xml', 'text/html', 'application/octet-stream', ''),
  })

/** The value in one of `every` cases, otherwise null (fc.option's freq counts the other way round). */
function sometimes<T>(arbitrary: fc.Arbitrary<T>, every: number): fc.Arbitrary<T | null> {
  return fc.oneof({ arbitrary: fc.constant(null), weight: every - 1 }, { arbitrary, weight: 1 })
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length)
  out.set(a)
  out.set(b, a.length)
  return out
}

const formFields = (): fc.Arbitrary<[string, FieldValue][]> =>
  fc.array(
    fc.tuple(
      fc.oneof({ arbitrary: fc.constantFrom(...fieldNames()), weight: 4 }, { arbitrary: fc.string({ maxLength: 12 }), weight: 1 }),
      fc.oneof({ arbitrary: anyString, weight: 3 }, { arbitrary: filePart(), weight: 2 }),
    ),
    { maxLength: 8 },
  )

const JSON_TYPES = ['application/json', 'application/json; charset=utf-8', 'APPLICATION/JSON', 'application/vnd.api+json']
const OTHER_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/form-data; boundary=zzz',
  'image/png',
  'x/y; ;;',
  ';',
  'application/json; charset=utf-7',
]

const anyBody = (): fc.Arbitrary<BodySpec> =>
  fc.oneof(
    { arbitrary: fc.constant<BodySpec>({ kind: 'none' }), weight: 2 },
    {
      arbitrary: fc.record({
        kind: fc.constant('json' as const),
        value: fc.dictionary(fc.constantFrom(...fieldNames()), anyJson, { maxKeys: 8 }),
        contentType: fc.constantFrom(...JSON_TYPES),
      }),
      weight: 6,
    },
    { arbitrary: fc.record({ kind: fc.constant('json' as const), value: anyJson, contentType: fc.constantFrom(...JSON_TYPES) }), weight: 2 },
    { arbitrary: fc.record({ kind: fc.constant('raw' as const), bytes: deepJson, contentType: fc.constantFrom(...JSON_TYPES) }), weight: 1 },
    { arbitrary: fc.record({ kind: fc.constant('raw' as const), bytes: deepJsonInField, contentType: fc.constantFrom(...JSON_TYPES) }), weight: 1 },
    {
      arbitrary: fc.record({
        kind: fc.constant('raw' as const),
        bytes: fc.oneof(
          fc.uint8Array({ maxLength: 300 }),
          fc.constantFrom('{"username":', '{', '', 'null', '"x"', '{"a":1}garbage', '\uFEFF{"id":1}', '{"id":1,"id":2}'),
          anyString,
        ),
        contentType: fc.oneof({ arbitrary: fc.constant(null), weight: 1 }, { arbitrary: fc.constantFrom(...JSON_TYPES, ...OTHER_TYPES), weight: 4 }),
      }),
      weight: 3,
    },
    { arbitrary: fc.record({ kind: fc.constant('form' as const), fields: formFields() }), weight: 5 },
    {
      arbitrary: fc.record({ kind: fc.constant('truncated-form' as const), fields: formFields(), keep: fc.double({ min: 0, max: 0.99, noNaN: true }) }),
      weight: 2,
    },
  )

/** Names of uploaded files and their variants (filled in once content is seeded), for /files/:name. */
const storedFileNames: string[] = []

/** A path segment in place of a route parameter. */
const paramSegment = () =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...storedFileNames), weight: 1 },
    { arbitrary: fc.integer({ min: 1, max: 12 }).map(String), weight: 3 },
    {
      arbitrary: fc.constantFrom(
        'generic',
        'cafe',
        'events',
        '1',
        '2',
        '0',
        '-1',
        '1e3',
        '1.5',
        '0x1',
        '99999999999999999999',
        'NaN',
        '%20',
        '%E0%A4%A',
        '%00',
        '..',
        '%2e%2e',
        '..%2f..%2fvenue.sqlite',
        '%2F',
        'a%ZZ',
        '%',
      ),
      weight: 3,
    },
    { arbitrary: anyString.map((s) => encodeURIComponentSafely(s)), weight: 2 },
  )

function encodeURIComponentSafely(s: string): string {
  try {
    return encodeURIComponent(s)
  } catch {
    return encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, '?'))
  }
}

const queryString = fc.oneof(
  { arbitrary: fc.constant(''), weight: 4 },
  {
    arbitrary: fc
      .array(
        fc.tuple(
          fc.oneof(fc.constantFrom('type_id', 'id', 'type', '__proto__', 'a[b]', 'a'), fc.string({ maxLength: 6 })),
          fc.oneof(anyString.map(encodeURIComponentSafely), fc.constantFrom('%E0', '%', '1', '', 'x&y=z')),
        ),
        { maxLength: 4 },
      )
      .map((pairs) => `?${pairs.map(([k, v]) => `${encodeURIComponentSafely(k)}=${v}`).join('&')}`),
    weight: 2,
  },
)

/** Paths that are no route: unknown API paths, and web paths aiming outside the build. */
const strayPath = () =>
  fc.oneof(
    fc.constantFrom(
      '/api',
      '/api/',
      '/api/unknown',
      '/api/admin',
      '/api//events',
      '/api/events/',
      '/API/events',
      '/api/events/../admin/messages',
      '/files/',
      '/files/..%2fvenue.sqlite',
      '/files/%2e%2e%2fvenue.sqlite',
      '/files/x.pdf',
      '/files/ffffffffffffffffffffffffffffffff.jpg',
      '/..%2f..%2fvenue.sqlite',
      '/%2e%2e/%2e%2e/venue.sqlite',
      '/..%2foutside/secret.txt',
      '/%2e%2e%2foutside%2fsecret.txt',
      '/assets/../../outside/secret.txt',
      '/%E0%A4%A',
      '/%',
      '/index.html',
      '/assets/app.js',
      '/events',
      '/admin',
      '//etc/passwd',
      '/\\..\\outside\\secret.txt',
      '/%5c..%5coutside%5csecret.txt',
      '/%00',
      '/a%00.html',
    ),
    fc.array(paramSegment(), { minLength: 1, maxLength: 4 }).map((segments) => `/${segments.join('/')}`),
    fc.array(paramSegment(), { minLength: 1, maxLength: 3 }).map((segments) => `/api/${segments.join('/')}`),
  )

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS', 'TRACE', 'PROPFIND', 'get']

const headerText = fc.string({ unit: 'binary-ascii', maxLength: 60 }).map((s) => s.replace(/[^\x20-\x7e\t]/g, ''))

function commonHeaders(authorization: fc.Arbitrary<string | null>) {
  return fc
    .record({
      authorization,
      'idempotency-key': sometimes(
        fc.oneof(
          { arbitrary: fc.uuid(), weight: 3 },
          // Reused keys: replays, and the same key with another body (422).
          { arbitrary: fc.constantFrom('fuzz-key-0001', 'fuzz-key-0002', 'fuzz-key-0003'), weight: 2 },
          {
            arbitrary: fc.oneof(fc.constantFrom('short', 'bad key with spaces', "k'; DROP TABLE idempotency_keys;--", 'k'.repeat(300)), headerText),
            weight: 1,
          },
        ),
        2,
      ),
      'if-match': sometimes(fc.oneof(fc.constantFrom('"2030-01-01T00:00:00.000Z"', '*', '""', 'W/"x"', '"not a date"'), headerText), 3),
      'if-none-match': sometimes(fc.constantFrom('*', 'W/"abc"', '"x", W/"y"'), 5),
      'accept-encoding': sometimes(fc.constantFrom('gzip', 'br, gzip;q=0', 'identity', '*', 'gzip'.repeat(50)), 3),
      'x-forwarded-for': sometimes(fc.constantFrom('203.0.113.9', '127.0.0.1, 10.0.0.1', 'garbage', '::1'), 4),
      'x-forwarded-proto': sometimes(fc.constantFrom('https', 'javascript'), 6),
      cookie: sometimes(fc.constantFrom('session=abc', 'a=b; c', '=;=;', 'x='.repeat(200)), 6),
      'x-request-id': sometimes(headerText, 6),
    })
    .map((headers) => Object.fromEntries(Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== null)))
}

function concretePath(route: Route, segments: string[]): string {
  let i = 0
  return route.path.replace(/:[A-Za-z]+/g, () => segments[i++] ?? '1').replace(/\*$/, segments.join('/'))
}

// ---------------------------------------------------------------------------------------------
// Bodies that are valid for one route, for the authenticated phase to break one piece at a time.
// ---------------------------------------------------------------------------------------------
type Template = { encoding: 'json' | 'form'; fields: Record<string, FieldValue> }

function templates(): Record<string, Template> {
  const image = (i: number): FilePart => ({ file: true, bytes: realImages[i % realImages.length]!, name: 'photo.png', type: 'image/png' })
  const pdf: FilePart = { file: true, bytes: realPdf, name: 'menu.pdf', type: 'application/pdf' }
  const base64 = Buffer.from(realImages[0]!).toString('base64')
  return {
    'PUT /api/update-times': {
      encoding: 'json',
      fields: { name: 'The Stables bar', day: 'saturday', open_time: '11:00', close_time: '23:00', type: 'opening' },
    },
    'POST /api/add-bank-holiday-times': {
      encoding: 'json',
      fields: { location: 'Larkdale Hotel', holiday_date: '2031-12-25', open_time: '10:00', close_time: '16:00' },
    },
    'DELETE /api/remove-bank-holiday-times': { encoding: 'json', fields: { location: 'Larkdale Hotel', holiday_date: '2031-12-25' } },
    'POST /api/upload-gallery': { encoding: 'form', fields: { type: 'cafe', images: image(1) } },
    'POST /api/upload-around': { encoding: 'form', fields: { name: 'Fell walk', url: 'https://example.org/walk', description: 'A walk.', image: image(2) } },
    'PUT /api/edit-around/:id': { encoding: 'form', fields: { name: 'Fell walk', url: 'https://example.org/walk', description: 'Edited.' } },
    'POST /api/upload-event': {
      encoding: 'json',
      fields: { title: 'Folk night', description: 'Songs.', startDatetime: '2031-05-01T19:30', image_base64: base64 },
    },
    'POST /api/update-event': { encoding: 'form', fields: { id: '1', title: 'Folk night', description: 'Edited.', start_datetime: '2031-05-01T19:30' } },
    'POST /api/delete-event': { encoding: 'json', fields: { id: '1' } },
    'POST /api/upload-pdf': { encoding: 'form', fields: { pdf, business_id: '1' } },
    'POST /api/admin/staff': { encoding: 'json', fields: { username: 'fuzzed-editor', role: 'editor', password: 'a long enough first password' } },
    'PUT /api/admin/messages/:id': { encoding: 'json', fields: { handled: true } as unknown as Record<string, FieldValue> },
    'POST /api/admin/password': { encoding: 'json', fields: { current_password: 'not the password', new_password: 'a long enough new password' } },
  }
}

/** Takes a valid body for the route and breaks it: fields replaced, dropped, or sent in the wrong encoding. */
function brokenTemplate(template: Template | undefined): fc.Arbitrary<BodySpec> {
  if (!template) return anyBody()
  const names = Object.keys(template.fields)
  const fileFields = names.filter((name) => typeof template.fields[name] !== 'string')
  const replacement = fc.oneof({ arbitrary: anyString, weight: 4 }, { arbitrary: anyJson, weight: 2 }, { arbitrary: filePart(), weight: 2 })
  return fc
    .record({
      // Files are where uploads go wrong: often only they are replaced, with something that is not what it claims.
      files: sometimes(fc.array(filePart(), { minLength: fileFields.length, maxLength: fileFields.length }), 2),
      replace: fc.dictionary(
        fc.oneof({ arbitrary: fc.constantFrom(...names), weight: 4 }, { arbitrary: fc.constantFrom(...fieldNames()), weight: 1 }),
        replacement,
        { maxKeys: 2 },
      ),
      drop: fc.oneof(
        { arbitrary: fc.constant<string[]>([]), weight: 3 },
        { arbitrary: fc.subarray(names, { maxLength: Math.min(2, names.length) }), weight: 1 },
      ),
      encoding: fc.constantFrom('same', 'same', 'same', 'same', 'same', 'swap', 'urlencoded'),
    })
    .map(({ files, replace, drop, encoding }) => {
      const fields: Record<string, unknown> = { ...template.fields, ...replace }
      fileFields.forEach((name, i) => {
        if (files) fields[name] = files[i]
      })
      for (const name of drop) delete fields[name]
      const asJson = encoding === 'same' ? template.encoding === 'json' : encoding === 'swap' ? template.encoding !== 'json' : null
      const isFile = (v: unknown): v is FilePart => typeof v === 'object' && v !== null && (v as FilePart).file === true
      if (asJson === true) {
        const value = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, isFile(v) ? Buffer.from(v.bytes).toString('base64') : v]))
        return { kind: 'json', value, contentType: 'application/json' } satisfies BodySpec
      }
      const asText = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))
      if (asJson === false) {
        const formFields: [string, FieldValue][] = Object.entries(fields).map(([k, v]) => [k, isFile(v) ? v : asText(v)])
        return { kind: 'form', fields: formFields } satisfies BodySpec
      }
      const encoded = new URLSearchParams(Object.entries(fields).map(([k, v]): [string, string] => [k, isFile(v) ? 'file' : asText(v)])).toString()
      return { kind: 'raw', bytes: encoded, contentType: 'application/x-www-form-urlencoded' } satisfies BodySpec
    })
}

// ---------------------------------------------------------------------------------------------
// One request and the properties every reply must have
// ---------------------------------------------------------------------------------------------
interface Reply {
  status: number
  text: string
  contentType: string
}

/**
 * Requests the app is still handling. fast-check's time limit abandons a run in flight (it races the
 * run against the clock), so the request goes on in the app; the next test must not look at the
 * uploads folder while an upload is still writing its temporary files there.
 */
const handling = new Set<Promise<unknown>>()

async function allHandled(): Promise<void> {
  while (handling.size > 0) await Promise.allSettled([...handling])
}

async function send(spec: FuzzRequest): Promise<Reply> {
  const request = await buildRequest(spec)
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no reply within ${REPLY_TIMEOUT_MS} ms`)), REPLY_TIMEOUT_MS)
  })
  const handled = t.app.handle(request)
  handling.add(handled)
  void handled.finally(() => handling.delete(handled)).catch(() => {})
  try {
    const response = await Promise.race([handled, timeout])
    const raw = new Uint8Array(await Promise.race([response.arrayBuffer(), timeout]))
    // In-process replies are as the server wrote them: compressed when the request accepted it.
    const encoding = raw.length > 0 ? response.headers.get('content-encoding') : null
    const text = new TextDecoder().decode(encoding === 'gzip' ? Bun.gunzipSync(raw) : encoding === 'br' ? brotliDecompressSync(raw) : raw)
    requestsTried++
    statusCounts.set(response.status, (statusCounts.get(response.status) ?? 0) + 1)
    return { status: response.status, text, contentType: response.headers.get('content-type') ?? '' }
  } finally {
    clearTimeout(timer)
  }
}

/** The properties of a single reply; returns what is wrong, or null. */
function problemsWith(spec: FuzzRequest, reply: Reply): string | null {
  if (reply.status >= 500) return `answered ${reply.status}: ${reply.text.slice(0, 300)}`
  const pathname = new URL(`http://localhost${spec.path}`).pathname
  if (reply.status >= 400 && pathname.startsWith('/api') && spec.method !== 'HEAD') {
    if (!reply.contentType.includes('application/json')) return `answered ${reply.status} with content-type '${reply.contentType}'`
    let parsed: unknown
    try {
      parsed = JSON.parse(reply.text)
    } catch {
      return `answered ${reply.status} with a body that is not JSON: ${reply.text.slice(0, 200)}`
    }
    if (typeof (parsed as { error?: unknown })?.error !== 'string' || !(parsed as { error: string }).error) {
      return `answered ${reply.status} without a string 'error': ${reply.text.slice(0, 200)}`
    }
  }
  if (reply.text.includes(t.ctx.jwtSecret)) return 'the reply contains the token signing secret'
  if (reply.text.includes('SQLite format 3')) return 'the reply contains the database file'
  if (reply.text.includes(OUTSIDE_MARKER)) return 'the reply contains a file from outside the web build'
  return null
}

/** Runs a property over generated requests; on failure reports the request, not fast-check's dump of huge values. */
async function fuzz(name: string, arbitrary: fc.Arbitrary<FuzzRequest>, check: (spec: FuzzRequest) => Promise<string | null>) {
  let failure: string | null = null
  const details = await fc.check(
    fc.asyncProperty(arbitrary, async (spec) => {
      let problem: string | null
      try {
        problem = await check(spec)
      } catch (error) {
        problem = `threw: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`
      }
      if (problem) failure = `${name}: ${problem}\n${describeRequest(spec)}`
      return problem === null
    }),
    { numRuns: RUNS, seed: SEED, endOnFailure: true, interruptAfterTimeLimit: SECONDS * 1000, markInterruptAsFailure: false },
  )
  await allHandled()
  if (details.failed) throw new Error(`${failure ?? String(details.errorInstance)}\n(seed ${SEED}, FUZZ_SEED=${SEED} to repeat)`)
  if (details.interrupted) console.log(`fuzz (${name}): ${details.numRuns} of ${RUNS} runs in the ${SECONDS} s allowed (FUZZ_SECONDS)`)
}

// ---------------------------------------------------------------------------------------------

let routes: Route[]
const unhandledErrors: string[] = []
const quiet = { log: console.log, error: console.error, warn: console.warn }

beforeAll(async () => {
  t = await makeTestApp()
  // A web build to serve, and a file beside it that no request may reach.
  const dist = t.ctx.config.webDistDir
  mkdirSync(join(dist, 'assets'), { recursive: true })
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>')
  writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)')
  mkdirSync(join(dist, '..', 'outside'), { recursive: true })
  writeFileSync(join(dist, '..', 'outside', 'secret.txt'), OUTSIDE_MARKER)
  writeFileSync(join(dist, '..', `${dist.split('/').pop()}-evil.txt`), OUTSIDE_MARKER)

  realImages = [
    await makeImage('png', 24, 16),
    await makeImage('jpeg', 30, 20, '#a52'),
    await makeImage('webp', 20, 20, '#25a'),
    await makeImage('gif', 16, 16, '#5a2'),
  ]
  realPdf = await makePdf('Fuzz menu')
  hugePixelPng = pngClaiming(100_000, 100_000)

  // Content the fuzzer must not be able to change.
  const token = await t.token()
  for (const [i, type] of ['generic', 'cafe', 'rooms', 'stables', 'events'].entries()) {
    const form = new FormData()
    form.append('type', type)
    form.append('images', fileOf(await makeImage('png', 20 + i, 20, `#${i}${i}a`), `${type}.png`, 'image/png'))
    expect((await t.call('POST', '/api/upload-gallery', { form, token })).status).toBe(201)
  }
  const around = new FormData()
  for (const [k, v] of Object.entries({ name: 'Tarn', url: 'https://example.org/tarn', description: 'A lake.' })) around.append(k, v)
  around.append('image', fileOf(await makeImage('jpeg', 40, 30, '#357'), 'tarn.jpg', 'image/jpeg'))
  expect((await t.call('POST', '/api/upload-around', { form: around, token })).status).toBe(201)
  const eventImage = Buffer.from(await makeImage('jpeg', 32, 32, '#753')).toString('base64')
  for (const title of ['Quiz', 'Ceilidh']) {
    const res = await t.call('POST', '/api/upload-event', {
      token,
      json: { title, description: 'Fun.', startDatetime: `2031-03-0${title === 'Quiz' ? 1 : 2}T19:30`, image_base64: eventImage },
    })
    expect(res.status).toBe(201)
  }
  for (const business of ['1', '2']) {
    const form = new FormData()
    form.append('pdf', fileOf(await makePdf(`Menu ${business}`), 'menu.pdf', 'application/pdf'))
    form.append('business_id', business)
    expect((await t.call('POST', '/api/upload-pdf', { form, token })).status).toBe(201)
  }
  expect(
    (await t.call('POST', '/api/add-bank-holiday-times', { token, json: { location: 'The Stables bar', holiday_date: '2031-01-01', closed: true } })).status,
  ).toBe(201)
  expect((await t.call('POST', '/api/email/send-email', { json: { name: 'Ada', phone: '1', email: 'ada@example.org', message: 'Hello' } })).status).toBe(200)

  for (const name of readdirSync(t.ctx.files.dir)) {
    const stem = name.split('.')[0]!
    storedFileNames.push(name, `${stem}-320.avif`, `${stem}-20.webp`, `${stem}-99999.webp`, `${stem}.pdf`, `${stem.toUpperCase()}.png`)
  }

  // Tokens that must all be refused: expired, forged, wrong claims, revoked by a logout.
  const secret = new TextEncoder().encode(t.ctx.jwtSecret)
  const now = Math.floor(Date.now() / 1000)
  const sign = (claims: Record<string, unknown>, o: { alg?: string; key?: Uint8Array; exp?: number; iss?: string; aud?: string } = {}) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: o.alg ?? 'HS256' })
      .setIssuer(o.iss ?? JWT_ISSUER)
      .setAudience(o.aud ?? JWT_AUDIENCE)
      .setExpirationTime(o.exp ?? now + 600)
      .sign(o.key ?? secret)
  const revoked = (await jsonOf(await t.call('POST', '/api/admin/login', { json: DEMO_ADMIN }))).token as string
  expect((await t.call('POST', '/api/admin/logout', { token: revoked })).status).toBe(200)
  validToken = (await jsonOf(await t.call('POST', '/api/admin/login', { json: DEMO_ADMIN }))).token
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const [head, payload, signature] = validToken.split('.') as [string, string, string]
  const tokens = [
    revoked,
    await sign({ sub: '1', tv: 1 }, { exp: now - 60 }),
    await sign({ sub: '1', tv: 1 }, { key: new TextEncoder().encode('another-secret') }),
    await sign({ sub: '1', tv: 1 }, { alg: 'HS512' }),
    await sign({ sub: '1', tv: 1 }, { iss: 'elsewhere' }),
    await sign({ sub: '1', tv: 1 }, { aud: 'someone-else' }),
    await sign({ sub: 'abc', tv: 1 }),
    await sign({ sub: '999', tv: 1 }),
    await sign({ sub: '1', tv: 'x' }),
    await sign({ sub: '1' }),
    await sign({ sub: { $gt: '' }, tv: [1] }),
    await sign({ sub: "1' OR '1'='1", tv: 1 }),
    `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
    `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.x`,
    `${head}.${b64({ sub: '1', tv: 1, iss: JWT_ISSUER, aud: JWT_AUDIENCE, exp: now + 99_999 })}.${signature}`,
    validToken.slice(0, -2),
    `${validToken}x`,
    'a.b.c',
    'x'.repeat(20_000),
  ]
  forgedAuthorizations = [
    ...tokens.map((token) => `Bearer ${token}`),
    `bearer ${tokens[1]}`,
    `Bearer  ${tokens[2]}`,
    'Basic YWRtaW46Y2hhbmdlLW1lLXBsZWFzZQ==',
    'Bearer',
    'Bearer ',
    '',
  ]

  // Which routes are for staff: they answer 401 without a token.
  routes = []
  for (const route of t.app.routes as { method: string; path: string }[]) {
    const path = concretePath({ ...route, admin: false }, ['1'])
    const res = await t.app.handle(new Request(`http://localhost${path}`, { method: route.method }))
    routes.push({ method: route.method, path: route.path, admin: res.status === 401 })
  }
}, 60_000)

afterAll(() => t?.close())

/** Whether the request reached a staff route (by its path as the server sees it). */
function isStaffRoute(spec: FuzzRequest): boolean {
  const pathname = new URL(`http://localhost${spec.path}`).pathname
  const method = spec.method.toUpperCase() === 'HEAD' ? 'GET' : spec.method.toUpperCase()
  return routes.some((route) => route.admin && route.method === method && new RegExp(`^${route.path.replace(/:[A-Za-z]+/g, '[^/]+')}$`).test(pathname))
}

function silence() {
  console.log = () => {}
  console.warn = () => {}
  console.error = (...args: unknown[]) => {
    const line = args.map(String).join(' ')
    if (line.includes('"unhandled"')) unhandledErrors.push(line.slice(0, 2000))
  }
}
function speak() {
  Object.assign(console, quiet)
}

describe('fuzzing every endpoint', () => {
  test('finds every route of the app, and the staff routes among them', () => {
    const keys = routes.map((r) => `${r.method} ${r.path}`)
    // The README's API reference: if a route is added, it is fuzzed automatically; this list only
    // makes sure none went missing from the app.
    for (const key of [
      'POST /api/admin/login',
      'GET /api/admin/dashboard',
      'POST /api/admin/logout',
      'GET /api/health',
      'GET /api/venue',
      'GET /api/opening-times',
      'PUT /api/update-times',
      'GET /api/bank-holiday-exceptions',
      'GET /api/bank-admin-holiday-exceptions',
      'POST /api/add-bank-holiday-times',
      'DELETE /api/remove-bank-holiday-times',
      'GET /api/gallery/:type',
      'GET /api/galleryGrouped',
      'POST /api/upload-gallery',
      'DELETE /api/delete-gallery/:id',
      'GET /api/around',
      'POST /api/upload-around',
      'PUT /api/edit-around/:id',
      'DELETE /api/delete-around/:id',
      'GET /api/events',
      'GET /api/admin/events',
      'POST /api/upload-event',
      'POST /api/update-event',
      'POST /api/delete-event',
      'GET /api/get-menu/:businessId',
      'POST /api/upload-pdf',
      'POST /api/email/send-email',
      'GET /api/admin/messages',
      'PUT /api/admin/messages/:id',
      'DELETE /api/admin/messages/:id',
      'GET /api/admin/staff',
      'POST /api/admin/staff',
      'PUT /api/admin/staff/:username',
      'DELETE /api/admin/staff/:username',
      'POST /api/admin/password',
      'GET /api/admin/sessions',
      'POST /api/admin/logout-everywhere',
      'GET /api/admin/activity',
      'GET /files/:name',
      'GET /*',
    ]) {
      expect(keys).toContain(key)
    }
    const admin = routes.filter((r) => r.admin).map((r) => `${r.method} ${r.path}`)
    expect(admin).toContain('PUT /api/update-times')
    expect(admin).toContain('POST /api/upload-gallery')
    expect(admin).toContain('GET /api/admin/messages')
    expect(admin).not.toContain('GET /api/events')
    expect(admin).not.toContain('POST /api/email/send-email')
  })

  test('without a valid token: never a 5xx or a hang, errors are JSON, and nothing saved changes', async () => {
    const publicReads = async () => {
      const reads: Record<string, string> = {}
      const paths = [
        '/api/venue',
        '/api/opening-times',
        '/api/bank-holiday-exceptions',
        '/api/galleryGrouped',
        '/api/around',
        '/api/events',
        '/api/get-menu/1',
        '/api/get-menu/2',
        ...['generic', 'cafe', 'rooms', 'stables', 'events'].map((type) => `/api/gallery/${type}`),
      ]
      for (const path of paths) reads[path] = await (await t.call('GET', path)).text()
      for (const name of readdirSync(t.ctx.files.dir)) reads[name] = String(Bun.hash(await (await t.call('GET', `/files/${name}`)).arrayBuffer()))
      return reads
    }
    const readsBefore = await publicReads()
    // Visitors may leave a message (and its idempotency key), and a failed login leaves its entry in
    // the activity trail (checked below to be nothing else); nothing else may change, ever.
    const visitorTables = ['contact_messages', 'idempotency_keys', 'activity']
    const activityBefore = (t.ctx.db.query('SELECT MAX(id) AS id FROM activity').get() as { id: number | null }).id ?? 0
    const baseline = snapshot(visitorTables)
    const messagesBefore = t.ctx.db.query('SELECT * FROM contact_messages ORDER BY id').all()
    const started = performance.now()
    const before = requestsTried

    const authorization = fc.oneof(
      { arbitrary: fc.constant(null), weight: 3 },
      { arbitrary: fc.constantFrom(...forgedAuthorizations), weight: 4 },
      { arbitrary: headerText.map((s) => `Bearer ${s}`), weight: 1 },
    )
    const routeRequest = fc
      .record({
        route: fc.constantFrom(...routes),
        otherMethod: sometimes(fc.constantFrom(...METHODS), 5),
        segments: fc.array(paramSegment(), { minLength: 1, maxLength: 3 }),
        stray: sometimes(strayPath(), 4),
        query: queryString,
        headers: commonHeaders(authorization),
        body: anyBody(),
      })
      .map(
        ({ route, otherMethod, segments, stray, query, headers, body }): FuzzRequest => ({
          method: otherMethod ?? route.method,
          path: (stray ?? concretePath(route, segments)) + query,
          headers,
          body,
        }),
      )

    silence()
    try {
      await fuzz('unauthenticated', routeRequest, async (spec) => {
        const reply = await send(spec)
        const problem = problemsWith(spec, reply)
        if (problem) return problem
        if (reply.status < 300 && isStaffRoute(spec)) return `a staff route answered ${reply.status} without a valid token`
        const changed = changedParts(baseline, snapshot(visitorTables))
        if (changed.length) return `changed ${changed.join(', ')} (answered ${reply.status})`
        return null
      })
    } finally {
      speak()
    }
    expect(unhandledErrors).toEqual([])
    expect(t.ctx.db.query('SELECT * FROM contact_messages WHERE id <= ? ORDER BY id').all(messagesBefore.length)).toEqual(messagesBefore)
    expect(t.ctx.db.query("SELECT kind, action FROM activity WHERE id > ? AND NOT (kind = 'login' AND action = 'failed')").all(activityBefore)).toEqual([])
    expect(await publicReads()).toEqual(readsBefore)
    console.log(`fuzz (no valid token): ${requestsTried - before} requests tried in ${((performance.now() - started) / 1000).toFixed(1)} s, seed ${SEED}`)
  }, 180_000)

  test('with a valid token on staff routes: never a 5xx, and a rejected request changes nothing', async () => {
    // Logging out (here or everywhere) would end the fuzzer's own session.
    const adminRoutes = routes.filter((r) => r.admin && r.path !== '/api/admin/logout' && r.path !== '/api/admin/logout-everywhere')
    expect(adminRoutes.length).toBeGreaterThan(10)
    const bodies = templates()
    const started = performance.now()
    const before = requestsTried
    let accepted = 0

    const adminRequest = fc
      .constantFrom(...adminRoutes)
      .chain((route) =>
        fc.record({
          route: fc.constant(route),
          otherMethod: sometimes(fc.constantFrom(...METHODS), 8),
          segments: fc.array(paramSegment(), { minLength: 1, maxLength: 2 }),
          query: queryString,
          headers: commonHeaders(fc.constant(`Bearer ${validToken}`)),
          body: fc.oneof({ arbitrary: brokenTemplate(bodies[`${route.method} ${route.path}`]), weight: 3 }, { arbitrary: anyBody(), weight: 1 }),
        }),
      )
      .map(
        ({ route, otherMethod, segments, query, headers, body }): FuzzRequest => ({
          method: otherMethod ?? route.method,
          path: concretePath(route, segments) + query,
          headers,
          body,
        }),
      )

    silence()
    try {
      await fuzz('authenticated', adminRequest, async (spec) => {
        const stateBefore = snapshot()
        const reply = await send(spec)
        const problem = problemsWith(spec, reply)
        if (problem) return problem
        if (reply.status >= 400) {
          const changed = changedParts(stateBefore, snapshot())
          if (changed.length) return `a rejected request (${reply.status}: ${reply.text.slice(0, 200)}) changed ${changed.join(', ')}`
        } else if (spec.method !== 'GET' && spec.method !== 'HEAD') accepted++
        return null
      })
    } finally {
      speak()
    }
    expect(unhandledErrors).toEqual([])
    // The token still works: nothing the fuzzer sent logged staff out or broke the account.
    expect((await t.call('GET', '/api/admin/dashboard', { token: validToken })).status).toBe(200)
    console.log(
      `fuzz (valid token): ${requestsTried - before} requests tried in ${((performance.now() - started) / 1000).toFixed(1)} s, ${accepted} accepted as valid changes, seed ${SEED}`,
    )
  }, 180_000)

  test('afterwards the database is intact and disk and records agree', () => {
    const db = t.ctx.db
    expect(db.query('PRAGMA integrity_check').all()).toEqual([{ integrity_check: 'ok' }])
    expect(db.query('PRAGMA foreign_key_check').all()).toEqual([])
    const recorded = new Set((db.query('SELECT name FROM files').all() as { name: string }[]).map((r) => r.name))
    const onDisk = readdirSync(t.ctx.files.dir)
    expect(onDisk.filter((name) => !recorded.has(name))).toEqual([])
    expect([...recorded].filter((name) => !onDisk.includes(name))).toEqual([])
    const stems = new Set([...recorded].map((name) => name.slice(0, 32)))
    const variantsDir = t.ctx.config.variantsDir
    const variants = existsSync(variantsDir) ? readdirSync(variantsDir) : []
    expect(variants.filter((name) => !stems.has(name.slice(0, 32)))).toEqual([])
    const histogram = [...statusCounts.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}×${n}`)
      .join(' ')
    console.log(`fuzz: ${requestsTried} requests tried in all; replies ${histogram}`)
  })
})

/**
 * What only the real server sees (Bun parses the request line and headers before the app runs):
 * hostile Host headers and declared body lengths. Every reply must be a JSON error or a real answer,
 * never a 5xx or a reply without the security headers.
 */
describe('fuzzing the real server process', () => {
  test('any Host header and any declared length: never a 5xx, errors are JSON with security headers', async () => {
    const dataDir = join(t.dataDir, 'server-fuzz')
    // startServer serves the web app from here: a page, so web paths answer as they would in production.
    mkdirSync(join(dataDir, 'no-web-build'), { recursive: true })
    writeFileSync(join(dataDir, 'no-web-build', 'index.html'), '<!doctype html><div id="root"></div>')
    const server = startServer(dataDir)
    try {
      await waitUntilReady(server)
      const host = fc.oneof(
        fc.constantFrom('a/b', 'a@b', '', 'a', 'x:1', ':', '[::1]', '[::1', '@', '/', 'a b', 'a?b', 'a#b', '..', 'localhost:99999', 'é.example', '%41'),
        fc.string({ unit: 'binary-ascii', maxLength: 12 }).map((value) => value.replace(/[^\x21-\x7e]/g, '')),
      )
      const length = fc.oneof(fc.constantFrom(null, 0, 2, 1024 * 1024 + 1, 70 * 1024 * 1024, 2 ** 40), fc.nat())
      const path = fc.constantFrom('/api/venue', '/api/email/send-email', '/api/admin/login', '/api/upload-gallery', '/files/x.pdf', '/', '/api/nope')
      const runs = Math.max(50, Math.round(RUNS / 10))
      let failure = ''
      const details = await fc.check(
        fc.asyncProperty(host, length, path, async (hostValue, declared, target) => {
          const method = declared === null ? 'GET' : 'POST'
          const head = `${method} ${target} HTTP/1.1\r\nHost: ${hostValue}\r\nContent-Type: application/json\r\n${declared === null ? '' : `Content-Length: ${declared}\r\n`}Connection: close\r\n\r\n`
          // A little of the body is sent; a server waiting for the rest is cut off by the client's timeout.
          const reply = await rawRequest(server.base, head + (declared ? '{"a":1}'.slice(0, Math.min(declared, 7)) : ''), 3000).catch((error: Error) => ({
            status: 0,
            headers: {} as Record<string, string>,
            body: error.message,
          }))
          const problem =
            reply.status === 0 && declared !== null && declared > 7
              ? null // waited for a body that never came: fine
              : reply.status >= 500 || reply.status === 0
                ? `answered ${reply.status}: ${reply.body.slice(0, 200)}`
                : reply.status >= 400 && !reply.headers['content-type']?.includes('application/json')
                  ? `answered ${reply.status} with content-type ${reply.headers['content-type']}`
                  : !reply.headers['content-security-policy']
                    ? `answered ${reply.status} without a Content-Security-Policy`
                    : null
          if (problem) failure = `${problem}\nHost ${JSON.stringify(hostValue)} length ${declared} ${target}`
          return problem === null
        }),
        { numRuns: runs, seed: SEED, endOnFailure: true },
      )
      if (details.failed) throw new Error(`${failure}\n(seed ${SEED})`)
      expect(server.output()).not.toContain('"unhandled')
    } finally {
      server.proc.kill('SIGTERM')
      await server.proc.exited
    }
  }, 120_000)
})

/** A PNG whose header claims the given size (and no pixel data): a decompression bomb's calling card. */
function pngClaiming(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Uint8Array) => {
    const out = new Uint8Array(12 + data.length)
    const view = new DataView(out.buffer)
    view.setUint32(0, data.length)
    out.set(new TextEncoder().encode(type), 4)
    out.set(data, 8)
    view.setUint32(8 + data.length, Bun.hash.crc32(out.subarray(4, 8 + data.length)))
    return out
  }
  const ihdr = new Uint8Array(13)
  const view = new DataView(ihdr.buffer)
  view.setUint32(0, width)
  view.setUint32(4, height)
  ihdr.set([8, 2, 0, 0, 0], 8)
  return concat(concat(pngHeader, chunk('IHDR', ihdr)), chunk('IEND', new Uint8Array()))
}
