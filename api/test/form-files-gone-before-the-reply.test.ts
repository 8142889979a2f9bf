/**
 * A form's files are spooled to the uploads folder while the request is read, and removed before its
 * reply goes out, however the request ends: accepted, refused by the body's schema, or refused by a
 * route's own check before its handler (an unknown field). Looked at as soon as the reply is in hand,
 * the folder holds no spooled file (a rejected request changes nothing on disk).
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { readdirSync } from 'node:fs'
import { makeTestApp, type TestApp } from './helpers'

let t: TestApp
let token: string
beforeAll(async () => {
  t = await makeTestApp()
  token = await t.token()
})
afterAll(() => t.close())

const spooled = () => readdirSync(t.ctx.files.dir).filter((name) => name.startsWith('.tmp-upload-'))

function formWithAFile(extra: Record<string, string>): FormData {
  const form = new FormData()
  for (const [name, value] of Object.entries(extra)) form.append(name, value)
  form.append('picture', new Blob([new Uint8Array(4096).fill(7)], { type: 'application/octet-stream' }), 'x.bin')
  return form
}

for (const [what, method, path] of [
  ['a notice, refused for its unknown field by the route before its handler', 'POST', '/api/admin/notices'],
  ['a notice edit, refused the same way', 'PUT', '/api/admin/notices/1'],
  ['an event, refused by its handler', 'POST', '/api/upload-event'],
] as const)
  test(`${what}: no spooled file is left once the reply is in hand`, async () => {
    const reply = await t.call(method, path, { token, form: formWithAFile({ text: 'Closed today.', surprise: 'yes' }) })
    expect(reply.status).toBeGreaterThanOrEqual(400)
    expect(spooled()).toEqual([])
  })
