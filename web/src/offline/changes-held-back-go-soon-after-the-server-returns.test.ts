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

/**
 * A change to add a closure on `date`, on the device as after six failed tries (the next one five minutes away),
 * its last one answered with `status` (0: no answer); read afresh as a new page would.
 */
async function heldBack(date: string, status: number, nextAttemptAt = Date.now() + 300_000): Promise<OutboxEntry> {
  const made = await enqueue({ channel: 'admin', method: 'POST', path: '/api/holidays', body: { kind: 'json', value: { date } }, label: `Closed on ${date}` })
  const error = status === 0 ? 'The server could not be reached.' : `Request failed (${status}).`
  const entry: OutboxEntry = { ...made, attempts: 6, nextAttemptAt, status, error }
  await set(made.id, entry, device)
  resetOutboxForTests()
  await loadOutbox()
  return entry
}

test('a change backed off for minutes goes within one regular check once the server answers again', async () => {
  await heldBack('2027-01-09', 0)
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
  const later = Date.now() + 300_000
  const refused = await heldBack('2027-01-10', 500, later)
  await wake({ serverBack: true })
  expect((await get<OutboxEntry>(refused.id, device))?.nextAttemptAt).toBe(later)
  const unanswered = await heldBack('2027-01-11', 0, later)
  await wake({ serverBack: true })
  expect((await get<OutboxEntry>(unanswered.id, device))?.nextAttemptAt).toBe(0)
})
