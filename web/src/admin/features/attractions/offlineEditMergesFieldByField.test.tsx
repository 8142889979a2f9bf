/**
 * An attraction edited offline while another owner changed it online, replayed by the real outbox
 * against the real server (`bun api/src/server.ts` on 127.0.0.1, real SQLite in a temp dir): fields
 * changed on one side only merge without a question (the other owner's web address survives), and
 * only a field changed on both sides is asked about. fetch is Bun's own (happy-dom's would apply
 * CORS for its made-up page origin), with forms written out as multipart bytes for it; uploads that
 * report progress (XMLHttpRequest) go through it too.
 */
import { afterAll, beforeAll, beforeEach, expect, test } from 'bun:test'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { DEMO_ADMIN } from '../../../../../api/src/app'
import { startServer, type ServerProcess } from '../../../../../api/test/server-process'
import { replay, useOutbox } from '../../../offline/outbox'
import { NOTHING_PENDING, PendingChangesPanel } from '../../shell/PendingChanges'
import { resetAdmin } from '../../../../test/admin-helpers'
import { ManageAttractions } from './ManageAttractions'
import { useAdminAttractions } from './store'

interface Attraction {
  id: number
  name: string
  url: string
  description: string
  updated_at: string
}

const realFetch = Bun.fetch
const dom = globalThis.fetch
let server: ServerProcess
let dataDir: string
let token: string
let image: ArrayBuffer

/** A form as the multipart bytes Bun's fetch sends (it cannot read happy-dom's FormData). */
async function multipart(form: FormData): Promise<{ body: ArrayBuffer; type: string }> {
  const boundary = `----merge-test-${crypto.randomUUID()}`
  const parts: Uint8Array[] = []
  const text = (value: string) => parts.push(new TextEncoder().encode(value))
  for (const [name, entry] of form.entries()) {
    const value = entry as unknown as string | File
    if (typeof value === 'string') text(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    else {
      text(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.name}"\r\nContent-Type: ${value.type}\r\n\r\n`)
      parts.push(new Uint8Array(await value.arrayBuffer()))
      text('\r\n')
    }
  }
  text(`--${boundary}--\r\n`)
  return { body: new Uint8Array(Buffer.concat(parts)).buffer, type: `multipart/form-data; boundary=${boundary}` }
}

async function send(input: RequestInfo | URL, { signal: _, ...init }: RequestInit = {}): Promise<Response> {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, server.base)
  if (!(init.body instanceof FormData)) return realFetch(url, init)
  const { body, type } = await multipart(init.body)
  const headers = new Headers(init.headers)
  headers.set('content-type', type)
  return realFetch(url, { ...init, body, headers })
}

