/**
 * An upload on a weak signal: the body keeps arriving, a little every second, for longer than Bun's
 * default idle limit (10 s, which counts while a body is still coming in). The real server must read
 * it to the end and answer, not drop the connection without a word (which the outbox can only retry,
 * to be dropped again, for ever).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loginToServer, startServer, waitUntilReady, type ServerProcess } from './server-process'

let dir: string
let server: ServerProcess
let token: string
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'slow-upload-'))
  server = startServer(dir)
  await waitUntilReady(server)
  token = await loginToServer(server)
})
afterAll(async () => {
  server?.proc.kill('SIGKILL')
  await server?.proc.exited
  rmSync(dir, { recursive: true, force: true })
})

/** A small real PDF menu as one multipart body. */
function menuForm(boundary: string): Buffer {
  const pdf = Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  )
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="business_id"\r\n\r\n1\r\n--${boundary}\r\nContent-Disposition: form-data; name="pdf"; filename="menu.pdf"\r\nContent-Type: application/pdf\r\n\r\n`
  return Buffer.concat([Buffer.from(head), pdf, Buffer.from(`\r\n--${boundary}--\r\n`)])
}

/** Sends the body in `steps` pieces, one every `gapMs`; resolves with the status line (empty if the connection was dropped). */
function trickle(path: string, headers: Record<string, string>, body: Buffer, steps: number, gapMs: number): Promise<string> {
  const port = Number(new URL(server.base).port)
  return new Promise((resolve) => {
    let reply = ''
    const socket = connect(port, '127.0.0.1', async () => {
      const head = Object.entries({ host: '127.0.0.1', 'content-length': String(body.length), connection: 'close', ...headers })
        .map(([name, value]) => `${name}: ${value}`)
        .join('\r\n')
      socket.write(`POST ${path} HTTP/1.1\r\n${head}\r\n\r\n`)
      const size = Math.ceil(body.length / steps)
      for (let i = 0; i < steps && !socket.destroyed; i++) {
        await Bun.sleep(gapMs)
        socket.write(body.subarray(i * size, (i + 1) * size))
      }
    })
    socket.on('data', (chunk) => {
      reply += chunk.toString('latin1')
    })
    socket.on('error', () => {})
    socket.on('close', () => resolve(reply))
  })
}

describe('a slow upload', () => {
  test('a menu PDF trickling in over 14 s is read to the end and answered 201', async () => {
    const boundary = `slow${Date.now()}`
    const reply = await trickle(
      '/api/upload-pdf',
      { authorization: `Bearer ${token}`, 'idempotency-key': `slow-menu-${Date.now()}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      menuForm(boundary),
      14,
      1000,
    )
    expect(reply.split('\r\n')[0]).toBe('HTTP/1.1 201 Created')
    const menu = await fetch(`${server.base}/api/get-menu/1`)
    expect(menu.status).toBe(200)
  }, 60_000)
})
