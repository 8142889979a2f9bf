/**
 * Attacks on staff logins and tokens: parallel password guesses, locking staff out from rotating
 * addresses, tokens that never expire, the demo account in production, what a login leaves in the
 * log, and forged or absent tokens sent to a staff route. In-process app; requests come from
 * 127.0.0.1 unless a test says otherwise.
 */
import { afterAll, afterEach, beforeAll, describe, expect, spyOn, test } from 'bun:test'
import { SignJWT } from 'jose'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp, createContext, DEMO_ADMIN } from '../src/app'
import { countAdmins, createAdmin } from '../src/auth/admin-store'
import { JWT_AUDIENCE, JWT_ISSUER } from '../src/auth/guard'
import { MAX_CONCURRENT_LOGIN_CHECKS } from '../src/auth/login-throttle'
import { loadConfig, parseTrustedProxies } from '../src/config'
import { clientAddress, fromTrustedProxy, rememberPeer } from '../src/http/client-address'
import { jsonOf, makeImage, makeTestApp, type TestApp } from './helpers'

const open: TestApp[] = []
const restore: (() => void)[] = []
afterEach(() => {
  while (restore.length) restore.pop()!()
  while (open.length) open.pop()!.close()
})
async function testApp(options: Parameters<typeof makeTestApp>[0] = {}) {
  const t = await makeTestApp(options)
  open.push(t)
  return t
}

/** Counts real password checks (and how many ran at once) without changing what they do. */
function countPasswordChecks() {
  const original = Bun.password.verify.bind(Bun.password)
  const seen = { calls: 0, inFlight: 0, maxInFlight: 0 }
  const spy = spyOn(Bun.password, 'verify').mockImplementation(async (...args: Parameters<typeof original>) => {
    seen.calls++
    seen.maxInFlight = Math.max(seen.maxInFlight, ++seen.inFlight)
    try {
      return await original(...args)
    } finally {
      seen.inFlight--
    }
  })
  restore.push(() => spy.mockRestore())
  return seen
}

/** Collects the JSON lines the app writes with console.log. */
function captureLog() {
  const lines: Record<string, unknown>[] = []
  const log = console.log
  console.log = (...args: unknown[]) => {
    try {
      lines.push(JSON.parse(String(args[0])))
    } catch {
      log(...args)
    }
  }
  restore.push(() => {
    console.log = log
  })
  return lines
}

const login = (t: TestApp, password: string, from?: string, username = DEMO_ADMIN.username) =>
  t.call('POST', '/api/admin/login', { json: { username, password }, headers: from ? { 'x-forwarded-for': from } : {} })

describe('parallel password guesses', () => {
  test('a burst of 30 guesses from one address gets at most 5 passwords checked; the rest get 429 JSON', async () => {
    const t = await testApp()
    const checks = countPasswordChecks()
    const replies = await Promise.all(Array.from({ length: 30 }, (_, i) => login(t, `wrong-password-${i}`)))
    const statuses = replies.map((r) => r.status)
    expect(checks.calls).toBeLessThanOrEqual(5)
    expect(statuses.filter((s) => s === 401).length).toBe(checks.calls)
    expect(statuses.filter((s) => s === 429).length).toBe(30 - checks.calls)
    const refused = replies.find((r) => r.status === 429)!
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(typeof (await jsonOf(refused)).error).toBe('string')
  })

  test('99 wrong guesses and then the right one, all at once: the right one does not get in', async () => {
    const t = await testApp()
    const checks = countPasswordChecks()
    const passwords = [...Array.from({ length: 99 }, (_, i) => `wrong-password-${i}`), DEMO_ADMIN.password]
    const statuses = (await Promise.all(passwords.map((p) => login(t, p)))).map((r) => r.status)
    expect(checks.calls).toBeLessThanOrEqual(5)
    expect(statuses).not.toContain(200)
    expect(statuses.at(-1)).toBe(429)
  })

  test('guesses from 30 addresses at 30 usernames at once: no more than the cap are verified together, the rest get 429', async () => {
    const t = await testApp({ env: { TRUST_PROXY: '127.0.0.1' } })
    const checks = countPasswordChecks()
    const replies = await Promise.all(Array.from({ length: 30 }, (_, i) => login(t, 'wrong-password', `198.51.100.${i}`, `user${i}`)))
    expect(checks.maxInFlight).toBeLessThanOrEqual(MAX_CONCURRENT_LOGIN_CHECKS)
    const statuses = replies.map((r) => r.status)
    expect(statuses.filter((s) => s === 401).length).toBe(checks.calls)
    expect(statuses.filter((s) => s === 429).length).toBe(30 - checks.calls)
    expect(checks.calls).toBeGreaterThan(0)
  })
})

