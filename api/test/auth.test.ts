import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { SignJWT } from 'jose'
import { DEMO_ADMIN } from '../src/app'
import { JWT_AUDIENCE, JWT_ISSUER } from '../src/auth/guard'
import { jsonOf, makeTestApp, type TestApp } from './helpers'

let t: TestApp
beforeAll(async () => {
  t = await makeTestApp()
})
afterAll(() => t.close())

const sign = (secret: string, claims: Record<string, unknown>, exp: number, header: { alg?: string; iss?: string; aud?: string } = {}) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: header.alg ?? 'HS256' })
    .setIssuer(header.iss ?? JWT_ISSUER)
    .setAudience(header.aud ?? JWT_AUDIENCE)
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode(secret))

describe('POST /api/admin/login', () => {
  test('the right password gives a token that opens the dashboard', async () => {
    const res = await t.call('POST', '/api/admin/login', { json: DEMO_ADMIN })
    expect(res.status).toBe(200)
    const body = await jsonOf(res)
    expect(body.token.split('.')).toHaveLength(3)
    expect(new Date(body.expires_at).getTime()).toBeGreaterThan(Date.now())
    const dash = await t.call('GET', '/api/admin/dashboard', { token: body.token })
    expect(dash.status).toBe(200)
    expect(await dash.json()).toEqual({
      message: 'Access granted!',
      username: 'admin',
      role: 'owner',
      must_change_password: false,
      message_retention_days: 365,
    })
  })

  test('a wrong password and an unknown user get the same 401 reply', async () => {
    const wrong = await t.call('POST', '/api/admin/login', { json: { username: 'admin', password: 'nope-nope-nope' } })
    const unknown = await t.call('POST', '/api/admin/login', { json: { username: 'ghost', password: 'nope-nope-nope' } })
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect(await wrong.json()).toEqual(await unknown.json())
  })

  test('missing fields are a 400 with a readable error', async () => {
    const res = await t.call('POST', '/api/admin/login', { json: { username: 'admin' } })
    expect(res.status).toBe(400)
    expect((await jsonOf(res)).error).toBe('Username and password are required.')
  })

  test('a body that is not JSON is a 400', async () => {
    const res = await t.call('POST', '/api/admin/login', { body: '{"username":', headers: { 'content-type': 'application/json' } })
    expect(res.status).toBe(400)
    expect(typeof (await jsonOf(res)).error).toBe('string')
  })

  test('the password is stored as an argon2id hash', () => {
    const row = t.ctx.db.query('SELECT password_hash FROM admin_users WHERE username = ?').get('admin') as { password_hash: string }
    expect(row.password_hash.startsWith('$argon2id$')).toBe(true)
  })
})

describe('the admin guard', () => {
  const cases: [string, () => Promise<Record<string, string>>][] = [
    ['no token', async () => ({})],
    ['a garbage token', async () => ({ authorization: 'Bearer garbage' })],
    ['a malformed JWT', async () => ({ authorization: 'Bearer aaa.bbb.ccc' })],
    ['an expired token', async () => ({ authorization: `Bearer ${await sign(t.ctx.jwtSecret, { sub: '1', tv: 0 }, Math.floor(Date.now() / 1000) - 60)}` })],
    [
      'a token for another audience',
      async () => ({
        authorization: `Bearer ${await sign(t.ctx.jwtSecret, { sub: '1', tv: 0 }, Math.floor(Date.now() / 1000) + 600, { aud: 'someone-else' })}`,
      }),
    ],
    [
      'a token from another issuer',
      async () => ({ authorization: `Bearer ${await sign(t.ctx.jwtSecret, { sub: '1', tv: 0 }, Math.floor(Date.now() / 1000) + 600, { iss: 'elsewhere' })}` }),
    ],
    [
      'a token with an algorithm outside the allowlist',
      async () => ({ authorization: `Bearer ${await sign(t.ctx.jwtSecret, { sub: '1', tv: 0 }, Math.floor(Date.now() / 1000) + 600, { alg: 'HS512' })}` }),
    ],
    [
      'a token signed with another secret',
      async () => ({ authorization: `Bearer ${await sign('another-secret-entirely', { sub: '1', tv: 0 }, Math.floor(Date.now() / 1000) + 600)}` }),
    ],
  ]
  for (const [name, headers] of cases) {
    test(`${name}: dashboard and a change both get 401 and nothing changes`, async () => {
      const before = await (await t.call('GET', '/api/opening-times')).json()
      const dash = await t.call('GET', '/api/admin/dashboard', { headers: await headers() })
      expect(dash.status).toBe(401)
      expect(typeof (await jsonOf(dash)).error).toBe('string')
      const change = await t.call('PUT', '/api/update-times', {
        headers: await headers(),
        json: { name: 'The Stables bar', day: 'saturday', open_time: '01:00', close_time: '02:00', type: 'opening' },
      })
      expect(change.status).toBe(401)
      expect(await (await t.call('GET', '/api/opening-times')).json()).toEqual(before)
    })
  }

  test('logging out revokes the token', async () => {
    const res = await t.call('POST', '/api/admin/login', { json: DEMO_ADMIN })
    const { token } = await jsonOf(res)
    expect((await t.call('POST', '/api/admin/logout', { token })).status).toBe(200)
    expect((await t.call('GET', '/api/admin/dashboard', { token })).status).toBe(401)
  })
})
