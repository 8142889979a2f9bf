/**
 * Staff-route protections that only the real server process shows, on loopback: anonymous uploads to staff routes are
 * refused before their bodies are read, and X-Forwarded-For is believed only from configured proxies.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startServer, waitUntilReady, type ServerProcess } from './server-process'

const dirs: string[] = []
const servers: ServerProcess[] = []
afterAll(async () => {
  for (const server of servers) {
    server.proc.kill('SIGKILL')
    await server.proc.exited
  }
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

async function serve(env: Record<string, string> = {}): Promise<ServerProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'venue-auth-server-'))
  dirs.push(dir)
  const server = startServer(dir, env)
  servers.push(server)
  await waitUntilReady(server)
  return server
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024

describe('staff routes refuse anonymous bodies before reading them', () => {
  test('twenty anonymous 60 MB uploads are refused 401 and the server stays small', async () => {
    const server = await serve()
    const before = rssMb(server.proc.pid)
    const body = new Uint8Array(60 * 1024 * 1024)
    const headers = { 'content-type': 'multipart/form-data; boundary=x' }
    const started = performance.now()
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        fetch(`${server.base}/api/upload-gallery`, {
          method: 'POST',
          headers: i % 2 ? { ...headers, authorization: 'Bearer aaa.bbb.ccc' } : headers,
          body,
        }).then(
          async (res) => ({ status: res.status, error: ((await res.json()) as { error: string }).error }),
          (error) => ({ status: 0, error: String(error) }),
        ),
      ),
    )
    const seconds = (performance.now() - started) / 1000
    const after = rssMb(server.proc.pid)
    console.log(`20 anonymous 60 MB uploads: ${seconds.toFixed(1)} s, server RSS ${before.toFixed(0)} MB -> ${after.toFixed(0)} MB`)
    for (const reply of replies) expect(reply.status, reply.error).toBe(401)
    expect(after - before).toBeLessThan(150)
    // How fast is the bench's business (and the next test's: the 401 before a byte of the body is sent);
    // a busy machine takes longer to push 1.2 GB through loopback, and that is no defect.
    expect(server.proc.exitCode).toBeNull()
  }, 60_000)

  test('the 401 comes back before a single byte of the announced 60 MB body is sent', async () => {
    const server = await serve()
    const { port } = new URL(server.base)
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST /api/upload-gallery HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: ${60 * 1024 * 1024}\r\n\r\n`,
        )
      })
      let received = ''
      const timer = setTimeout(() => reject(new Error(`no reply within 5 s; got: ${received}`)), 5000)
      socket.on('data', (chunk) => {
        received += chunk.toString()
        if (received.includes('\r\n\r\n')) {
          clearTimeout(timer)
          socket.destroy()
          resolve(received)
        }
      })
      socket.on('error', reject)
    })
    expect(reply.split('\r\n')[0]).toBe('HTTP/1.1 401 Unauthorized')
  }, 30_000)
})

describe('X-Forwarded-For', () => {
  const message = (i: number) => JSON.stringify({ name: 'Ada', phone: '07700 900123', email: `ada${i}@example.org`, message: `Hello ${i}` })
  const send = (server: ServerProcess, i: number, from: string) =>
    fetch(`${server.base}/api/email/send-email`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': from }, body: message(i) })

  test('a sender that is not a configured proxy cannot rotate its address with the header', async () => {
    const server = await serve({ TRUST_PROXY: '10.0.0.0/8', CONTACT_RATE_LIMIT: '5' })
    const statuses: number[] = []
    for (let i = 0; i < 10; i++) statuses.push((await send(server, i, `203.0.113.${i}`)).status)
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429, 429, 429])
  })

  test('from a configured proxy each client has its own limit, and the hourly cap holds for everyone together', async () => {
    const server = await serve({ TRUST_PROXY: '127.0.0.1', CONTACT_RATE_LIMIT: '5', CONTACT_HOURLY_LIMIT: '6' })
    const from = (client: string) => `198.51.100.1, ${client}`
    const statuses = async (client: string, count: number) => {
      const out: number[] = []
      for (let i = 0; i < count; i++) out.push((await send(server, i, from(client))).status)
      return out
    }
    // The hour's 6: five from one client (its own limit), one from another.
    expect(await statuses('203.0.113.1', 6)).toEqual([200, 200, 200, 200, 200, 429])
    expect(await statuses('203.0.113.2', 2)).toEqual([200, 429])
    const refused = await send(server, 9, from('203.0.113.2'))
    expect(refused.headers.get('content-type')).toContain('application/json')
    expect(((await refused.json()) as { error: string }).error).toMatch(
      /^We are receiving a great many messages just now\. Please try again in about \d+ minutes, or call us\.$/,
    )
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    // The budget spent is no kill switch: a client new this hour still gets its first message through,
    // up to three budgets (18) in all; then nobody.
    const newcomers: number[] = []
    for (let i = 10; i < 24; i++) newcomers.push((await send(server, i, from(`203.0.113.${i}`))).status)
    expect(newcomers).toEqual([...Array(12).fill(200), 429, 429])
  })

  test('a TRUST_PROXY that is not a list of addresses stops the server at start-up with a clear error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'venue-auth-server-'))
    dirs.push(dir)
    const server = startServer(dir, { TRUST_PROXY: 'yes-please' })
    servers.push(server)
    expect(await server.proc.exited).not.toBe(0)
    expect(server.output()).toContain('TRUST_PROXY')
    expect(server.output()).toContain('yes-please')
  })
})
