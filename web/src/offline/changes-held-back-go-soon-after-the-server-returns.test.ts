/**
 * A change that waited out failed tries while the venue's server was down has a backoff of minutes. On a
 * page that asks the server nothing else (the dashboard), the outbox's regular check asks the server a
 * small question, and its answer lets the change go at once rather than when its backoff ends. A change the
 * server refused (an error of its own) keeps its backoff: the server answering is no news for it.
 */
import { afterEach, beforeEach, expect, test } from 'bun:test'
import { clear, createStore, get, set } from 'idb-keyval'
import { OUTBOX_DATABASE, OUTBOX_STORE } from '../storage-keys'
import { enqueue, loadOutbox, resetOutboxForTests, STAFF_TOKEN_KEY, wake, type OutboxEntry } from './outbox'
import { startOutboxSync } from './sync'

const device = createStore(OUTBOX_DATABASE, OUTBOX_STORE)
const realFetch = globalThis.fetch
let stopSync: (() => void) | undefined

beforeEach(async () => {
  await clear(device)
  resetOutboxForTests()
  localStorage.setItem(STAFF_TOKEN_KEY, 'token-1')
})
afterEach(() => {
  stopSync?.()
  globalThis.fetch = realFetch
})

test('a change backed off for minutes goes within one regular check once the server answers again', async () => {
  const made = await enqueue({
    channel: 'admin',
    method: 'POST',
    path: '/api/holidays',
    body: { kind: 'json', value: { date: '2027-01-09' } },
    label: 'Closed on 9 January',
  })
  // As after six failed tries while the server was down: the next one would be in five minutes.
  await set(made.id, { ...made, attempts: 6, nextAttemptAt: Date.now() + 300_000, error: 'The server could not be reached.' }, device)
  resetOutboxForTests()
  await loadOutbox()
  const asked: string[] = []
  const delivered = new Promise<string>((resolve) => {
    globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const method = init.method ?? 'GET'
      asked.push(`${method} ${String(input)}`)
      if (method === 'POST') resolve(String(input))
      return new Response(JSON.stringify({ status: 'ok' }), { status: 200, headers: { 'content-type': 'application/json' } })
    }) as typeof fetch
  })
  stopSync = startOutboxSync({ pollMs: 50 })
  expect(await delivered).toEndWith('/api/holidays')
  expect(asked[0]).toEndWith('/api/health')
})

test('the server answering again sends what got no answer, not what it refused: a change refused with a server error keeps its backoff', async () => {
  const refused = await enqueue({
    channel: 'admin',
    method: 'POST',
    path: '/api/holidays',
    body: { kind: 'json', value: { date: '2027-01-10' } },
    label: 'Refused',
  })
  const later = Date.now() + 300_000
  await set(refused.id, { ...refused, attempts: 6, nextAttemptAt: later, status: 500, error: 'Request failed (500).' }, device)
  resetOutboxForTests()
  await loadOutbox()
  await wake({ serverBack: true })
  expect((await get<OutboxEntry>(refused.id, device))?.nextAttemptAt).toBe(later)
  await set(refused.id, { ...refused, attempts: 6, nextAttemptAt: later, status: 0, error: 'The server could not be reached.' }, device)
  resetOutboxForTests()
  await loadOutbox()
  await wake({ serverBack: true })
  expect((await get<OutboxEntry>(refused.id, device))?.nextAttemptAt).toBe(0)
})
