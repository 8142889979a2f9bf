/**
 * Two tabs of the site share the device's one queue: what another tab queues, sends or settles shows
 * here, and is never sent or settled twice. The other tab is played by this test: it writes the
 * queue's database and says so on the outbox's BroadcastChannel, as the outbox of a real tab does.
 */
import { afterEach, beforeEach, expect, test } from 'bun:test'
import { clear, createStore, del, get, set } from 'idb-keyval'
import { OUTBOX_DATABASE, OUTBOX_STORE, OUTBOX_TABS } from '../storage-keys'
import {
  enqueue,
  finalOutcome,
  loadOutbox,
  replay,
  resetOutboxForTests,
  resolveConflict,
  STAFF_TOKEN_KEY,
  useOutbox,
  versionMadeBy,
  wake,
  type NewEntry,
  type OutboxEntry,
  type SentEntry,
} from './outbox'
import type { TabMessage } from './outbox/otherTabs'

const device = createStore(OUTBOX_DATABASE, OUTBOX_STORE)
const otherTab = new BroadcastChannel(OUTBOX_TABS)
const tellThisTab = (message: TabMessage) => otherTab.postMessage(message)
const sent: string[] = []
const realFetch = globalThis.fetch

const edit = (label: string): NewEntry => ({ channel: 'admin', method: 'PUT', path: '/api/update-times', body: { kind: 'json', value: { label } }, label })

/** Resolves once this tab's queue satisfies `holds`. */
function whenQueue(holds: (entries: OutboxEntry[]) => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (holds(useOutbox.getState().entries)) return resolve()
    const stop = useOutbox.subscribe(({ entries }) => {
      if (!holds(entries)) return
      stop()
      resolve()
    })
  })
}

beforeEach(async () => {
  await clear(device)
  resetOutboxForTests()
  localStorage.setItem(STAFF_TOKEN_KEY, 'token-1')
  sent.length = 0
  globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    if ((init.method ?? 'GET') !== 'GET') sent.push(String(input))
    return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } })
  }) as typeof fetch
  await loadOutbox()
})
afterEach(() => {
  globalThis.fetch = realFetch
})

test('a change queued in another tab shows in this tab’s list, and this tab sends it (that tab may have been closed)', async () => {
  const made = await enqueue(edit('made here first'))
  const other: OutboxEntry = { ...made, id: 'made-in-the-other-tab', seq: made.seq + 1, label: 'made in the other tab' }
  await set(other.id, other, device)
  tellThisTab({ type: 'changed' })
  await whenQueue((entries) => entries.some((entry) => entry.id === other.id))
  expect(useOutbox.getState().entries.map((entry) => entry.label)).toEqual(['made here first', 'made in the other tab'])
  await replay()
  expect(sent).toHaveLength(2)
  expect(useOutbox.getState().entries).toEqual([])
})

test('a change another tab sent leaves this tab’s list, is not sent again, a screen here following it hears it landed, and its form saves next on the version it made', async () => {
  const entry = await enqueue({ ...edit('sent by the other tab'), record: 'venue', versionField: 'updated_at' })
  const landed = finalOutcome(entry.id)
  await del(entry.id, device)
  const record = { id: entry.id, label: entry.label, channel: entry.channel, sentAt: Date.now() }
  tellThisTab({ type: 'changed' })
  tellThisTab({ type: 'sent', sent: record, entry, reply: { updated_at: 'v9' } })
  tellThisTab({ type: 'settled', outcome: { kind: 'sent', reply: { updated_at: 'v9' }, entry } })
  expect((await landed).kind).toBe('sent')
  expect(versionMadeBy(entry.id)).toBe('v9')
  await whenQueue((entries) => entries.length === 0)
  expect(useOutbox.getState().sent.map((done) => done.id)).toEqual([entry.id])
  await replay()
  expect(sent).toEqual([])
})

test('a conflict settled in another tab, before word of it arrives here, is not settled a second time from this tab', async () => {
  const entry = await enqueue(edit('in conflict'))
  await set(entry.id, { ...entry, state: 'conflict', serverVersion: 'v2' }, device)
  resetOutboxForTests()
  await loadOutbox()
  expect(useOutbox.getState().entries[0]!.state).toBe('conflict')
  // The other tab chose "keep mine": its change goes under a new key, and the conflict leaves the device.
  await del(entry.id, device)
  await resolveConflict(entry.id, 'overwrite')
  await replay()
  expect(sent).toEqual([])
})

