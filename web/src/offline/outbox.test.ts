import { afterEach, beforeEach, describe, expect, mock, test } from 'bun:test'
import { clear, createStore, set } from 'idb-keyval'
import {
  backoffDelay,
  addSentListener,
  discard,
  enqueue,
  loadOutbox,
  onAuthRequired as onAuthRequiredListener,
  replay,
  resetOutboxForTests,
  resolveConflict,
  resumeAfterLogin,
  retry,
  submit,
  STAFF_TOKEN_KEY,
  useOutbox,
  wake,
  type NewEntry,
} from './outbox'

interface Seen {
  method: string
  path: string
  key: string | null
  ifMatch: string | null
  auth: string | null
  body: unknown
}

/** A small stand-in for the server: records requests and answers with the scripted status. */
function fakeServer(script: (req: Seen, n: number) => { status: number; body?: unknown } | 'network') {
  const seen: Seen[] = []
  const realFetch = globalThis.fetch
  globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers)
    let body: unknown = null
    if (init.body instanceof FormData) {
      body = Object.fromEntries([...init.body.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : `file:${(v as File).name}:${(v as File).size}`]))
    } else if (typeof init.body === 'string') body = JSON.parse(init.body)
    const req: Seen = {
      method: init.method ?? 'GET',
      path: String(input),
      key: headers.get('idempotency-key'),
      ifMatch: headers.get('if-match'),
      auth: headers.get('authorization'),
      body,
    }
    // The outbox only ever sends changes; a GET is some list refreshing after a change landed.
    if (req.method === 'GET') return new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } })
    seen.push(req)
    const answer = script(req, seen.length)
    if (answer === 'network') throw new TypeError('Failed to fetch')
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    })
  }) as typeof fetch
  return { seen, restore: () => (globalThis.fetch = realFetch) }
}

const edit = (label: string, extra: Partial<NewEntry> = {}): NewEntry => ({
  channel: 'admin',
  method: 'PUT',
  path: '/api/update-times',
  body: { kind: 'json', value: { label } },
  label,
  ...extra,
})

/** The staff token as the outbox reads it: from the device (see ./outbox/channels.ts). */
function setToken(token: string | null) {
  if (token) localStorage.setItem(STAFF_TOKEN_KEY, token)
  else localStorage.removeItem(STAFF_TOKEN_KEY)
}
const onAuthRequired = mock(() => {})
const onSent = mock(() => {})
let server: ReturnType<typeof fakeServer> | null = null

beforeEach(async () => {
  await clear(createStore('venue-outbox', 'entries'))
  resetOutboxForTests()
  setToken('token-1')
  onAuthRequired.mockClear()
  onSent.mockClear()
  onAuthRequiredListener(onAuthRequired)
  addSentListener(onSent)
  await loadOutbox()
})
afterEach(() => server?.restore())