/** Uploads that report progress go through XMLHttpRequest: here through Bun's fetch to the same server. */
class ServerXHR {
  upload = { onprogress: null as ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null }
  status = 0
  responseText = ''
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  ontimeout: (() => void) | null = null
  onabort: (() => void) | null = null
  private request: { method: string; url: string; headers: Record<string, string> } = { method: 'GET', url: '', headers: {} }
  open(method: string, url: string) {
    this.request = { method, url, headers: {} }
  }
  setRequestHeader(name: string, value: string) {
    this.request.headers[name] = value
  }
  abort() {}
  send(body: BodyInit | null) {
    send(this.request.url, { method: this.request.method, headers: this.request.headers, body }).then(
      async (res) => {
        this.status = res.status
        this.responseText = await res.text()
        this.onload?.()
      },
      () => this.onerror?.(),
    )
  }
}
const domXHR = globalThis.XMLHttpRequest

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'field-merge-'))
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
  const login = await realFetch(`${server.base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_ADMIN),
  })
  token = ((await login.json()) as { token: string }).token
  image = new Uint8Array(
    await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 60, g: 90, b: 40 } } })
      .png()
      .toBuffer(),
  ).buffer
  globalThis.fetch = send as typeof fetch
  globalThis.XMLHttpRequest = ServerXHR as unknown as typeof XMLHttpRequest
}, 120_000)
afterAll(async () => {
  globalThis.fetch = dom
  globalThis.XMLHttpRequest = domXHR
  server?.proc.kill()
  await server?.proc.exited
  rmSync(dataDir, { recursive: true, force: true })
})

const setOnLine = (value: boolean) => Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => value })
beforeEach(() => {
  resetAdmin('/manageAttractions', token)
  setOnLine(true)
})

/** Another owner, working online on another device. */
async function elsewhere(method: string, path: string, fields: Record<string, string | File>): Promise<Attraction> {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  const res = await send(path, { method, body: form, headers: { authorization: `Bearer ${token}` } })
  expect(res.status).toBeLessThan(300)
  return ((await res.json()) as { attraction: Attraction }).attraction
}

const createAttraction = (name: string) =>
  elsewhere('POST', '/api/upload-around', {
    name,
    url: 'https://example.org/castle',
    description: 'Ruins on the hill.',
    image: new File([image], 'castle.png', { type: 'image/png' }),
  })
const changeElsewhere = (a: Attraction, fields: Partial<Omit<Attraction, 'id'>>) =>
  elsewhere('PUT', `/api/edit-around/${a.id}`, { name: a.name, url: a.url, description: a.description, ...fields, updated_at: a.updated_at })
const onServer = async (id: number) => ((await (await realFetch(`${server.base}/api/around`)).json()) as Attraction[]).find((a) => a.id === id)

/** On this device, offline: the description (and the name, when given) edited in Manage Attractions, kept on the device. */
async function editDescriptionOffline(a: Attraction, description: string, name?: string) {
  setOnLine(false)
  render(<ManageAttractions />)
  const form = within(screen.getByRole('region', { name: 'Edit an attraction' }))
  await form.findByRole('option', { name: a.name })
  fireEvent.change(form.getByLabelText('Attraction'), { target: { value: String(a.id) } })
  fireEvent.change(form.getByLabelText('Description'), { target: { value: description } })
  if (name) fireEvent.change(form.getByLabelText('Name'), { target: { value: name } })
  fireEvent.click(form.getByRole('button', { name: 'Save changes' }))
  await form.findByText('Saved on this device — will sync when you’re back online')
}

test('an offline description edit sent after another owner changed the web address keeps that address, and asks nothing', async () => {
  const castle = await createAttraction('Hallow Castle')
  await editDescriptionOffline(castle, 'Ruins on the hill, with a moat.')
  await changeElsewhere(castle, { url: 'https://example.org/castle-visit' })

  setOnLine(true)
  await replay()
  expect(useOutbox.getState().entries).toEqual([])
  expect(await onServer(castle.id)).toMatchObject({ url: 'https://example.org/castle-visit', description: 'Ruins on the hill, with a moat.' })
})

test('only the field changed on both sides is asked about; a field changed on the server before the answer is sent still survives', async () => {
  const tower = await createAttraction('Larkdale Tower')
  await editDescriptionOffline(tower, 'A tower with a view.')
  const changed = await changeElsewhere(tower, { url: 'https://example.org/tower', description: 'A tall tower.' })

  setOnLine(true)
  await replay()
  expect(useOutbox.getState().entries.map((e) => [e.state, e.merge?.conflicts])).toEqual([['conflict', ['description']]])

  render(<PendingChangesPanel />)
  const question = screen.getByRole('group', { name: /choose which value to keep/ })
  // One question, about the description only, with both values; the web address was merged.
  expect(
    within(question)
      .getAllByRole('group')
      .map((g) => g.querySelector('legend')?.textContent),
  ).toEqual(['Description'])
  expect(within(question).getByRole('radio', { name: 'Your version: A tower with a view.' })).toBeTruthy()
  expect(within(question).getByRole('radio', { name: 'On the website now: A tall tower.' })).toBeTruthy()
  expect(within(question).queryByText(/example\.org/)).toBeNull()

  // Nothing chosen yet: it says what is missing and waits.
  fireEvent.click(within(question).getByRole('button', { name: /^Save my choices/ }))
  expect((await within(question).findByRole('alert')).textContent).toBe('Choose which value to keep for: Description.')
  expect(document.activeElement).toBe(within(question).getByRole('radio', { name: 'Your version: A tower with a view.' }))

  // Meanwhile the address changes again on the server: the answer must not write the older one back.
  await changeElsewhere(changed, { url: 'https://example.org/tower-tickets' })
  fireEvent.click(within(question).getByRole('radio', { name: 'Your version: A tower with a view.' }))
  fireEvent.click(within(question).getByRole('button', { name: /^Save my choices/ }))
  expect(await screen.findByText(NOTHING_PENDING)).toBeTruthy()
  expect(await onServer(tower.id)).toMatchObject({ url: 'https://example.org/tower-tickets', description: 'A tower with a view.' })
})

test('a field changed only here reaches the website before the question about the other is answered, and stays when that one is discarded', async () => {
  const inn = await createAttraction('Drovers Cross')
  await editDescriptionOffline(inn, 'A crossroads on the old drove road.', 'Drovers’ Cross')
  await changeElsewhere(inn, { url: 'https://example.org/cross', description: 'Where the roads meet.' })

  setOnLine(true)
  await replay()
  // The name went ahead at once; only the description waits for an answer.
  expect(await onServer(inn.id)).toMatchObject({ name: 'Drovers’ Cross', url: 'https://example.org/cross', description: 'Where the roads meet.' })
  expect(useOutbox.getState().entries.map((e) => [e.state, e.merge?.conflicts])).toEqual([['conflict', ['description']]])

  render(<PendingChangesPanel />)
  const question = screen.getByRole('group', { name: /Your other changes were sent to the website/ })
  let asked = ''
  const confirm = window.confirm
  window.confirm = (message?: string) => {
    asked = String(message)
    return true
  }
  try {
    fireEvent.click(within(question).getByRole('button', { name: /^Discard my change/ }))
    expect(await screen.findByText(NOTHING_PENDING)).toBeTruthy()
  } finally {
    window.confirm = confirm
  }
  expect(asked).toStartWith('Discard your version of Description?')
  expect(await onServer(inn.id)).toMatchObject({ name: 'Drovers’ Cross', url: 'https://example.org/cross', description: 'Where the roads meet.' })
})

test('keeping the website’s value for the only contested field sends nothing more: the rest already went', async () => {
  const barn = await createAttraction('Tithe Barn')
  await editDescriptionOffline(barn, 'A barn of the abbey.', 'Abbey Tithe Barn')
  await changeElsewhere(barn, { description: 'Medieval barn.' })

  setOnLine(true)
  await replay()
  render(<PendingChangesPanel />)
  const question = screen.getByRole('group', { name: /choose which value to keep/ })
  fireEvent.click(within(question).getByRole('radio', { name: 'On the website now: Medieval barn.' }))
  fireEvent.click(within(question).getByRole('button', { name: /^Save my choices/ }))
  expect(await screen.findByText(NOTHING_PENDING)).toBeTruthy()
  expect(await onServer(barn.id)).toMatchObject({ name: 'Abbey Tithe Barn', description: 'Medieval barn.' })
  // Three changes of the barn in the trail (added, the other owner's, the name): no empty save after them.
  const res = await realFetch(`${server.base}/api/admin/activity?kind=attraction&limit=100`, { headers: { authorization: `Bearer ${token}` } })
  const trail = (await res.json()) as { record_id: string | null }[]
  expect(trail.filter((entry) => entry.record_id === String(barn.id))).toHaveLength(3)
})

test('an edit of an attraction another owner deleted meanwhile says so, and can be added again with the form filled in', async () => {
  const mill = await createAttraction('Old Mill')
  await editDescriptionOffline(mill, 'A mill by the weir.')
  const res = await send(`/api/delete-around/${mill.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } })
  expect(res.status).toBe(200)

  setOnLine(true)
  await replay()
  cleanup()
  render(<PendingChangesPanel />)
  const item = screen.getByRole('group', { name: /deleted on the website while this change waited/ })
  expect(within(item).getByText('A mill by the weir.')).toBeTruthy()
  // Trying again cannot help: no Retry, only its own ways on.
  expect(screen.queryByRole('button', { name: /^Retry/ })).toBeNull()
  fireEvent.click(within(item).getByRole('button', { name: /^Add it again/ }))
  expect(await screen.findByText(NOTHING_PENDING)).toBeTruthy()
  expect(location.pathname).toBe('/manageAttractions')

  cleanup()
  render(<ManageAttractions />)
  const form = within(screen.getByRole('region', { name: 'Add an attraction' }))
  expect((form.getByLabelText('Name') as HTMLInputElement).value).toBe('Old Mill')
  expect((form.getByLabelText('Description') as HTMLTextAreaElement).value).toBe('A mill by the weir.')
  expect(form.getByText('Your unsaved input was restored. Please choose the image again.')).toBeTruthy()
})

