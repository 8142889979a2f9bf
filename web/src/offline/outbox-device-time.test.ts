/**
 * Queued staff changes carry X-Device-Time, the moment they were made on the device, so the activity
 * trail shows when staff actually did them, not when the connection came back. The contact form's
 * changes (public channel) carry none.
 */
import { afterEach, beforeEach, expect, test } from 'bun:test'
import { clear, createStore } from 'idb-keyval'
import { enqueue, loadOutbox, replay, resetOutboxForTests, STAFF_TOKEN_KEY, useOutbox } from './outbox'

const realFetch = globalThis.fetch
let seen: Array<{ path: string; deviceTime: string | null }> = []
let answer: () => Response | 'network' = () => Response.json({ message: 'ok' })

beforeEach(async () => {
  await clear(createStore('venue-outbox', 'entries'))
  resetOutboxForTests()
  localStorage.setItem(STAFF_TOKEN_KEY, 'token-1')
  seen = []
  answer = () => Response.json({ message: 'ok' })
  globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    if ((init.method ?? 'GET') === 'GET') return Response.json([])
    seen.push({ path: String(input), deviceTime: new Headers(init.headers).get('x-device-time') })
    const reply = answer()
    if (reply === 'network') throw new TypeError('Failed to fetch')
    return reply
  }) as typeof fetch
  await loadOutbox()
})
afterEach(() => {
  globalThis.fetch = realFetch
})

const MADE_AT = Date.UTC(2026, 10, 23, 9, 15, 30)

test('a staff change queued offline is sent later with the time it was made on the device', async () => {
  await enqueue(
    { channel: 'admin', method: 'PUT', path: '/api/admin/messages/4', body: { kind: 'json', value: { handled: true } }, label: 'Mark handled' },
    MADE_AT,
  )
  // The first try, a minute later, finds no connection; the retry, much later, still says when the change was made.
  answer = () => 'network'
  await replay(() => MADE_AT + 60_000)
  answer = () => Response.json({ message: 'ok' })
  await replay(() => MADE_AT + 3 * 3_600_000)
  expect(seen).toEqual([
    { path: '/api/admin/messages/4', deviceTime: '2026-11-23T09:15:30.000Z' },
    { path: '/api/admin/messages/4', deviceTime: '2026-11-23T09:15:30.000Z' },
  ])
  expect(useOutbox.getState().entries).toHaveLength(0)
})

test('a contact message (public channel) carries no device time', async () => {
  await enqueue(
    { channel: 'public', method: 'POST', path: '/api/email/send-email', body: { kind: 'json', value: { name: 'Ada' } }, label: 'Contact message' },
    MADE_AT,
  )
  await replay(() => MADE_AT)
  expect(seen).toEqual([{ path: '/api/email/send-email', deviceTime: null }])
})