describe('locking staff out from rotating addresses', () => {
  test('failures from an attacker never shut out the address staff log in from, and a new address waits seconds, not 15 minutes', async () => {
    let now = Date.parse('2026-06-01T10:00:00Z')
    const t = await testApp({ env: { TRUST_PROXY: '127.0.0.1' }, now: () => new Date(now) })
    const office = '198.51.100.7'
    expect((await login(t, DEMO_ADMIN.password, office)).status).toBe(200)
    for (let i = 0; i < 5; i++) expect((await login(t, 'wrong-password', `203.0.113.${i}`)).status).toBe(401)
    // The attacker keeps guessing, each time from a new address, as soon as they are allowed to.
    const waits: number[] = []
    for (let i = 0; i < 16; i++) {
      const refused = await login(t, 'wrong-password', `192.0.2.${i}`)
      if (refused.status === 429) {
        const wait = Number(refused.headers.get('retry-after'))
        waits.push(wait)
        now += wait * 1000
        expect((await login(t, 'wrong-password', `192.0.2.${100 + i}`)).status).toBe(401)
      }
      // Meanwhile the office gets straight in, every time.
      expect((await login(t, DEMO_ADMIN.password, office)).status).toBe(200)
    }
    // Delays grow, but stop at a minute: never a 15-minute lock an attacker can renew.
    expect(waits.length).toBeGreaterThan(10)
    expect(waits[1]!).toBeGreaterThanOrEqual(waits[0]!)
    expect(Math.max(...waits)).toBeLessThanOrEqual(60)
    // Staff on a new address wait at most that long.
    const fresh = await login(t, DEMO_ADMIN.password, '233.252.0.1')
    if (fresh.status === 429) {
      now += Number(fresh.headers.get('retry-after')) * 1000
      expect((await login(t, DEMO_ADMIN.password, '233.252.0.1')).status).toBe(200)
    } else {
      expect(fresh.status).toBe(200)
    }
  }, 120_000)

  test('the guesser’s own address is limited per username and address: 5 failures, then 429 for that address only', async () => {
    const t = await testApp({ env: { TRUST_PROXY: '127.0.0.1' } })
    for (let i = 0; i < 5; i++) expect((await login(t, 'wrong-password', '203.0.113.9')).status).toBe(401)
    const refused = await login(t, DEMO_ADMIN.password, '203.0.113.9')
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(60)
  })
})

describe('staff routes and request bodies', () => {
  test('every staff route that takes a body refuses an anonymous request 401 without pulling a byte of it', async () => {
    const t = await testApp()
    const refused: string[] = []
    for (const route of t.app.routes as { method: string; path: string }[]) {
      if (route.method === 'GET' || route.path.includes('*')) continue
      const path = route.path.replace(/:[A-Za-z]+/g, '1')
      // A staff route is one that refuses an anonymous request (as the fuzz test finds them).
      if ((await t.call(route.method, path)).status !== 401) continue
      let pulled = 0
      const body = new ReadableStream<Uint8Array>(
        {
          pull(controller) {
            if (++pulled > 16) controller.close()
            else controller.enqueue(new Uint8Array(1024).fill(32)) // spaces: JSON whitespace, never a complete body
          },
        },
        { highWaterMark: 0 },
      )
      const request = new Request(`http://localhost${path}`, {
        method: route.method,
        body,
        headers: { 'content-type': 'application/json' },
        duplex: 'half',
      } as RequestInit)
      rememberPeer(request, '127.0.0.1')
      const res = await t.app.handle(request)
      refused.push(`${route.method} ${route.path}`)
      expect(res.status, `${route.method} ${route.path}`).toBe(401)
      expect(pulled, `${route.method} ${route.path}`).toBe(0)
    }
    // Every change staff can make is among them (the list is the app's own, not this test's).
    expect(refused).toContain('POST /api/upload-gallery')
    expect(refused).toContain('PUT /api/update-times')
    expect(refused).toContain('POST /api/admin/logout')
    expect(refused.length).toBeGreaterThanOrEqual(10)
  })
})