test('online, with the list read again after the form was filled, an edit is still based on what filled it: the newer address survives', async () => {
  const bridge = await createAttraction('Monsal Bridge')
  render(<ManageAttractions />)
  const form = within(screen.getByRole('region', { name: 'Edit an attraction' }))
  await form.findByRole('option', { name: bridge.name })
  fireEvent.change(form.getByLabelText('Attraction'), { target: { value: String(bridge.id) } })
  // The screen's own reading of the list done first: a reading asked for while one is under way joins it, and on a
  // busy machine the screen's (from before the change below) could still be under way and come back without it.
  await useAdminAttractions.getState().load()
  // Another owner changes the address, and this device reads the list again while the form is open.
  await changeElsewhere(bridge, { url: 'https://example.org/bridge-walk' })
  await useAdminAttractions.getState().load()
  await waitFor(() => expect(useAdminAttractions.getState().data?.find((a) => a.id === bridge.id)?.url).toBe('https://example.org/bridge-walk'))

  fireEvent.change(form.getByLabelText('Description'), { target: { value: 'A viaduct over the river.' } })
  fireEvent.click(form.getByRole('button', { name: 'Save changes' }))
  await form.findByText('Attraction updated.')
  expect(await onServer(bridge.id)).toMatchObject({ url: 'https://example.org/bridge-walk', description: 'A viaduct over the river.' })
})