test('one conflict settled in two tabs at the same moment is sent once', async () => {
  const entry = await enqueue(edit('settled twice at once'))
  await set(entry.id, { ...entry, state: 'conflict', serverVersion: 'v2' }, device)
  resetOutboxForTests()
  await loadOutbox()
  // Both tabs act on what they have read: the same conflict, still on the device.
  await Promise.all([resolveConflict(entry.id, 'overwrite'), resolveConflict(entry.id, 'overwrite')])
  await replay()
  expect(sent).toHaveLength(1)
})

test('a change another tab sent meanwhile is not put back by this tab’s stale copy when the connection returns', async () => {
  const entry = await enqueue(edit('sent meanwhile'))
  await set(entry.id, { ...entry, nextAttemptAt: Date.now() + 60_000 }, device)
  resetOutboxForTests()
  await loadOutbox()
  await del(entry.id, device)
  await wake()
  expect(await get(entry.id, device)).toBeUndefined()
  await replay()
  expect(sent).toEqual([])
})

test('a message not from the outbox, or one the device contradicts, changes nothing here and breaks nothing', async () => {
  const entry = await enqueue(edit('still waiting'))
  const followed = finalOutcome(entry.id).then(() => 'told')
  const forgedSent: SentEntry = { id: entry.id, label: 'FORGED', channel: 'admin', sentAt: Date.now() }
  for (const message of [null, {}, { type: 'sent', sent: null, entry: {}, reply: null }, { type: 'settled', outcome: {} }, { type: 'sent' }])
    otherTab.postMessage(message)
  tellThisTab({ type: 'sent', sent: forgedSent, entry, reply: { updated_at: 'forged' } })
  tellThisTab({ type: 'settled', outcome: { kind: 'sent', reply: {}, entry } })
  // Heard after the messages above (one channel keeps their order): the queue read again, as it was.
  const extra: OutboxEntry = { ...entry, id: 'the-other-tab-s', seq: entry.seq + 1 }
  await set(extra.id, extra, device)
  tellThisTab({ type: 'changed' })
  await whenQueue((entries) => entries.length === 2)
  expect(useOutbox.getState().sent).toEqual([])
  expect(versionMadeBy(entry.id)).toBeUndefined()
  expect(await Promise.race([followed, Promise.resolve('not told')])).toBe('not told')
})

test('a change discarded in another tab while this tab was sending it, whose send then fails, stays discarded', async () => {
  const entry = await enqueue(edit('discarded on its way'))
  let fail: (error: Error) => void = () => undefined
  let onTheWay: () => void = () => undefined
  const sendStarted = new Promise<void>((resolve) => (onTheWay = resolve))
  globalThis.fetch = ((_input: RequestInfo | URL, init: RequestInit = {}) =>
    (init.method ?? 'GET') === 'GET'
      ? Promise.resolve(new Response('[]', { status: 200 }))
      : new Promise<Response>((_resolve, reject) => {
          fail = reject
          onTheWay()
        })) as typeof fetch
  const run = replay()
  await sendStarted
  await del(entry.id, device)
  fail(new TypeError('Failed to fetch'))
  await run
  expect(await get(entry.id, device)).toBeUndefined()
  expect(useOutbox.getState().entries).toEqual([])
})

test('where tabs take turns, a change a closed tab left half-sent is sent by the next tab to take its turn, with the same key', async () => {
  const entry = await enqueue(edit('left half-sent'))
  await set(entry.id, { ...entry, state: 'sending' }, device)
  // Web Locks as a browser has them (happy-dom has none): this is the only tab, so its turn comes at once.
  Object.defineProperty(navigator, 'locks', { configurable: true, value: { request: (_name: string, task: () => Promise<unknown>) => task() } })
  const keys: (string | null)[] = []
  globalThis.fetch = (async (_input: RequestInfo | URL, init: RequestInit = {}) => {
    if ((init.method ?? 'GET') !== 'GET') keys.push(new Headers(init.headers).get('idempotency-key'))
    return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } })
  }) as typeof fetch
  try {
    resetOutboxForTests()
    await loadOutbox()
    await replay()
  } finally {
    Reflect.deleteProperty(navigator, 'locks')
  }
  expect(keys).toEqual([entry.id])
  expect(await get(entry.id, device)).toBeUndefined()
})
