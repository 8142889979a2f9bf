/**
 * The real server, with requests whose body is held back on purpose: let in when they began, their
 * sender is removed or disabled before the body arrives. The change is refused 401 and nothing is
 * written — an editor's event deletion, an owner's venue details and logo alike (the account, session
 * and role are checked again inside the transaction that writes; the staff-screen tests hold the
 * staff routes themselves, staff.test.ts).
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { makeImage } from './helpers'
import { loginToServer, startServer, waitUntilReady, type ServerProcess } from './server-process'

let dir: string
let server: ServerProcess
let owner: string
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'held-requests-'))
  server = startServer(dir)
  await waitUntilReady(server)
  owner = await loginToServer(server)
})
afterAll(async () => {
  server?.proc.kill('SIGKILL')
  await server?.proc.exited
  rmSync(dir, { recursive: true, force: true })
})

const call = async (method: string, path: string, token: string, json?: unknown) => {
  const res = await fetch(`${server.base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
    body: json === undefined ? undefined : JSON.stringify(json),
  })
  return { status: res.status, body: (await res.json()) as any }
}

/** A member who has chosen their own password, logged in: their token. */
async function member(username: string, role: 'owner' | 'editor'): Promise<string> {
  expect((await call('POST', '/api/admin/staff', owner, { username, role, password: 'meadow-stile-gate-77' })).status).toBe(201)
  const login = (password: string) =>
    fetch(`${server.base}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) })
  const first = ((await (await login('meadow-stile-gate-77')).json()) as { token: string }).token
  expect(
    (await call('POST', '/api/admin/password', first, { current_password: 'meadow-stile-gate-77', new_password: 'harbour-thistle-copper-91' })).status,
  ).toBe(200)
  return ((await (await login('harbour-thistle-copper-91')).json()) as { token: string }).token
}

/** Sends the head and the first 5 bytes of the body; the rest once `release` is called. Resolves with the reply's status line. */
function held(method: string, path: string, headers: Record<string, string>, body: Buffer) {
  let socket!: ReturnType<typeof connect>
  let begun!: () => void
  const reading = new Promise<void>((resolve) => (begun = resolve))
  const reply = new Promise<string>((resolve) => {
    let text = ''
    socket = connect(Number(new URL(server.base).port), '127.0.0.1', () => {
      const head = Object.entries({ host: '127.0.0.1', 'content-length': String(body.length), connection: 'close', ...headers })
      socket.write(`${method} ${path} HTTP/1.1\r\n${head.map(([name, value]) => `${name}: ${value}`).join('\r\n')}\r\n\r\n`)
      socket.write(body.subarray(0, 5), () => setTimeout(begun, 200))
    })
    socket.on('data', (chunk) => (text += chunk.toString('latin1')))
    socket.on('error', () => {})
    socket.on('close', () => resolve(text.split('\r\n')[0]!))
  })
  return { reading, reply, release: () => socket.write(body.subarray(5)) }
}

test('an editor removed while their event deletion is on its way deletes nothing: 401', async () => {
  const image_base64 = Buffer.from(await makeImage('png')).toString('base64')
  const made = await call('POST', '/api/upload-event', owner, {
    title: 'Quiz night',
    description: 'Teams of six',
    startDatetime: '2031-05-01T19:00',
    image_base64,
  })
  expect(made.status).toBe(201)
  const id = made.body.event.id as number
  const editor = await member('leaving-editor', 'editor')
  const request = held(
    'POST',
    '/api/delete-event',
    { authorization: `Bearer ${editor}`, 'content-type': 'application/json' },
    Buffer.from(JSON.stringify({ id })),
  )
  await request.reading
  expect((await call('DELETE', '/api/admin/staff/leaving-editor', owner)).status).toBe(200)
  request.release()
  expect(await request.reply).toBe('HTTP/1.1 401 Unauthorized')
  expect(((await call('GET', '/api/admin/events', owner)).body as { id: number }[]).map((event) => event.id)).toContain(id)
}, 30_000)

test('an owner disabled while their venue details are on their way changes nothing: 401', async () => {
  const before = (await call('GET', '/api/admin/venue', owner)).body
  const other = await member('leaving-owner', 'owner')
  const body = Buffer.from(JSON.stringify({ ...before.venue, hotelName: 'Not Ours Any More' }))
  const request = held('PUT', '/api/admin/venue', { authorization: `Bearer ${other}`, 'content-type': 'application/json' }, body)
  await request.reading
  expect((await call('PUT', '/api/admin/staff/leaving-owner', owner, { disabled: true })).status).toBe(200)
  request.release()
  expect(await request.reply).toBe('HTTP/1.1 401 Unauthorized')
  expect((await call('GET', '/api/admin/venue', owner)).body).toEqual(before)
}, 30_000)

test('an owner removed while their logo is on its way replaces nothing and leaves no file: 401', async () => {
  const uploads = () => readdirSync(join(dir, 'uploads')).sort()
  const filesBefore = uploads()
  const other = await member('logo-owner', 'owner')
  const boundary = 'held-logo'
  const png = Buffer.from(await makeImage('png', 512, 512))
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  const request = held('POST', '/api/admin/venue/logo', { authorization: `Bearer ${other}`, 'content-type': `multipart/form-data; boundary=${boundary}` }, body)
  await request.reading
  expect((await call('DELETE', '/api/admin/staff/logo-owner', owner)).status).toBe(200)
  request.release()
  expect(await request.reply).toBe('HTTP/1.1 401 Unauthorized')
  expect(((await (await fetch(`${server.base}/api/venue`)).json()) as { logo: string }).logo).toBe('/logo.svg')
  expect(uploads()).toEqual(filesBefore)
}, 30_000)
