/**
 * Component tests share one outbox per process: each starts as a new device (resetOutboxForTests). A
 * replay still waiting for an answer from the test before must not write that answer into the new
 * device's queue: a change of the old test put back, waiting out its backoff, holds up every change
 * the new test makes (its screens then say "saved on this device" instead of the server's reply).
 */
import { afterEach, expect, test } from 'bun:test'
import { enqueue, loadOutbox, replay, resetOutboxForTests, STAFF_TOKEN_KEY, submit, useOutbox, type NewEntry } from './outbox'

const realFetch = globalThis.fetch
afterEach(() => {
  globalThis.fetch = realFetch
})

const edit = (label: string): NewEntry => ({ channel: 'admin', method: 'PUT', path: '/api/update-times', body: { kind: 'json', value: { label } }, label })

test('a send answered after the reset neither puts its change back in the queue nor stops the next change being sent', async () => {
  localStorage.setItem(STAFF_TOKEN_KEY, 'token-1')
  resetOutboxForTests({ wipe: true })
  await loadOutbox()
  let failHeld: () => void = () => {}
  const sent: string[] = []
  globalThis.fetch = (async (_input: RequestInfo | URL, init: RequestInit = {}) => {
    const { label } = JSON.parse(String(init.body)) as { label: string }
    if (label === 'from the test before') return new Promise<Response>((_, reject) => (failHeld = () => reject(new TypeError('Failed to fetch'))))
    sent.push(label)
    return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } })
  }) as typeof fetch

  await enqueue(edit('from the test before'))
  const oldRun = replay()
  await Bun.sleep(0)

  resetOutboxForTests({ wipe: true })
  await loadOutbox()
  // The old send fails now (a network failure: kept, waiting out a backoff) — on the old device.
  failHeld()
  await oldRun

  expect(useOutbox.getState().entries).toEqual([])
  const outcome = await submit(edit('this test’s change'), { online: true })
  expect(outcome.kind).toBe('sent')
  expect(sent).toEqual(['this test’s change'])
})
