/**
 * Staff changes made offline wait on the device; staff sign out and another member may sign in on the
 * same device. A change is sent only with the token of the member who made it: sent with the next
 * member's, the server applies it as theirs (their name in the activity trail, their role's rights).
 * It waits for its own member's next sign-in, and an old member's refusal never signs the new one out.
 */
import { afterEach, expect, test } from 'bun:test'
import { enqueue, loadOutbox, onAuthRequired, replay, resetOutboxForTests, STAFF_TOKEN_KEY, submit, useOutbox, type NewEntry } from './outbox'

const realFetch = globalThis.fetch
afterEach(() => {
  globalThis.fetch = realFetch
  localStorage.removeItem(STAFF_TOKEN_KEY)
})

/** A token shaped as the server signs them (api/src/auth/index.ts): only its payload matters here. */
const tokenOf = (sub: string) => `h.${btoa(JSON.stringify({ sub, name: `member ${sub}`, tv: 0, sid: sub })).replace(/=+$/, '')}.s`
const edit = (label: string): NewEntry => ({ channel: 'admin', method: 'PUT', path: '/api/update-times', body: { kind: 'json', value: { label } }, label })

function recordSends(answer: (label: string) => Promise<Response> | Response = () => Response.json({})) {
  const sent: { label: string; token: string | null }[] = []
  globalThis.fetch = (async (_input: RequestInfo | URL, init: RequestInit = {}) => {
    const { label } = JSON.parse(String(init.body)) as { label: string }
    sent.push({ label, token: new Headers(init.headers).get('authorization') })
    return answer(label)
  }) as typeof fetch
  return sent
}

test('a change queued by one member is not sent under the next member who signs in, and goes when its member signs in again', async () => {
  localStorage.setItem(STAFF_TOKEN_KEY, tokenOf('1'))
  resetOutboxForTests({ wipe: true })
  await loadOutbox()
  await enqueue(edit('made by member 1 offline'))

  // Member 1 signs out; member 2 signs in and makes a change.
  localStorage.setItem(STAFF_TOKEN_KEY, tokenOf('2'))
  const sent = recordSends()
  const outcome = await submit(edit('made by member 2'), { online: true })
  expect(outcome.kind).toBe('sent')
  expect(sent).toEqual([{ label: 'made by member 2', token: `Bearer ${tokenOf('2')}` }])
  expect(useOutbox.getState().entries.map((entry) => entry.label)).toEqual(['made by member 1 offline'])

  // Member 1 signs in again: their change goes, with their token.
  localStorage.setItem(STAFF_TOKEN_KEY, tokenOf('1'))
  await replay()
  expect(sent.at(-1)).toEqual({ label: 'made by member 1 offline', token: `Bearer ${tokenOf('1')}` })
  expect(useOutbox.getState().entries).toEqual([])
})

test('a refusal of the signed-out member’s send, answered after another member signed in, does not sign the new member out', async () => {
  localStorage.setItem(STAFF_TOKEN_KEY, tokenOf('1'))
  resetOutboxForTests({ wipe: true })
  await loadOutbox()
  let answerHeld: () => void = () => {}
  const sent = recordSends((label) =>
    label === 'made by member 1'
      ? new Promise<Response>((resolve) => (answerHeld = () => resolve(Response.json({ error: 'Session ended' }, { status: 401 }))))
      : Response.json({}),
  )
  await enqueue(edit('made by member 1'))
  const held = replay()
  while (sent.length === 0) await Bun.sleep(1)

  // Member 1 signs out while the send hangs; member 2 signs in; then the answer comes: 401 (member 1's session is over).
  localStorage.setItem(STAFF_TOKEN_KEY, tokenOf('2'))
  let signedOut = 0
  const stopListening = onAuthRequired(() => signedOut++)
  answerHeld()
  await held
  stopListening()
  expect(signedOut).toBe(0)
  expect(useOutbox.getState().pausedForAuth).toBe(false)

  const outcome = await submit(edit('made by member 2'), { online: true })
  expect(outcome.kind).toBe('sent')
  expect(sent.filter((send) => send.token === `Bearer ${tokenOf('2')}`).map((send) => send.label)).toEqual(['made by member 2'])
})
