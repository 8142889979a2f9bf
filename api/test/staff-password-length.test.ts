/** A new staff password over the length limit is refused with the rule's own words, wherever it is set; nothing changes. */
import { afterEach, expect, test } from 'bun:test'
import { MAX_PASSWORD_LENGTH } from '../src/shared/rules/staff-passwords'
import { DEMO_ADMIN } from '../src/app'
import { jsonOf, makeTestApp, type TestApp } from './helpers'

let t: TestApp
afterEach(() => t?.close())

const TOO_LONG = 'long meadow '.repeat(Math.ceil((MAX_PASSWORD_LENGTH + 1) / 12)).slice(0, MAX_PASSWORD_LENGTH + 1)
const TOO_LONG_MESSAGE = `The password must be at most ${MAX_PASSWORD_LENGTH} characters long.`

test('adding, resetting or changing to a password over the limit: 400 saying the limit, nothing saved', async () => {
  t = await makeTestApp()
  const owner = await t.token()
  const add = await t.call('POST', '/api/admin/staff', { token: owner, json: { username: 'kit', role: 'editor', password: TOO_LONG } })
  expect(add.status).toBe(400)
  expect(await jsonOf(add)).toEqual({ error: TOO_LONG_MESSAGE })
  expect(((await jsonOf(await t.call('GET', '/api/admin/staff', { token: owner }))) as Array<{ username: string }>).map((m) => m.username)).toEqual([
    DEMO_ADMIN.username,
  ])

  expect((await t.call('POST', '/api/admin/staff', { token: owner, json: { username: 'kit', role: 'editor', password: 'meadow-stile-gate-77' } })).status).toBe(
    201,
  )
  const reset = await t.call('PUT', '/api/admin/staff/kit', { token: owner, json: { password: TOO_LONG } })
  expect(reset.status).toBe(400)
  expect(await jsonOf(reset)).toEqual({ error: TOO_LONG_MESSAGE })
  expect((await t.call('POST', '/api/admin/login', { json: { username: 'kit', password: 'meadow-stile-gate-77' } })).status).toBe(200)

  const own = await t.call('POST', '/api/admin/password', { token: owner, json: { current_password: DEMO_ADMIN.password, new_password: TOO_LONG } })
  expect(own.status).toBe(400)
  expect(await jsonOf(own)).toEqual({ error: TOO_LONG_MESSAGE })
  expect((await t.call('POST', '/api/admin/login', { json: { username: DEMO_ADMIN.username, password: DEMO_ADMIN.password } })).status).toBe(200)
})

test('a password missing is still said to be required', async () => {
  t = await makeTestApp()
  const owner = await t.token()
  const add = await t.call('POST', '/api/admin/staff', { token: owner, json: { username: 'kit', role: 'editor' } })
  expect(add.status).toBe(400)
  expect(await jsonOf(add)).toEqual({ error: 'A first password is required.' })
  const own = await t.call('POST', '/api/admin/password', { token: owner, json: { current_password: DEMO_ADMIN.password } })
  expect(own.status).toBe(400)
  expect(await jsonOf(own)).toEqual({ error: 'Your current password and a new password are required.' })
})
