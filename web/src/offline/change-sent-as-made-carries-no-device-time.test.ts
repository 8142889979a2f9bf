/**
 * Only a change sent later than it was made carries X-Device-Time: one sent as it is made (online)
 * reached the server when it was made, so the activity trail shows one time for it, even when its
 * upload takes a minute on the wire.
 */
import { afterEach, beforeEach, expect, test } from 'bun:test'
import { clear, createStore } from 'idb-keyval'
import { enqueue, loadOutbox, replay, resetOutboxForTests, STAFF_TOKEN_KEY } from './outbox'

const realFetch = globalThis.fetch
let seen: Array<string | null> = []

beforeEach(async () => {
  await clear(createStore('venue-outbox', 'entries'))
  resetOutboxForTests()
  localStorage.setItem(STAFF_TOKEN_KEY, 'token-1')
  seen = []
  globalThis.fetch = (async (_input: RequestInfo | URL, init: RequestInit = {}) => {
    if ((init.method ?? 'GET') === 'GET') return Response.json([])
    seen.push(new Headers(init.headers).get('x-device-time'))
    return Response.json({ message: 'Upload successful!' })
  }) as typeof fetch
  await loadOutbox()
})
afterEach(() => {
  globalThis.fetch = realFetch
})

const MADE_AT = Date.UTC(2026, 10, 28, 0, 5, 40)
const upload = { channel: 'admin', method: 'POST', path: '/api/upload-pdf', body: { kind: 'json', value: { business_id: '1' } }, label: 'New menu' } as const

test('a staff change sent as it is made carries no device time', async () => {
  await enqueue(upload, MADE_AT)
  await replay(() => MADE_AT + 200)
  expect(seen).toEqual([null])
})

test('a staff change sent a minute after it was made says when it was made', async () => {
  await enqueue(upload, MADE_AT)
  await replay(() => MADE_AT + 60_000)
  expect(seen).toEqual(['2026-11-28T00:05:40.000Z'])
})
