/**
 * The published demo password is the first thing anyone guessing tries, with the usual twists: other
 * capitals, spaces for hyphens, a digit or a "!" on the end, a hidden character inside. A staff password
 * that holds it, however it is dressed, is refused like the venue's names are — as it is typed (the shared
 * rule) and by the server — and nothing is saved.
 */
import { afterEach, expect, test } from 'bun:test'
import { DEMO_PASSWORD_MESSAGE, passwordRuleBroken } from '../src/shared/rules/staff-passwords'
import { DEMO_ADMIN } from '../src/app'
import { jsonOf, makeTestApp, type TestApp } from './helpers'

let t: TestApp
afterEach(() => t?.close())

const VARIANTS = [
  'change-me-please',
  'Change-Me-Please!!',
  'change me please',
  'changemeplease2024',
  'my CHANGE_ME_PLEASE key',
  'change-\u200bme-please-now',
  'ｃｈａｎｇｅ-ｍｅ-ｐｌｅａｓｅ-77',
]

test('a password holding the demo password, however it is dressed, is refused as it is typed', () => {
  for (const password of VARIANTS) expect([password, passwordRuleBroken(password, 'sam')]).toEqual([password, DEMO_PASSWORD_MESSAGE])
  // Its words apart, among others, are not it.
  expect(passwordRuleBroken('please change the kettle filter', 'sam')).toBeNull()
  // The venue's names are read the same way: full-width letters are the letters people see.
  expect(passwordRuleBroken('Ｌａｒｋｄａｌｅ Hotel key 77', 'sam', ['Larkdale Hotel'])).toContain("venue's name")
})

test('the server refuses it for a new member, a reset and a change of one’s own, and saves nothing', async () => {
  t = await makeTestApp()
  const owner = await t.token()
  for (const password of VARIANTS) {
    const add = await t.call('POST', '/api/admin/staff', { token: owner, json: { username: 'kit', role: 'editor', password } })
    expect([password, add.status, await jsonOf(add)]).toEqual([password, 400, { error: DEMO_PASSWORD_MESSAGE }])
  }
  const members = (await jsonOf(await t.call('GET', '/api/admin/staff', { token: owner }))) as { username: string }[]
  expect(members.map((member) => member.username)).toEqual([DEMO_ADMIN.username])

  expect((await t.call('POST', '/api/admin/staff', { token: owner, json: { username: 'kit', role: 'editor', password: 'meadow-stile-gate-77' } })).status).toBe(
    201,
  )
  const reset = await t.call('PUT', '/api/admin/staff/kit', { token: owner, json: { password: 'Change-Me-Please!!' } })
  expect([reset.status, await jsonOf(reset)]).toEqual([400, { error: DEMO_PASSWORD_MESSAGE }])
  expect((await t.call('POST', '/api/admin/login', { json: { username: 'kit', password: 'meadow-stile-gate-77' } })).status).toBe(200)

  const own = await t.call('POST', '/api/admin/password', {
    token: owner,
    json: { current_password: DEMO_ADMIN.password, new_password: 'Change me please, 2031' },
  })
  expect([own.status, await jsonOf(own)]).toEqual([400, { error: DEMO_PASSWORD_MESSAGE }])
  expect((await t.call('POST', '/api/admin/login', { json: { username: DEMO_ADMIN.username, password: DEMO_ADMIN.password } })).status).toBe(200)
})
