/**
 * Bodies that arrive slowly, against the real server. An upload on a weak signal keeps arriving, a
 * little every second, for longer than Bun's default idle limit (10 s, which counts while a body is
 * still coming in): it must be read to the end and answered, not dropped without a word (which the
 * outbox can only retry, to be dropped again, for ever). But a body still arriving past its deadline
 * (http/body-deadline.ts; BODY_SECONDS=1 here) is refused with 408 and changes nothing: a request let
 * in at its start must not write minutes later, and held bodies must not pile up. A short route's
 * declared length past its limit is refused before anything is read.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { makeImage } from './helpers'
import { loginToServer, startServer, waitUntilReady, type ServerProcess } from './server-process'

let dir: string
let server: ServerProcess
let strict: ServerProcess
let token: string
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'slow-bodies-'))
  server = startServer(join(dir, 'default'))
  strict = startServer(join(dir, 'strict'), { BODY_SECONDS: '1' })
  await Promise.all([waitUntilReady(server), waitUntilReady(strict)])
  token = await loginToServer(server)
})
afterAll(async () => {
  for (const each of [server, strict]) {
    each?.proc.kill('SIGKILL')
    await each?.proc.exited
  }
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

/**
 * Sends the body in `steps` pieces, one every `gapMs` (only the first `sent` pieces, then nothing more);
 * resolves with the reply (empty if the connection was dropped).
 */
function trickle(path: string, headers: Record<string, string>, body: Buffer, steps: number, gapMs: number, to = server, sent = steps): Promise<string> {
  const port = Number(new URL(to.base).port)
  return new Promise((resolve) => {
    let reply = ''
    const socket = connect(port, '127.0.0.1', async () => {
      const head = Object.entries({ host: '127.0.0.1', 'content-length': String(body.length), connection: 'close', ...headers })
        .map(([name, value]) => `${name}: ${value}`)
        .join('\r\n')
      socket.write(`POST ${path} HTTP/1.1\r\n${head}\r\n\r\n`)
      const size = Math.ceil(body.length / steps)
      for (let i = 0; i < sent && !socket.destroyed; i++) {
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

describe('a body still arriving past its deadline', () => {
  const json = (value: unknown) => Buffer.from(JSON.stringify(value))
  const statusOf = (reply: string) => reply.split('\r\n')[0]
  const errorOf = (reply: string) => (JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4)) as { error: string }).error

  test('a staff change whose body stops after 5 bytes is refused 408 with a reason, and nothing is written', async () => {
    const owner = await loginToServer(strict)
    const image_base64 = Buffer.from(await makeImage('png')).toString('base64')
    const event = { title: 'Held back', description: 'Sent slowly', startDatetime: '2031-05-01T19:00', image_base64 }
    const began = Date.now()
    const reply = await trickle('/api/upload-event', { authorization: `Bearer ${owner}`, 'content-type': 'application/json' }, json(event), 20, 0, strict, 1)
    expect(statusOf(reply)).toBe('HTTP/1.1 408 Request Timeout')
    expect(errorOf(reply)).toContain('took too long to arrive')
    // 1 s and one more for its size, not Bun's two-minute idle limit.
    expect(Date.now() - began).toBeLessThan(10_000)
    const titles = async () =>
      ((await (await fetch(`${strict.base}/api/admin/events`, { headers: { authorization: `Bearer ${owner}` } })).json()) as { title: string }[]).map(
        (each) => each.title,
      )
    expect(await titles()).not.toContain('Held back')
    // The same body sent at once is taken: what was refused was its slowness.
    const whole = await trickle('/api/upload-event', { authorization: `Bearer ${owner}`, 'content-type': 'application/json' }, json(event), 1, 0, strict)
    expect(`${statusOf(whole)} ${whole.slice(whole.indexOf('\r\n\r\n') + 4)}`).toStartWith('HTTP/1.1 201 Created')
    expect(await titles()).toContain('Held back')
  }, 30_000)

  test('an anonymous contact message that stops half way is refused 408, and no message is stored', async () => {
    const owner = await loginToServer(strict)
    const reply = await trickle(
      '/api/email/send-email',
      { 'content-type': 'application/json' },
      json({ name: 'Slow', email: 'slow@example.com', message: 'Held back on purpose' }),
      2,
      0,
      strict,
      1,
    )
    expect(statusOf(reply)).toBe('HTTP/1.1 408 Request Timeout')
    const messages = (await (await fetch(`${strict.base}/api/admin/messages`, { headers: { authorization: `Bearer ${owner}` } })).json()) as unknown[]
    expect(messages).toEqual([])
  }, 30_000)

  test('a contact message or login declaring a body past its short limit is refused 413 before a byte of it is read', async () => {
    for (const [path, limit] of [
      ['/api/email/send-email', '64 KB'],
      ['/api/admin/login', '16 KB'],
    ] as const) {
      const reply = await trickle(path, { 'content-type': 'application/json', 'content-length': String(1_000_000) }, Buffer.alloc(0), 1, 0, strict, 0)
      expect(statusOf(reply)).toBe('HTTP/1.1 413 Payload Too Large')
      expect(errorOf(reply)).toContain(limit)
    }
  }, 30_000)
})
