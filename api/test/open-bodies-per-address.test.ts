/**
 * One address cannot hold more than OPEN_BODIES_PER_ADDRESS requests with a body open at once (here
 * 4): the next is refused at once with 429 JSON `{ error }`, before its body is read, while another
 * address and plain reads still get through; once the held ones end, the address may send again.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { connect, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startServer, waitUntilReady, type ServerProcess } from './server-process'

let dir: string
let server: ServerProcess
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'open-bodies-'))
  server = startServer(dir, { OPEN_BODIES_PER_ADDRESS: '4', TRUST_PROXY: '127.0.0.1' })
  await waitUntilReady(server)
})
afterAll(async () => {
  server?.proc.kill('SIGKILL')
  await server?.proc.exited
  rmSync(dir, { recursive: true, force: true })
})

/** A contact message whose body is declared but only half sent: it stays open until the socket closes. */
function holdOpen(from: string): Promise<Socket> {
  const port = Number(new URL(server.base).port)
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(
        `POST /api/email/send-email HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: 4000\r\nx-forwarded-for: ${from}\r\n\r\n{"name":"`,
      )
      resolve(socket)
    })
    socket.on('error', () => undefined)
  })
}

const send = (from: string) =>
  fetch(`${server.base}/api/email/send-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', message: 'A table for two?' }),
  })

test('past the cap an address is refused at once; others are not; the count falls as held requests end', async () => {
  const held = await Promise.all(Array.from({ length: 4 }, () => holdOpen('203.0.113.9')))
  // The server has the held requests once a fifth from the same address is refused.
  let refused: Response | undefined
  for (let tries = 0; tries < 50 && refused?.status !== 429; tries++) refused = await send('203.0.113.9')
  expect(refused?.status).toBe(429)
  expect(((await refused!.json()) as { error: string }).error).toContain('still sending')
  expect((await send('198.51.100.4')).status).toBe(200)
  expect((await fetch(`${server.base}/api/events`, { headers: { 'x-forwarded-for': '203.0.113.9' } })).status).toBe(200)

  for (const socket of held) socket.destroy()
  let after: Response | undefined
  for (let tries = 0; tries < 100 && after?.status !== 200; tries++) after = await send('203.0.113.9')
  expect(after?.status).toBe(200)
})
