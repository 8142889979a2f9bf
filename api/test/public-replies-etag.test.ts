/**
 * Kept public replies (http/api-replies.ts) on the real server on loopback with a real SQLite file:
 * bursts of readers holding the old ETag while staff change the data, and odd validators and codings.
 * Every read that starts after a change's reply has the new data, never the kept copy; odd headers get
 * the same data, never an error.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loginToServer, type ServerProcess, startServer, waitUntilReady } from './server-process'

const dataDir = mkdtempSync(join(tmpdir(), 'venue-replies-etag-'))
let server: ServerProcess
let token: string

// A first start with demo content draws its pictures: well past the lane's 30 s on a machine busy with the browser tests.
beforeAll(async () => {
  server = startServer(dataDir, { SEED_DEMO: 'true' })
  await waitUntilReady(server)
  token = await loginToServer(server)
}, 120_000)
afterAll(async () => {
  server.proc.kill('SIGTERM')
  await server.proc.exited
  rmSync(dataDir, { recursive: true, force: true })
})

type Times = { monsal: { monday_to_friday: { hours: { close_time: string } } } }
const closing = (times: Times) => times.monsal.monday_to_friday.hours.close_time
const read = (path: string, headers: Record<string, string> = {}) => fetch(`${server.base}${path}`, { headers })

describe('a staff change under a burst of readers', () => {
  test('200 readers with the old ETag while the hotel’s weekday closing changes: every read after the reply has the new time', async () => {
    const first = await read('/api/opening-times')
    const etag = first.headers.get('etag')!
    const before = closing((await first.json()) as Times)
    const next = before === '22:00' ? '21:45' : '22:00'
    const during = Array.from({ length: 200 }, (_, i) =>
      read('/api/opening-times', { 'if-none-match': etag, 'accept-encoding': i % 2 ? 'gzip' : 'identity' }).then((r) => r.status),
    )
    const change = await fetch(`${server.base}/api/update-times`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: 'monsal', day: 'monday_to_friday', type: 'opening', open_time: '08:00', close_time: next }),
    })
    expect(change.status).toBe(200)
    // Those sent before the reply may have either version; none fails.
    expect((await Promise.all(during)).every((status) => status === 200 || status === 304)).toBe(true)
    const after = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        read('/api/opening-times', { 'if-none-match': etag, 'accept-encoding': i % 2 ? 'gzip' : 'identity' }).then(async (r) => ({
          status: r.status,
          closes: r.status === 200 ? closing((await r.json()) as Times) : null,
          etag: r.headers.get('etag'),
        })),
      ),
    )
    const stale = after.filter((reply) => reply.status !== 200 || reply.closes !== next || reply.etag === etag)
    expect(stale).toEqual([])
  }, 60_000)

  test('an event added is in the very next read of /api/events, plain and gzipped, and its HEAD carries the new ETag', async () => {
    const kept = await read('/api/events', { 'accept-encoding': 'gzip' })
    const etag = kept.headers.get('etag')!
    const count = ((await kept.json()) as unknown[]).length
    const image = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='
    const added = await fetch(`${server.base}/api/upload-event`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ title: 'Burst-night ceilidh', description: 'Dancing', startDatetime: '2030-06-01T19:00', image_base64: image }),
    })
    expect(added.status).toBe(201)
    const head = await fetch(`${server.base}/api/events`, { method: 'HEAD', headers: { 'if-none-match': etag } })
    expect(head.status).toBe(200)
    expect(head.headers.get('etag')).not.toBe(etag)
    for (const coding of ['gzip', 'identity']) {
      const events = (await (await read('/api/events', { 'if-none-match': etag, 'accept-encoding': coding })).json()) as { title: string }[]
      expect(events.length).toBe(count + 1)
      expect(events.some((event) => event.title === 'Burst-night ceilidh')).toBe(true)
    }
  }, 60_000)
})

describe('odd validators and codings', () => {
  test('junk, empty, listed and weak-prefixed If-None-Match, and odd Accept-Encoding, all get the data or a 304 for the real tag', async () => {
    const plain = await (await read('/api/events')).text()
    const etag = (await read('/api/events')).headers.get('etag')!
    const cases: [Record<string, string>, number][] = [
      [{ 'if-none-match': 'junk' }, 200],
      [{ 'if-none-match': '' }, 200],
      [{ 'if-none-match': 'W/' }, 200],
      [{ 'if-none-match': '"", ,,, W/W/"x"' }, 200],
      [{ 'if-none-match': `"other", ${etag.replace(/^W\//, '')}` }, 304],
      [{ 'if-none-match': '*' }, 304],
      [{ 'accept-encoding': 'gzip;q=0, br;q=0' }, 200],
      [{ 'accept-encoding': '*' }, 200],
      [{ 'accept-encoding': 'identity;q=0' }, 200],
      [{ 'accept-encoding': `${'x-junk, '.repeat(500)}gzip` }, 200],
      [{ range: 'bytes=0-10' }, 200],
    ]
    for (const [headers, status] of cases) {
      const res = await read('/api/events', headers)
      expect({ headers, status: res.status }).toEqual({ headers, status })
      if (status === 200) expect(await res.text()).toBe(plain)
    }
  })
})
