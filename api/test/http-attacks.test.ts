/**
 * Requests that used to reach a 5xx or a reply Bun wrote itself, sent to the real server process
 * (Bun's own replies only happen there): deeply nested JSON, broken and short Host headers, bodies
 * over a route's limit (declared or streamed), multipart bodies with too many parts or too large a
 * field. Every reply must be a 4xx JSON `{ error }` with the usual security headers, and the server
 * must log no stack trace for any of them.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileOf, makeImage } from './helpers'
import { rawRequest as rawRequestTo } from './raw-http'
import { loginToServer, startServer, waitUntilReady, type ServerProcess } from './server-process'

const dataDir = mkdtempSync(join(tmpdir(), 'venue-attacks-'))
let server: ServerProcess
let token: string

beforeAll(async () => {
  server = startServer(dataDir)
  await waitUntilReady(server)
  token = await loginToServer(server)
}, 120_000)

afterAll(async () => {
  server?.proc.kill('SIGTERM')
  await server?.proc.exited
  rmSync(dataDir, { recursive: true, force: true })
})

function expectJsonError(reply: { status: number; headers: Record<string, string> | Headers; body: string }, status: number) {
  const header = (name: string) => (reply.headers instanceof Headers ? reply.headers.get(name) : reply.headers[name]) ?? ''
  expect(reply.status).toBe(status)
  expect(header('content-type')).toContain('application/json')
  expect(typeof JSON.parse(reply.body).error).toBe('string')
  expect(header('content-security-policy')).toContain("default-src 'self'")
  expect(header('x-content-type-options')).toBe('nosniff')
}

const rawRequest = (request: string) => rawRequestTo(server.base, request)

async function fetched(res: Response) {
  return { status: res.status, headers: res.headers, body: await res.text() }
}

const noStackTraces = () => expect(server.output()).not.toMatch(/RangeError|TypeError|Maximum call stack|"unhandled"/)

describe('deeply nested JSON', () => {
  const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth)
  const objects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`
  const cases: [string, string][] = [
    ['/api/email/send-email', `{"name":${nested(5000)},"email":"ada@example.org","message":"Hi"}`],
    ['/api/email/send-email', `{"name":"Ada","email":"ada@example.org","message":${objects(5000)}}`],
    ['/api/admin/login', `{"username":${nested(5000)},"password":"x"}`],
    ['/api/admin/login', nested(5000)],
  ]
  for (const [path, body] of cases) {
    test(`${path} ${body.slice(0, 24)}… is a 400 JSON error, not a 500 with a stack trace`, async () => {
      const reply = await fetched(await fetch(server.base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body }))
      expectJsonError(reply, 400)
      noStackTraces()
    })
  }
})

describe('Host headers', () => {
  for (const host of ['a/b', 'a@b', '', '[::1', 'a b', 'localhost:99999']) {
    test(`Host ${JSON.stringify(host)} gets a 400 JSON error`, async () => {
      const reply = await rawRequest(`GET /api/venue HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`)
      expectJsonError(reply, 400)
      noStackTraces()
    })
  }
  for (const host of ['a', 'x:1', 'ab', 'localhost', 'venue_app:3000', '127.0.0.1:80', '[::1]:3000']) {
    test(`a short Host ${JSON.stringify(host)} still reaches the API`, async () => {
      const reply = await rawRequest(`GET /api/venue HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`)
      expect(reply.status).toBe(200)
      expect(JSON.parse(reply.body).hotelName).toBeString()
    })
  }
})

describe('body limits', () => {
  test('a declared body over the largest limit gets our 413 JSON, not a bare one from Bun', async () => {
    const reply = await rawRequest(
      `POST /api/email/send-email HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${200 * 1024 * 1024}\r\nConnection: close\r\n\r\n{`,
    )
    expectJsonError(reply, 413)
  })

  test('a JSON route refuses a body over 1 MB, declared or streamed in chunks', async () => {
    const big = JSON.stringify({ name: 'Ada', email: 'ada@example.org', message: 'x'.repeat(1024 * 1024 + 10) })
    expectJsonError(
      await fetched(await fetch(`${server.base}/api/email/send-email`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: big })),
      413,
    )
    const chunk = `${(big.length).toString(16)}\r\n${big}\r\n0\r\n\r\n`
    const reply = await rawRequest(
      `POST /api/email/send-email HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n${chunk}`,
    )
    expectJsonError(reply, 413)
  })

  test('a multipart text field over 64 KB is refused with 413', async () => {
    const form = new FormData()
    form.append('type', 'cafe')
    form.append('images', fileOf(await makeImage('png'), 'a.png', 'image/png'))
    form.append('type_note', 'x'.repeat(65 * 1024))
    const res = await fetch(`${server.base}/api/upload-gallery`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })
    expectJsonError(await fetched(res), 413)
  })

  test('a multipart body with too many parts is refused with 413', async () => {
    const form = new FormData()
    form.append('type', 'cafe')
    for (let i = 0; i < 500; i++) form.append(`f${i}`, 'x')
    const res = await fetch(`${server.base}/api/upload-gallery`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })
    expectJsonError(await fetched(res), 413)
  })

  test('a gallery upload of 2 MB gets through (uploads are not held to 1 MB)', async () => {
    const form = new FormData()
    form.append('type', 'cafe')
    const noise = await import('sharp').then(({ default: sharp }) =>
      sharp(Buffer.from(crypto.getRandomValues(new Uint8Array(900 * 800 * 3)).buffer), { raw: { width: 900, height: 800, channels: 3 } })
        .png()
        .toBuffer(),
    )
    expect(noise.byteLength).toBeGreaterThan(1024 * 1024)
    form.append('images', fileOf(new Uint8Array(noise), 'noise.png', 'image/png'))
    const res = await fetch(`${server.base}/api/upload-gallery`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })
    expect(res.status).toBe(201)
  })
})

describe('bodies a route does not read', () => {
  test('an empty JSON body on a route without a body is not an error', async () => {
    const form = new FormData()
    form.append('type', 'cafe')
    form.append('images', fileOf(await makeImage('png', 20, 20, '#123456'), 'a.png', 'image/png'))
    const uploaded = await (
      await fetch(`${server.base}/api/upload-gallery`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })
    ).json()
    const id = (uploaded as { images: { id: number }[] }).images[0]!.id
    const reply = await rawRequest(
      `DELETE /api/delete-gallery/${id} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
    )
    expect(reply.status).toBe(200)
  })
})

test('in the app too: an empty JSON body on a route without a body is not an error, on one with a body a 400', async () => {
  const { makeTestApp } = await import('./helpers')
  const t = await makeTestApp()
  try {
    const token = await t.token()
    const headers = { 'content-type': 'application/json' }
    expect((await t.call('POST', '/api/admin/logout', { token, headers, body: '' })).status).toBe(200)
    const login = await t.call('POST', '/api/admin/login', { headers, body: '' })
    expect(login.status).toBe(400)
    expect(typeof ((await login.json()) as { error?: unknown }).error).toBe('string')
  } finally {
    t.close()
  }
})