describe('whose X-Forwarded-For is believed', () => {
  const from = (peer: string, forwarded?: string) => {
    const request = new Request('http://localhost/', { headers: forwarded ? { 'x-forwarded-for': forwarded } : {} })
    rememberPeer(request, peer)
    return request
  }
  const config = { trustedProxies: parseTrustedProxies('127.0.0.1, 10.0.0.0/8, fd00::/8') }

  test('only from a listed proxy, read from the right past every listed proxy', () => {
    expect(clientAddress(from('203.0.113.9', '198.51.100.1'), config)).toBe('203.0.113.9')
    expect(clientAddress(from('127.0.0.1', '198.51.100.1'), config)).toBe('198.51.100.1')
    expect(clientAddress(from('::ffff:127.0.0.1', 'forged, 198.51.100.1'), config)).toBe('198.51.100.1')
    expect(clientAddress(from('127.0.0.1', 'forged, 198.51.100.1, 10.1.2.3'), config)).toBe('198.51.100.1')
    expect(clientAddress(from('fd00::5', '2001:db8::7'), config)).toBe('2001:db8::7')
    expect(clientAddress(from('127.0.0.1', 'not-an-address'), config)).toBe('127.0.0.1')
    expect(clientAddress(from('127.0.0.1'), config)).toBe('127.0.0.1')
    expect(clientAddress(from('127.0.0.1', '198.51.100.1'), { trustedProxies: [] })).toBe('127.0.0.1')
    expect(fromTrustedProxy(from('10.9.9.9'), config)).toBe(true)
    expect(fromTrustedProxy(from('11.0.0.1'), config)).toBe(false)
  })

  test('TRUST_PROXY: true means this machine; lists are checked; anything else is refused at start-up', () => {
    expect(parseTrustedProxies('true')).toEqual(['127.0.0.0/8', '::1/128'])
    expect(parseTrustedProxies('')).toEqual([])
    expect(parseTrustedProxies('false')).toEqual([])
    expect(parseTrustedProxies('192.0.2.1,10.0.0.0/8')).toEqual(['192.0.2.1/32', '10.0.0.0/8'])
    for (const bad of ['yes', '10.0.0.0/33', '300.1.1.1', '10.0.0.0/8/1', '127.0.0.1,']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow('TRUST_PROXY')
    }
  })
})

describe('tokens', () => {
  const sign = (secret: string, build: (jwt: SignJWT) => SignJWT) =>
    build(new SignJWT({ sub: '1', tv: 0 }).setProtectedHeader({ alg: 'HS256' }).setIssuer(JWT_ISSUER).setAudience(JWT_AUDIENCE)).sign(
      new TextEncoder().encode(secret),
    )
  const seconds = () => Math.floor(Date.now() / 1000)

  test('a token signed with the real secret but without exp, without iat, or older than the login lifetime is refused', async () => {
    const t = await testApp()
    const ttl = t.ctx.config.jwtTtlSeconds
    const cases = {
      'no exp': await sign(t.ctx.jwtSecret, (j) => j.setIssuedAt()),
      'no iat': await sign(t.ctx.jwtSecret, (j) => j.setExpirationTime(seconds() + 600)),
      'issued too long ago': await sign(t.ctx.jwtSecret, (j) => j.setIssuedAt(seconds() - ttl - 120).setExpirationTime(seconds() + 10 * 365 * 86400)),
      'issued in the future': await sign(t.ctx.jwtSecret, (j) => j.setIssuedAt(seconds() + 3600).setExpirationTime(seconds() + 7200)),
    }
    for (const [name, token] of Object.entries(cases)) {
      expect((await t.call('GET', '/api/admin/dashboard', { token })).status, name).toBe(401)
    }
    const proper = await sign(t.ctx.jwtSecret, (j) => j.setIssuedAt().setExpirationTime(seconds() + 600))
    expect((await t.call('GET', '/api/admin/dashboard', { token: proper })).status).toBe(200)
  })
})

describe('the demo account and the listening address', () => {
  test('NODE_ENV=production SEED_DEMO=true without ADMIN_* creates no staff account, and admin/change-me-please does not log in', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'venue-prod-'))
    try {
      const ctx = await createContext(
        loadConfig({ DATA_DIR: dataDir, WEB_DIST_DIR: join(dataDir, 'none'), NODE_ENV: 'production', SEED_DEMO: 'true', LOG_REQUESTS: 'false' }),
      )
      expect(countAdmins(ctx.db)).toBe(0)
      const res = await createApp(ctx).handle(
        new Request('http://localhost/api/admin/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO_ADMIN) }),
      )
      expect(res.status).toBe(401)
      ctx.db.close()
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 60_000)

  test('in production the demo password is refused: as ADMIN_PASSWORD at start-up, and at login for an account an older version made', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'venue-prod-'))
    try {
      const env = { DATA_DIR: dataDir, WEB_DIST_DIR: join(dataDir, 'none'), NODE_ENV: 'production', LOG_REQUESTS: 'false' }
      await expect(createContext(loadConfig({ ...env, ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: DEMO_ADMIN.password }))).rejects.toThrow(
        'published demo password',
      )
      const ctx = await createContext(loadConfig(env))
      await createAdmin(ctx.db, DEMO_ADMIN.username, DEMO_ADMIN.password)
      const lines = captureLog()
      const res = await createApp(ctx).handle(
        new Request('http://localhost/api/admin/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO_ADMIN) }),
      )
      expect(res.status).toBe(401)
      expect(lines.find((l) => l.msg === 'login failed')).toMatchObject({ username: 'admin', reason: 'the published demo password is refused in production' })
      ctx.db.close()
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })

  test('HOST defaults to 127.0.0.1 outside production and 0.0.0.0 in production; HOST overrides both', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1')
    expect(loadConfig({ NODE_ENV: 'production' }).host).toBe('0.0.0.0')
    expect(loadConfig({ NODE_ENV: 'production', HOST: '127.0.0.1' }).host).toBe('127.0.0.1')
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0')
  })
})