describe('outbox', () => {
  test('sends entries one at a time in the order they were made, each with its own Idempotency-Key', async () => {
    server = fakeServer(() => ({ status: 200, body: { message: 'ok' } }))
    const a = await enqueue(edit('first'), 1000)
    const b = await enqueue(edit('second'), 1000)
    const c = await enqueue(edit('third'), 999) // a clock step back must not reorder
    await replay()
    expect(server.seen.map((r) => (r.body as { label: string }).label)).toEqual(['first', 'second', 'third'])
    expect(server.seen.map((r) => r.key)).toEqual([a.id, b.id, c.id])
    expect(server.seen.every((r) => r.auth === 'Bearer token-1')).toBe(true)
    expect(useOutbox.getState().entries).toHaveLength(0)
    expect(onSent).toHaveBeenCalledTimes(3)
  })

  test('a network failure keeps the entry, schedules a retry with backoff and lets nothing overtake it', async () => {
    server = fakeServer(() => 'network')
    await enqueue(edit('first'))
    await enqueue(edit('second'))
    const now = 50_000
    await replay(() => now)
    expect(server.seen).toHaveLength(1)
    const [first, second] = useOutbox.getState().entries
    expect(first!.state).toBe('waiting')
    expect(first!.attempts).toBe(1)
    expect(first!.nextAttemptAt).toBeGreaterThan(now)
    expect(second!.attempts).toBe(0)
    // Before the backoff has passed nothing is sent; after it, both go, still in order.
    server.restore()
    server = fakeServer(() => ({ status: 200, body: {} }))
    await replay(() => now + 1)
    expect(server.seen).toHaveLength(0)
    await replay(() => now + 60_000)
    expect(server.seen.map((r) => (r.body as { label: string }).label)).toEqual(['first', 'second'])
  })

  test('a server error (5xx) is retried later, the same key each time', async () => {
    let calls = 0
    server = fakeServer(() => (++calls === 1 ? { status: 503, body: { error: 'down' } } : { status: 200, body: {} }))
    const entry = await enqueue(edit('only'))
    await replay(() => 0)
    expect(useOutbox.getState().entries[0]!.error).toBe('down')
    await replay(() => 10 * 60_000)
    expect(server.seen.map((r) => r.key)).toEqual([entry.id, entry.id])
    expect(useOutbox.getState().entries).toHaveLength(0)
  })

  test('a 401 pauses the admin queue, asks staff to log in once, and resumes afterwards with nothing lost', async () => {
    server = fakeServer((req) => (req.auth === 'Bearer token-2' ? { status: 200, body: {} } : { status: 401, body: { error: 'expired' } }))
    await enqueue(edit('first'))
    await enqueue(edit('second'))
    await replay()
    expect(useOutbox.getState().pausedForAuth).toBe(true)
    expect(onAuthRequired).toHaveBeenCalledTimes(1)
    expect(useOutbox.getState().entries.map((e) => e.state)).toEqual(['waiting', 'waiting'])
    setToken('token-2')
    await resumeAfterLogin()
    expect(useOutbox.getState().entries).toHaveLength(0)
    expect(server.seen.filter((r) => r.auth === 'Bearer token-2')).toHaveLength(2)
  })

  test('another 4xx marks the entry failed with the server reason and the queue continues', async () => {
    server = fakeServer((req) =>
      (req.body as { label: string }).label === 'bad' ? { status: 400, body: { error: 'Times must be HH:MM, for example 08:30.' } } : { status: 200, body: {} },
    )
    await enqueue(edit('bad'))
    await enqueue(edit('good'))
    await replay()
    const entries = useOutbox.getState().entries
    expect(entries).toHaveLength(1)
    expect(entries[0]!.state).toBe('failed')
    expect(entries[0]!.error).toBe('Times must be HH:MM, for example 08:30.')
    expect(server.seen).toHaveLength(2)
    // Staff retry it: sent again, and this time the server accepts.
    server.restore()
    server = fakeServer(() => ({ status: 200, body: {} }))
    await retry(entries[0]!.id)
    expect(useOutbox.getState().entries).toHaveLength(0)
  })

  test('a 409 is a conflict shown with the server version; overwrite resends without the version check', async () => {
    const current = { id: 7, title: 'Changed elsewhere', updated_at: '2026-11-22T10:00:00.000Z' }
    server = fakeServer((req) =>
      req.ifMatch ? { status: 409, body: { error: 'This event was changed since you opened it.', current } } : { status: 200, body: { event: current } },
    )
    const entry = await enqueue(edit('Edit event', { baseVersion: '2026-11-22T09:00:00.000Z' }))
    await replay()
    const conflicted = useOutbox.getState().entries[0]!
    expect(conflicted.state).toBe('conflict')
    expect(server.seen[0]!.ifMatch).toBe('"2026-11-22T09:00:00.000Z"')
    expect((conflicted.serverVersion as { current: typeof current }).current.title).toBe('Changed elsewhere')
    await resolveConflict(conflicted.id, 'overwrite')
    expect(server.seen).toHaveLength(2)
    expect(server.seen[1]!.ifMatch).toBeNull()
    expect(server.seen[1]!.key).not.toBe(entry.id)
    expect(useOutbox.getState().entries).toHaveLength(0)
  })

  test('a record created offline can be edited and deleted before it syncs: the placeholder becomes the real id', async () => {
    server = fakeServer((req) => (req.path === '/api/upload-event' ? { status: 201, body: { event: { id: 42 } } } : { status: 200, body: {} }))
    await enqueue({
      channel: 'admin',
      method: 'POST',
      path: '/api/upload-event',
      body: { kind: 'json', value: { title: 'Quiz' } },
      label: 'Create',
      creates: { placeholder: 'tmp:abc', idField: 'event.id' },
    })
    await enqueue({
      channel: 'admin',
      method: 'POST',
      path: '/api/update-event',
      body: {
        kind: 'form',
        fields: [
          { name: 'id', value: 'tmp:abc' },
          { name: 'title', value: 'Quiz night' },
        ],
      },
      label: 'Edit',
    })
    await enqueue({ channel: 'admin', method: 'POST', path: '/api/delete-event', body: { kind: 'json', value: { id: 'tmp:abc' } }, label: 'Delete' })
    await replay()
    expect(server.seen.map((r) => r.path)).toEqual(['/api/upload-event', '/api/update-event', '/api/delete-event'])
    expect((server.seen[1]!.body as { id: string }).id).toBe('42')
    expect((server.seen[2]!.body as { id: number }).id).toBe(42)
  })

  test('when a create fails, the entries that depend on it fail too instead of hitting a wrong record', async () => {
    server = fakeServer((req) =>
      req.path === '/api/upload-event' ? { status: 400, body: { error: 'Please select an image to upload.' } } : { status: 200, body: {} },
    )
    await enqueue({
      channel: 'admin',
      method: 'POST',
      path: '/api/upload-event',
      body: { kind: 'json', value: {} },
      label: 'Create',
      creates: { placeholder: 'tmp:x', idField: 'event.id' },
    })
    await enqueue({ channel: 'admin', method: 'POST', path: '/api/delete-event', body: { kind: 'json', value: { id: 'tmp:x' } }, label: 'Delete' })
    await replay()
    expect(server.seen).toHaveLength(1)
    expect(useOutbox.getState().entries.map((e) => e.state)).toEqual(['failed', 'failed'])
  })

  test('the queue survives a reload, files included', async () => {
    server = fakeServer(() => 'network')
    const photo = new Blob([new Uint8Array([1, 2, 3, 4, 5])], { type: 'image/png' })
    await enqueue({
      channel: 'admin',
      method: 'POST',
      path: '/api/upload-gallery',
      body: {
        kind: 'form',
        fields: [
          { name: 'type', value: 'cafe' },
          { name: 'images', file: photo, filename: 'a.png' },
        ],
      },
      label: 'Upload 1 image',
    })
    resetOutboxForTests()
    await loadOutbox()
    const [restored] = useOutbox.getState().entries
    expect(restored!.label).toBe('Upload 1 image')
    const field = (restored!.body as { kind: 'form'; fields: { name: string; bytes?: ArrayBuffer }[] }).fields[1]!
    expect([...new Uint8Array(field.bytes!)]).toEqual([1, 2, 3, 4, 5])
    server.restore()
    server = fakeServer(() => ({ status: 201, body: {} }))
    await replay()
    expect(server.seen[0]!.body).toEqual({ type: 'cafe', images: 'file:a.png:5' })
  })

  test('an entry caught mid-send by a closed tab goes back to waiting and is sent with the same key', async () => {
    const entry = await enqueue(edit('interrupted'))
    await set(entry.id, { ...entry, state: 'sending' }, createStore('venue-outbox', 'entries'))
    resetOutboxForTests()
    await loadOutbox()
    expect(useOutbox.getState().entries[0]!.state).toBe('waiting')
    server = fakeServer(() => ({ status: 200, body: {} }))
    await replay()
    expect(server.seen.map((r) => r.key)).toEqual([entry.id])
  })

  test('public entries (the contact form) are sent without a token even while staff are logged out', async () => {
    setToken(null)
    server = fakeServer(() => ({ status: 200, body: { message: 'Thank you' } }))
    await enqueue({ channel: 'public', method: 'POST', path: '/api/email/send-email', body: { kind: 'json', value: { name: 'Ann' } }, label: 'Message' })
    await replay()
    expect(server.seen[0]!.auth).toBeNull()
    expect(useOutbox.getState().entries).toHaveLength(0)
  })

  test('submit: online, the change is sent at once and the outcome is the reply', async () => {
    server = fakeServer(() => ({ status: 200, body: { message: 'Opening times updated.' } }))
    const outcome = await submit(edit('now'), { online: true })
    expect(outcome.kind).toBe('sent')
    expect((outcome as { reply: unknown }).reply).toEqual({ message: 'Opening times updated.' })
    expect(useOutbox.getState().entries).toHaveLength(0)
  })

  test('submit: offline nothing is sent; no answer, a 5xx or a wait behind an earlier change all mean queued', async () => {
    server = fakeServer(() => 'network')
    expect((await submit(edit('offline'), { online: false })).kind).toBe('queued')
    expect(server.seen).toHaveLength(0)
    const lost = await submit(edit('lost'), { online: true })
    expect(lost.kind).toBe('queued')
    expect(lost.entry.attempts).toBe(0)
    expect(useOutbox.getState().entries[0]!.error).toBe('The server could not be reached.')
    // Order is kept: the first change went first and failed, so nothing after it was tried.
    expect(server.seen.map((r) => (r.body as { label: string }).label)).toEqual(['offline'])
    expect(useOutbox.getState().entries.map((e) => e.label)).toEqual(['offline', 'lost'])
  })

  test('submit: a refusal is the server reason with its status; a 409 with the current record is a conflict', async () => {
    server = fakeServer((req) =>
      (req.body as { label: string }).label === 'bad'
        ? { status: 400, body: { error: 'Times must be HH:MM, for example 08:30.' } }
        : { status: 409, body: { error: 'Changed elsewhere.', current: { id: 1 } } },
    )
    const bad = await submit(edit('bad'), { online: true })
    expect(bad).toMatchObject({ kind: 'failed', status: 400, message: 'Times must be HH:MM, for example 08:30.' })
    const stale = await submit(edit('stale', { baseVersion: 'v1' }), { online: true })
    expect(stale.kind).toBe('conflict')
    expect(stale.entry.state).toBe('conflict')
  })

  test('a 409 without the current record is no conflict: a duplicate refusal fails; the idempotency race is retried', async () => {
    server = fakeServer((req) =>
      (req.body as { label: string }).label === 'dup'
        ? { status: 409, body: { error: 'The Stables bar already has times for 2026-12-25. Remove them first to change them.' } }
        : { status: 409, body: { error: 'A request with this Idempotency-Key was already applied.' } },
    )
    await enqueue(edit('dup'))
    await enqueue(edit('race'))
    await replay(() => 0)
    expect(useOutbox.getState().entries.map((e) => [e.label, e.state])).toEqual([
      ['dup', 'failed'],
      ['race', 'waiting'],
    ])
    expect(useOutbox.getState().entries[1]!.nextAttemptAt).toBeGreaterThan(0)
  })

  test('a second queued edit of the same record is based on the version the first one produced (no self-conflict)', async () => {
    let version = 'v1'
    server = fakeServer((req) => {
      if (req.ifMatch !== `"${version}"`) return { status: 409, body: { error: 'Changed.', current: { updated_at: version } } }
      version = `v${Number(version.slice(1)) + 1}`
      return { status: 200, body: { event: { id: 3, updated_at: version } } }
    })
    const common = { record: 'event:3', versionField: 'event.updated_at', baseVersion: 'v1' }
    await enqueue(edit('first edit', common))
    await enqueue(edit('second edit', common))
    await replay()
    expect(server.seen.map((r) => r.ifMatch)).toEqual(['"v1"', '"v2"'])
    expect(useOutbox.getState().entries).toHaveLength(0)
  })

  test('the placeholder is swapped in the record and the screen meta too', async () => {
    server = fakeServer((req) =>
      req.path === '/api/upload-around'
        ? { status: 201, body: { attraction: { id: 8, updated_at: 'a1' } } }
        : { status: 200, body: { attraction: { id: 8, updated_at: 'a2' } } },
    )
    await enqueue({
      channel: 'admin',
      method: 'POST',
      path: '/api/upload-around',
      body: { kind: 'json', value: {} },
      label: 'Add',
      creates: { placeholder: 'tmp-1', idField: 'attraction.id' },
    })
    await enqueue({
      channel: 'admin',
      method: 'PUT',
      path: '/api/edit-around/tmp-1',
      body: { kind: 'json', value: {} },
      label: 'Edit',
      record: 'attraction:tmp-1',
      meta: { kind: 'attraction', op: 'update', id: 'tmp-1' },
    })
    server.restore()
    server = fakeServer((req) => (req.path === '/api/upload-around' ? { status: 201, body: { attraction: { id: 8 } } } : 'network'))
    await replay()
    const [later] = useOutbox.getState().entries
    expect(later!.path).toBe('/api/edit-around/8')
    expect(later!.record).toBe('attraction:8')
    expect(later!.meta).toEqual({ kind: 'attraction', op: 'update', id: 8 })
  })

  test('discarding a queued create discards the queued changes to that record with it', async () => {
    const create = await enqueue({
      channel: 'admin',
      method: 'POST',
      path: '/api/upload-event',
      body: { kind: 'json', value: {} },
      label: 'Create',
      creates: { placeholder: 'tmp-9', idField: 'event.id' },
    })
    await enqueue({ channel: 'admin', method: 'POST', path: '/api/delete-event', body: { kind: 'json', value: { id: 'tmp-9' } }, label: 'Delete it' })
    await enqueue(edit('unrelated'))
    await discard(create.id)
    expect(useOutbox.getState().entries.map((e) => e.label)).toEqual(['unrelated'])
  })

  test('wake: the connection is back, so waiting entries may go before their backoff ends', async () => {
    server = fakeServer(() => 'network')
    await enqueue(edit('first'))
    await replay(() => 1_000)
    expect(useOutbox.getState().entries[0]!.nextAttemptAt).toBeGreaterThan(1_000)
    server.restore()
    server = fakeServer(() => ({ status: 200, body: {} }))
    await replay(() => 1_001)
    expect(server.seen).toHaveLength(0)
    await wake()
    await replay(() => 1_002)
    expect(server.seen).toHaveLength(1)
  })

  test('backoff doubles from 2 s and stops at 5 minutes', () => {
    const mid = () => 0.5
    expect(backoffDelay(1, mid)).toBe(2000)
    expect(backoffDelay(2, mid)).toBe(4000)
    expect(backoffDelay(5, mid)).toBe(32000)
    expect(backoffDelay(30, mid)).toBe(300000)
  })
})
