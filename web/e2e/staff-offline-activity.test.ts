/**
 * An edit an editor makes offline, in a real Chromium against the real server: once it syncs, the
 * owner's Activity shows it with the editor as its author and both times — when it was made on the
 * device and when it reached the server. Build first (npm run build).
 */
import { expect, test } from 'bun:test'
import { mkdirSync } from 'node:fs'
import type { ActivityEntry } from '../src/api/types'
import { formatReceived } from '../src/admin/time'
import { SENT_AT_ONCE_MS } from '../src/offline/outbox/types'
import { DESKTOP, PHONE, useServerAndBrowser } from './harness'
import { load, prepare, QUEUED, waitUntilSynced } from './staff-pages'

const suite = useServerAndBrowser()
const SHOTS = '/tmp/shots'
const EDITOR = { username: 'robin', first: 'bramble-gate-footpath-9', own: 'swallows over the long meadow' }

async function json<T>(path: string, token: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
  const res = await suite.server.api(path, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
  })
  return { status: res.status, body: (await res.json()) as T }
}

/** An editor who has already chosen their own password; their token. */
async function newEditor(ownerToken: string): Promise<string> {
  const added = await json('/api/admin/staff', ownerToken, {
    method: 'POST',
    body: JSON.stringify({ username: EDITOR.username, role: 'editor', password: EDITOR.first }),
  })
  expect(added.status).toBe(201)
  const login = await suite.server.api('/api/admin/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: EDITOR.username, password: EDITOR.first }),
  })
  const token = ((await login.json()) as { token: string }).token
  const changed = await json('/api/admin/password', token, {
    method: 'POST',
    body: JSON.stringify({ current_password: EDITOR.first, new_password: EDITOR.own }),
  })
  expect(changed.status).toBe(200)
  return token
}

test('an edit queued offline shows its author and both its device time and the time it reached the server', async () => {
  mkdirSync(SHOTS, { recursive: true })
  const { server, browser } = suite
  const ownerToken = await server.token()
  const editorToken = await newEditor(ownerToken)

  const editorContext = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' })
  const editor = await prepare(editorContext, editorToken)
  await load(editor, `${server.url}/manageEvent`)
  const edit = editor.getByRole('button', { name: /^Edit / }).first()
  await edit.waitFor()

  await editorContext.setOffline(true)
  await editor.waitForFunction(() => navigator.onLine === false)
  await edit.click()
  const renamed = 'Quiz night, renamed offline by robin'
  await editor.getByRole('dialog', { name: 'Edit event' }).getByLabel('Title').fill(renamed)
  const madeAt = Date.now()
  await editor.getByRole('button', { name: 'Save Changes' }).click()
  await editor.getByText(QUEUED).waitFor()
  const queuedAt = Date.now()
  // Offline until the clock reaches the next minute, so the two times read differently on screen, and
  // for longer than a change sent as it is made (SENT_AT_ONCE_MS, counted from when it was queued at the
  // latest): one made at :58 and sent at :00 carried no device time.
  const madeMinute = Math.floor(madeAt / 60_000)
  const deadline = Date.now() + 75_000
  const waiting = () => Math.floor(Date.now() / 60_000) === madeMinute || Date.now() - queuedAt <= SENT_AT_ONCE_MS
  while (waiting() && Date.now() < deadline) await Bun.sleep(250)
  await editorContext.setOffline(false)
  await waitUntilSynced(editor)
  await editorContext.close()

  // The trail's entry: the editor's, made on the device before it reached the server.
  const trail = await json<ActivityEntry[]>(`/api/admin/activity?member=${EDITOR.username}&kind=event`, ownerToken)
  expect(trail.status).toBe(200)
  const entry = trail.body.find((e) => e.summary === `Edited the event “${renamed}”`)
  expect(entry).toBeDefined()
  expect(entry!.username).toBe(EDITOR.username)
  expect(entry!.device_at).not.toBeNull()
  const deviceAt = Date.parse(entry!.device_at!)
  expect(Math.abs(deviceAt - madeAt)).toBeLessThan(5_000)
  expect(Math.floor(Date.parse(entry!.at) / 60_000)).toBeGreaterThan(Math.floor(deviceAt / 60_000))

  // The owner's Activity screen, narrowed to the editor: author, device time and server time.
  const ownerContext = await browser.newContext({ viewport: DESKTOP, reducedMotion: 'reduce' })
  const owner = await prepare(ownerContext, ownerToken)
  await load(owner, `${server.url}/activity`)
  await owner.getByLabel('Member').fill(EDITOR.username)
  const shown = owner.locator('.activity-entry', { hasText: `Edited the event “${renamed}”` })
  await shown.waitFor()
  expect(await owner.locator('.activity-entry').count()).toBeGreaterThan(0)
  for (const name of await owner.locator('.activity-entry__meta strong').allTextContents()) expect(name).toBe(EDITOR.username)
  expect(await shown.locator('.activity-entry__meta').textContent()).toBe(
    `${EDITOR.username} · ${formatReceived(entry!.device_at)} on the device · reached the server ${formatReceived(entry!.at)}`,
  )
  expect(await shown.locator('time').getAttribute('datetime')).toBe(entry!.device_at)
  await owner.screenshot({ path: `${SHOTS}/staff-activity-offline-1440.png`, fullPage: true })
  await owner.setViewportSize(PHONE)
  await owner.screenshot({ path: `${SHOTS}/staff-activity-offline-390.png`, fullPage: true })
  await ownerContext.close()
})
