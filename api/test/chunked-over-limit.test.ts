/**
 * A body streamed in several chunks that passes a route's limit must be answered 413 JSON, like a
 * declared one, and at once: not left without any reply until the connection's idle timeout (a
 * client, or a proxy in front, would wait and then report a dead server). One chunk just over the
 * limit is covered in http-attacks.test.ts; this is the several-chunk case, sent to the real server,
 * also with a Host too short to route (`x`, a valid name), which the server hands on as a new request.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { connect } from 'node:net'
import { rawRequest } from './raw-http'
import { loginToServer, startServer, waitUntilReady, type ServerProcess } from './server-process'

const dataDir = mkdtempSync(join(tmpdir(), 'venue-chunked-'))
let server: ServerProcess

beforeAll(async () => {
  server = startServer(dataDir)
  await waitUntilReady(server)
}, 120_000)

afterAll(async () => {
  server?.proc.kill('SIGTERM')
  await server?.proc.exited
  rmSync(dataDir, { recursive: true, force: true })
})

const CHUNK = 256 * 1024
const oneChunk = `${CHUNK.toString(16)}\r\n${'a'.repeat(CHUNK)}\r\n`
const chunked = (count: number) => `${oneChunk.repeat(count)}0\r\n\r\n`

/**
 * Sends the head, then each chunk as its own write `gapMs` apart, as a phone on a slow link streams a
 * body; resolves with the first line of what the server wrote before it closed or `timeoutMs` passed.
 */
function streamChunks(base: string, head: string, count: number, gapMs: number, timeoutMs: number): Promise<string> {
  return new Promise((resolve) => {
    const received: Buffer[] = []
    const socket = connect(Number(new URL(base).port), '127.0.0.1', async () => {
      socket.write(head)
      for (let i = 0; i < count && !socket.destroyed; i++) {
        socket.write(`${CHUNK.toString(16)}\r\n${'a'.repeat(CHUNK)}\r\n`)
        await Bun.sleep(gapMs)
      }
      if (!socket.destroyed) socket.write('0\r\n\r\n')
    })
    const finish = () => resolve(Buffer.concat(received).toString('latin1').split('\r\n')[0] ?? '')
    socket.on('data', (chunk) => received.push(chunk as Buffer))
    socket.on('error', () => {})
    socket.on('close', finish)
    setTimeout(() => socket.destroy(), timeoutMs)
  })
}

describe('a chunked body over the limit', () => {
  test('streamed chunk by chunk (each its own write) gets 413 before the idle timeout', async () => {
    const head =
      'POST /api/email/send-email HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n'
    const started = performance.now()
    const statusLine = await streamChunks(server.base, head, 5, 100, 8_000)
    expect(statusLine).toBe('HTTP/1.1 413 Payload Too Large')
    expect(performance.now() - started).toBeLessThan(8_000)
  }, 30_000)

  for (const host of ['localhost', 'x']) {
    test(`Host: ${host}: 5 chunks of 256 KB to the contact form get 413 JSON within seconds`, async () => {
      const reply = await rawRequest(
        server.base,
        `POST /api/email/send-email HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n${chunked(5)}`,
        8_000,
      ).catch((error: Error) => ({ status: 0, headers: {} as Record<string, string>, body: error.message }))
      expect(reply.status, reply.body.slice(0, 200)).toBe(413)
      expect(typeof JSON.parse(reply.body).error).toBe('string')
    }, 30_000)
  }

  // A form route's body goes to disk as it arrives (upload-spool.ts): that reader must answer at once too.
  for (const host of ['localhost', 'x']) {
    test(`Host: ${host}: a staff form streamed past its 11 MB limit gets 413 JSON within seconds`, async () => {
      const token = await loginToServer(server)
      const reply = await rawRequest(
        server.base,
        `POST /api/upload-around HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${token}\r\nContent-Type: multipart/form-data; boundary=x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n${chunked(48)}`,
        8_000,
      ).catch((error: Error) => ({ status: 0, headers: {} as Record<string, string>, body: error.message }))
      expect(reply.status, reply.body.slice(0, 200)).toBe(413)
      expect(typeof JSON.parse(reply.body).error).toBe('string')
    }, 30_000)
  }

  for (const [path, count] of [
    ['/api/email/send-email', 5],
    ['/api/admin/login', 8],
  ] as const) {
    test(`${path}: ${count} chunks of 256 KB get 413 JSON within seconds`, async () => {
      const started = performance.now()
      const reply = await rawRequest(
        server.base,
        `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n${chunked(count)}`,
        8_000,
      ).catch((error: Error) => ({ status: 0, headers: {} as Record<string, string>, body: error.message }))
      expect(reply.status, reply.body.slice(0, 200)).toBe(413)
      expect(typeof JSON.parse(reply.body).error).toBe('string')
      expect(performance.now() - started).toBeLessThan(8_000)
    }, 30_000)
  }
})