describe('what a login leaves behind', () => {
  test('successes, failures and refusals are logged as JSON lines with address and username', async () => {
    const t = await testApp({ env: { TRUST_PROXY: '127.0.0.1' } })
    const lines = captureLog()
    expect((await login(t, DEMO_ADMIN.password, '198.51.100.1')).status).toBe(200)
    for (let i = 0; i < 5; i++) expect((await login(t, 'wrong-password', '203.0.113.5', 'ghost')).status).toBe(401)
    expect((await login(t, 'wrong-password', '203.0.113.5', 'ghost')).status).toBe(429)
    const logins = lines.filter((l) => String(l.msg).startsWith('login'))
    expect(logins[0]).toMatchObject({ level: 'info', msg: 'login succeeded', username: 'admin', address: '198.51.100.1' })
    expect(logins.filter((l) => l.msg === 'login failed')).toHaveLength(5)
    expect(logins[1]).toMatchObject({ level: 'warn', msg: 'login failed', username: 'ghost', address: '203.0.113.5' })
    expect(logins.at(-1)).toMatchObject({ level: 'warn', msg: 'login refused', username: 'ghost', address: '203.0.113.5' })
    expect(Number(logins.at(-1)!.retry_after)).toBeGreaterThan(0)
  })

  test('every auth reply carries Cache-Control: no-store', async () => {
    const t = await testApp()
    const ok = await login(t, DEMO_ADMIN.password)
    const { token } = await jsonOf(ok)
    const replies = {
      'login 200': ok,
      'login 401': await login(t, 'wrong-password'),
      'login 400': await t.call('POST', '/api/admin/login', { json: {} }),
      'dashboard 200': await t.call('GET', '/api/admin/dashboard', { token }),
      'dashboard 401': await t.call('GET', '/api/admin/dashboard'),
      'logout 200': await t.call('POST', '/api/admin/logout', { token }),
    }
    for (const [name, res] of Object.entries(replies)) expect(res.headers.get('cache-control'), name).toBe('no-store')
  })
})

describe('forged and absent tokens at the event addresses', () => {
  let app: TestApp
  let token: string
  let image: string
  beforeAll(async () => {
    app = await makeTestApp()
    token = await app.token()
    image = `data:image/png;base64,${Buffer.from(await makeImage('png', 8, 8)).toString('base64')}`
  })
  afterAll(() => app.close())
  const allEvents = async () => (await jsonOf(await app.call('GET', '/api/admin/events', { token }))) as { id: number }[]
  /** A refusal with `status`, as a JSON {error}. */
  async function expectRefused(res: Response, status: number) {
    expect(res.status).toBe(status)
    expect(res.headers.get('content-type')).toContain('application/json')
    expect(typeof ((await jsonOf(res)) as { error: unknown }).error).toBe('string')
  }
  const body = () => JSON.stringify({ title: 'x', description: 'y', startDatetime: '2026-12-05T19:30', image_base64: image })
  const post = (headers: Record<string, string>) =>
    app.call('POST', '/api/upload-event', { body: body(), headers: { 'content-type': 'application/json', ...headers } })

  test('no token, a made-up one, alg "none", a tampered payload, Basic, a cookie: 401 JSON, nothing stored', async () => {
    const before = await allEvents()
    const [head, payload, signature] = token.split('.') as [string, string, string]
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString())
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
    const forged: Record<string, string>[] = [
      {},
      { authorization: 'Bearer abc.def.ghi' },
      { authorization: `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${payload}.` },
      { authorization: `Bearer ${head}.${b64({ ...claims, sub: '2', exp: claims.exp + 86_400 })}.${signature}` },
      { authorization: `Bearer ${head}.${payload}.${signature.slice(0, -2)}AA` },
      { authorization: token },
      { authorization: `Basic ${Buffer.from('admin:change-me-please').toString('base64')}` },
      { cookie: `adminToken=${token}` },
    ]
    for (const headers of forged) await expectRefused(await post(headers), 401)
    const res = await app.call('POST', '/api/update-event', { json: { id: 1, title: 'x', description: 'y', start_datetime: '2026-12-05T19:30' } })
    await expectRefused(res, 401)
    expect(await allEvents()).toEqual(before)
  })
})
