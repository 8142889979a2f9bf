/**
 * Queued changes to records that another device deleted meanwhile, replayed by the real outbox
 * against the real server (`bun api/src/server.ts` on 127.0.0.1, real SQLite in a temp dir). fetch
 * is the real one (Bun's: happy-dom's own would apply CORS for its made-up page origin); only the
 * origin is supplied, as a browser would from the page's address.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { DEMO_ADMIN } from '../../../api/src/app'
import { startServer, type ServerProcess } from '../../../api/test/server-process'
import { ALREADY_DELETED, enqueue, finalOutcome, loadOutbox, replay, resetOutboxForTests, STAFF_TOKEN_KEY, useOutbox } from './outbox'

interface EventItem {
  id: number
  title: string
  description: string
  updated_at: string
}

const nextYear = new Date().getFullYear() + 1
const realFetch = Bun.fetch
const dom = globalThis.fetch
let server: ServerProcess
let dataDir: string
let token: string
let image: string

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'outbox-deleted-'))
  server = startServer(dataDir)
  const deadline = Date.now() + 90_000
  while (
    !(await realFetch(`${server.base}/api/venue`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (server.proc.exitCode !== null || Date.now() > deadline) throw new Error(`the server did not start:\n${server.output()}`)
    await Bun.sleep(100)
  }
  token = (await elsewhere<{ token: string }>('POST', '/api/admin/login', DEMO_ADMIN)).data.token
  image = (
    await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 120, g: 90, b: 40 } } })
      .png()
      .toBuffer()
  ).toString('base64')
  // (The send timeout's signal is happy-dom's AbortSignal, which Bun's fetch does not take: these
  // requests answer at once, so they go without it.)
  globalThis.fetch = ((input: RequestInfo | URL, { signal: _, ...init }: RequestInit = {}) =>
    realFetch(new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, server.base), init)) as typeof fetch
}, 120_000)
afterAll(async () => {
  globalThis.fetch = dom
  server?.proc.kill()
  await server?.proc.exited
  rmSync(dataDir, { recursive: true, force: true })
})
beforeEach(async () => {
  resetOutboxForTests({ wipe: true })
  // The outbox reads the staff token from the device (./outbox/channels.ts).
  localStorage.setItem(STAFF_TOKEN_KEY, token)
  await loadOutbox()
})

/** Another device (or staff member) working directly against the server. */
async function elsewhere<T>(method: string, path: string, body?: unknown): Promise<{ status: number; data: T }> {
  const res = await realFetch(`${server.base}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: res.status, data: (await res.json()) as T }
}

async function createEvent(title: string): Promise<EventItem> {
  const { status, data } = await elsewhere<{ event: EventItem }>('POST', '/api/upload-event', {
    title,
    description: `${title}: teams of four, questions by the fire.`,
    startDatetime: `${nextYear}-03-14T19:30`,
    image_base64: image,
  })
  expect(status).toBe(201)
  return data.event
}

const events = async () => (await elsewhere<EventItem[]>('GET', '/api/admin/events')).data

describe('a queued change to a record deleted meanwhile', () => {
  test('a queued deletion of a record another device already deleted is done, not failed', async () => {
    const event = await createEvent('Quiz night')
    // This device, offline, deletes it (as Manage Events does: a POST marked as a deletion) ...
    const deletion = await enqueue({
      channel: 'admin',
      method: 'POST',
      path: '/api/delete-event',
      body: { kind: 'json', value: { id: event.id } },
      label: 'Delete event: Quiz night',
      record: `event:${event.id}`,
      meta: { kind: 'event', op: 'delete', id: event.id },
    })
    // ... and so does a DELETE of a bank-holiday exception nobody has any more.
    const removal = await enqueue({
      channel: 'admin',
      method: 'DELETE',
      path: '/api/remove-bank-holiday-times',
      body: { kind: 'json', value: { holiday_date: `${nextYear}-05-04`, location: 'The Stables bar' } },
      label: 'Remove the Stables’ May bank holiday hours',
    })
    const outcomes = [finalOutcome(deletion.id), finalOutcome(removal.id)]
    // Meanwhile another device deleted the event.
    expect((await elsewhere('POST', '/api/delete-event', { id: event.id })).status).toBe(200)

    await replay()
    expect(useOutbox.getState().entries).toEqual([])
    expect((await Promise.all(outcomes)).map((o) => o.kind)).toEqual(['sent', 'sent'])
    expect(useOutbox.getState().sent.map((s) => [s.label, s.note])).toEqual([
      ['Remove the Stables’ May bank holiday hours', ALREADY_DELETED],
      ['Delete event: Quiz night', ALREADY_DELETED],
    ])
  })

  test('a queued edit and deletion of the newest record, deleted meanwhile and a new record made, never touch the new record', async () => {
    await createEvent('Folk evening')
    const old = await createEvent('Quiz night')
    // Offline on this device: an edit of the newest event (based on the version staff saw), then its deletion.
    const edit = await enqueue({
      channel: 'admin',
      method: 'POST',
      path: '/api/update-event',
      body: {
        kind: 'json',
        value: { id: old.id, title: 'Quiz night (edited offline)', description: old.description, start_datetime: `${nextYear}-03-14T19:30` },
      },
      label: 'Edit event: Quiz night',
      baseVersion: old.updated_at,
      record: `event:${old.id}`,
      versionField: 'event.updated_at',
      meta: { kind: 'event', op: 'update', id: old.id },
    })
    await enqueue({
      channel: 'admin',
      method: 'POST',
      path: '/api/delete-event',
      body: { kind: 'json', value: { id: old.id } },
      label: 'Delete event: Quiz night',
      record: `event:${old.id}`,
      meta: { kind: 'event', op: 'delete', id: old.id },
    })
    // Meanwhile, on another device: the newest event is deleted and a new one is made.
    expect((await elsewhere('POST', '/api/delete-event', { id: old.id })).status).toBe(200)
    const fresh = await createEvent('Wine tasting')

    await replay()
    const after = await events()
    expect(after.find((e) => e.title === 'Wine tasting')).toEqual(fresh)
    expect(after.map((e) => e.title).sort()).toEqual(['Folk evening', 'Wine tasting'])
    // The edit was refused (the record it was made to is gone), and says so for staff to discard.
    const [refused] = useOutbox.getState().entries
    expect(refused?.id).toBe(edit.id)
    expect(refused?.state).toBe('failed')
    expect(refused?.status).toBe(404)
    // The deletion reached its goal.
    expect(useOutbox.getState().sent.map((s) => s.note)).toEqual([ALREADY_DELETED])
  })
})
