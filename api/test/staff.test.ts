/** Staff accounts: roles, managing staff, my account, sessions. Real app, real SQLite in a temp dir. */
import { afterEach, describe, expect, test } from 'bun:test'
import { SignJWT } from 'jose'
import { DEMO_ADMIN } from '../src/app'
import { MUST_CHANGE_PASSWORD_MESSAGE, OWNER_ONLY_MESSAGE, JWT_AUDIENCE, JWT_ISSUER } from '../src/auth/guard'
import { TOO_MANY_WRONG_PASSWORDS } from '../src/auth/login-throttle'
import { COMMON_PASSWORD_MESSAGE, JUDGED_LENGTH } from '../src/auth/password-policy'
import { LAST_OWNER_MESSAGE } from '../src/features/staff/index'
import { jsonOf, makeTestApp, type TestApp } from './helpers'

const FIRST = 'kettle-first-pass-7731'
const OWN = 'kettle lantern orchard 42'

let t: TestApp
afterEach(() => t?.close())

const login = async (username: string, password: string, headers: Record<string, string> = {}) => {
  const res = await t.call('POST', '/api/admin/login', { json: { username, password }, headers })
  return { status: res.status, body: await jsonOf(res) }
}

/** An owner token, and an editor 'edna' who has already chosen her own password. */
async function withEditor() {
  t = await makeTestApp()
  const owner = await t.token()
  expect((await t.call('POST', '/api/admin/staff', { token: owner, json: { username: 'edna', role: 'editor', password: FIRST } })).status).toBe(201)
  const first = (await login('edna', FIRST)).body.token as string
  expect((await t.call('POST', '/api/admin/password', { token: first, json: { current_password: FIRST, new_password: OWN } })).status).toBe(200)
  const editor = (await login('edna', OWN)).body.token as string
  return { owner, editor }
}

describe('roles', () => {
  test('the first account (ADMIN_USERNAME/ADMIN_PASSWORD) is an owner; the dashboard says the role', async () => {
    t = await makeTestApp()
    const res = await login(DEMO_ADMIN.username, DEMO_ADMIN.password)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ username: 'admin', role: 'owner', must_change_password: false })
    const dash = await jsonOf(await t.call('GET', '/api/admin/dashboard', { token: res.body.token }))
    expect(dash).toEqual({ message: 'Access granted!', username: 'admin', role: 'owner', must_change_password: false, message_retention_days: 365 })
  })

  test('the development demo account is an owner too', async () => {
    t = await makeTestApp({ env: { ADMIN_USERNAME: '', ADMIN_PASSWORD: '', SEED_DEMO: 'true' }, seedDemo: true })
    expect((await login(DEMO_ADMIN.username, DEMO_ADMIN.password)).body.role).toBe('owner')
  })

  test('an editor is refused every staff-management call with 403 JSON, before its body is even validated', async () => {
    const { editor } = await withEditor()
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/staff'],
      ['POST', '/api/admin/staff', { username: 'x', role: 'owner', password: 'whatever whatever' }],
      ['POST', '/api/admin/staff', { nonsense: true }],
      ['PUT', '/api/admin/staff/admin', { role: 'editor' }],
      ['DELETE', '/api/admin/staff/admin'],
      ['GET', '/api/admin/activity'],
    ]
    for (const [method, path, json] of calls) {
      const res = await t.call(method, path, { token: editor, json })
      expect(res.status, `${method} ${path}`).toBe(403)
      expect(await jsonOf(res)).toEqual({ error: OWNER_ONLY_MESSAGE })
    }
    expect((await jsonOf(await t.call('GET', '/api/admin/staff', { token: await t.token() }))).map((m: any) => m.username)).toEqual(['admin', 'edna'])
  })

  test('every existing staff call keeps working for an editor', async () => {
    const { editor } = await withEditor()
    const ok = async (method: string, path: string, json?: unknown) => {
      const res = await t.call(method, path, { token: editor, json })
      expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBeLessThan(300)
      return jsonOf(res)
    }
    await ok('GET', '/api/admin/dashboard')
    await ok('GET', '/api/admin/events')
    await ok('GET', '/api/admin/messages')
    await ok('GET', '/api/bank-admin-holiday-exceptions')
    await ok('POST', '/api/add-bank-holiday-times', { location: 'Larkdale Hotel', holiday_date: '2031-12-25', closed: true })
    await ok('DELETE', '/api/remove-bank-holiday-times', { location: 'Larkdale Hotel', holiday_date: '2031-12-25' })
    await ok('PUT', '/api/update-times', { name: 'The Stables bar', day: 'saturday', open_time: '11:00', close_time: '23:00', type: 'opening' })
    await ok('GET', '/api/admin/sessions')
  })
})

describe('managing staff (owner)', () => {
  test('GET /api/admin/staff lists members without any hash', async () => {
    await withEditor()
    const res = await t.call('GET', '/api/admin/staff', { token: await t.token() })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const text = await res.clone().text()
    expect(text).not.toContain('argon2')
    expect(text).not.toContain('password_hash')
    const list = await jsonOf(res)
    expect(list).toEqual([
      { username: 'admin', role: 'owner', disabled: false, created_at: expect.any(String), last_login_at: expect.any(String), must_change_password: false },
      { username: 'edna', role: 'editor', disabled: false, created_at: expect.any(String), last_login_at: expect.any(String), must_change_password: false },
    ])
  })

  test('POST adds a member (201) who must change the first password before anything else', async () => {
    t = await makeTestApp()
    const owner = await t.token()
    const res = await t.call('POST', '/api/admin/staff', { token: owner, json: { username: 'sam', role: 'editor', password: FIRST } })
    expect(res.status).toBe(201)
    expect((await jsonOf(res)).member).toMatchObject({ username: 'sam', role: 'editor', disabled: false, must_change_password: true, last_login_at: null })
    const first = await login('sam', FIRST)
    expect(first.status).toBe(200)
    expect(first.body.must_change_password).toBe(true)
    const token = first.body.token
    // Everything but the password change, logout and the dashboard is refused until then.
    for (const [method, path] of [
      ['GET', '/api/admin/events'],
      ['GET', '/api/admin/messages'],
      ['GET', '/api/admin/sessions'],
      ['POST', '/api/delete-event'],
    ]) {
      const refused = await t.call(method!, path!, { token, json: method === 'POST' ? { id: 1 } : undefined })
      expect(refused.status, path).toBe(403)
      expect(await jsonOf(refused)).toEqual({ error: MUST_CHANGE_PASSWORD_MESSAGE })
    }
    expect((await jsonOf(await t.call('GET', '/api/admin/dashboard', { token }))).must_change_password).toBe(true)
    const changed = await t.call('POST', '/api/admin/password', { token, json: { current_password: FIRST, new_password: OWN } })
    expect(changed.status).toBe(200)
    expect(changed.headers.get('cache-control')).toBe('no-store')
    // The same token works now, for everything an editor may do.
    expect((await t.call('GET', '/api/admin/events', { token })).status).toBe(200)
    expect((await login('sam', OWN)).body.must_change_password).toBe(false)
  })

  test('POST refuses an existing username (409, any case), a bad role or username (400), a weak first password (400)', async () => {
    t = await makeTestApp()
    const owner = await t.token()
    const add = (json: unknown) => t.call('POST', '/api/admin/staff', { token: owner, json })
    const refused = async (json: unknown, status: number) => {
      const res = await add(json)
      expect(res.status, JSON.stringify(json)).toBe(status)
      return (await jsonOf(res)).error as string
    }
    expect(await refused({ username: 'ADMIN', role: 'editor', password: FIRST }, 409)).toContain('already')
    expect(await refused({ username: 'sam', role: 'boss', password: FIRST }, 400)).toContain("'owner' or 'editor'")
    expect(await refused({ username: 'has space', role: 'editor', password: FIRST }, 400)).toContain('username')
    expect(await refused({ username: 'sam', role: 'editor', password: 'short' }, 400)).toContain('at least 12')
    expect(await refused({ username: 'sam', role: 'editor', password: 'password1234' }, 400)).toBe(COMMON_PASSWORD_MESSAGE)
    expect(await refused({ username: 'sam', role: 'editor', password: 'xxSAMxx-long-enough' }, 400)).toContain('username')
    expect(await refused({ username: 'sam' }, 400)).toBeString()
    expect((await jsonOf(await t.call('GET', '/api/admin/staff', { token: owner }))).length).toBe(1)
  })

  test('PUT changes a role, disables and enables, resets a password; each that takes rights away ends the sessions at once', async () => {
    const { owner, editor } = await withEditor()
    const put = (json: unknown, token = owner) => t.call('PUT', '/api/admin/staff/edna', { token, json })
    // Role change: her token stops working at once.
    const promoted = await put({ role: 'owner' })
    expect(promoted.status).toBe(200)
    expect((await jsonOf(promoted)).member.role).toBe('owner')
    expect((await t.call('GET', '/api/admin/dashboard', { token: editor })).status).toBe(401)
    // Disable: a fresh login is refused, and so is the token from before.
    const again = (await login('edna', OWN)).body.token
    expect((await put({ disabled: true })).status).toBe(200)
    expect((await t.call('GET', '/api/admin/dashboard', { token: again })).status).toBe(401)
    expect((await login('edna', OWN)).status).toBe(401)
    // Enable again: she can log in.
    expect((await put({ disabled: false })).status).toBe(200)
    const third = (await login('edna', OWN)).body.token
    expect((await t.call('GET', '/api/admin/dashboard', { token: third })).status).toBe(200)
    // Reset: her session ends, the old password is gone, the new one must be changed.
    expect((await put({ password: 'a temporary reset pass' })).status).toBe(200)
    expect((await t.call('GET', '/api/admin/dashboard', { token: third })).status).toBe(401)
    expect((await login('edna', OWN)).status).toBe(401)
    expect((await login('edna', 'a temporary reset pass')).body.must_change_password).toBe(true)
    // Her own reply never names a hash.
    expect(await (await put({ role: 'editor' })).text()).not.toContain('argon2')
  })

  test('PUT refuses bad input with 400/404 and changes nothing', async () => {
    const { owner, editor } = await withEditor()
    for (const [path, json, status] of [
      ['/api/admin/staff/edna', {}, 400],
      ['/api/admin/staff/edna', { role: 'king' }, 400],
      ['/api/admin/staff/edna', { disabled: 'yes' }, 400],
      ['/api/admin/staff/edna', { password: 'short' }, 400],
      ['/api/admin/staff/edna', { password: 'edna-edna-edna-edna' }, 400],
      ['/api/admin/staff/ghost', { role: 'owner' }, 404],
    ] as const) {
      const res = await t.call('PUT', path, { token: owner, json })
      expect(res.status, JSON.stringify(json)).toBe(status)
      expect(typeof (await jsonOf(res)).error).toBe('string')
    }
    expect((await t.call('GET', '/api/admin/dashboard', { token: editor })).status).toBe(200)
  })

  test('the last active owner can be neither removed, disabled nor demoted (409); with two owners, one can', async () => {
    t = await makeTestApp()
    const owner = await t.token()
    for (const [method, json] of [
      ['PUT', { role: 'editor' }],
      ['PUT', { disabled: true }],
      ['DELETE', undefined],
    ] as const) {
      const res = await t.call(method, '/api/admin/staff/admin', { token: owner, json })
      expect(res.status).toBe(409)
      expect(await jsonOf(res)).toEqual({ error: LAST_OWNER_MESSAGE })
    }
    expect((await t.call('GET', '/api/admin/dashboard', { token: owner })).status).toBe(200)
    // A disabled owner does not count: with one active owner and one disabled, the active one is still the last.
    expect((await t.call('POST', '/api/admin/staff', { token: owner, json: { username: 'olive', role: 'owner', password: FIRST } })).status).toBe(201)
    expect((await t.call('PUT', '/api/admin/staff/olive', { token: owner, json: { disabled: true } })).status).toBe(200)
    expect((await t.call('PUT', '/api/admin/staff/admin', { token: owner, json: { role: 'editor' } })).status).toBe(409)
    expect((await t.call('PUT', '/api/admin/staff/olive', { token: owner, json: { disabled: false } })).status).toBe(200)
    // Now there are two: admin may step down, and olive is the last.
    expect((await t.call('PUT', '/api/admin/staff/admin', { token: owner, json: { role: 'editor' } })).status).toBe(200)
    const olive = (await login('olive', FIRST)).body.token
    expect((await t.call('POST', '/api/admin/password', { token: olive, json: { current_password: FIRST, new_password: OWN } })).status).toBe(200)
    expect((await t.call('DELETE', '/api/admin/staff/olive', { token: olive })).status).toBe(409)
  })

  test('DELETE removes a member (200), ends their sessions, and 404s an unknown one', async () => {
    const { owner, editor } = await withEditor()
    const res = await t.call('DELETE', '/api/admin/staff/edna', { token: owner })
    expect(res.status).toBe(200)
    expect(await jsonOf(res)).toEqual({ message: 'edna removed.', username: 'edna' })
    expect((await t.call('GET', '/api/admin/dashboard', { token: editor })).status).toBe(401)
    expect((await login('edna', OWN)).status).toBe(401)
    expect((await t.call('DELETE', '/api/admin/staff/edna', { token: owner })).status).toBe(404)
  })
})

describe('my account', () => {
  test('a password change needs the right current password; other sessions end, this one stays', async () => {
    t = await makeTestApp()
    const here = (await login('admin', DEMO_ADMIN.password, { 'user-agent': 'Phone' })).body.token
    const elsewhere = (await login('admin', DEMO_ADMIN.password, { 'user-agent': 'Laptop' })).body.token
    const wrong = await t.call('POST', '/api/admin/password', { token: here, json: { current_password: 'not it at all', new_password: OWN } })
    expect(wrong.status).toBe(403)
    expect((await jsonOf(wrong)).error).toContain('current password')
    const res = await t.call('POST', '/api/admin/password', { token: here, json: { current_password: DEMO_ADMIN.password, new_password: OWN } })
    expect(res.status).toBe(200)
    expect((await t.call('GET', '/api/admin/dashboard', { token: here })).status).toBe(200)
    expect((await t.call('GET', '/api/admin/dashboard', { token: elsewhere })).status).toBe(401)
    expect((await login('admin', DEMO_ADMIN.password)).status).toBe(401)
    expect((await login('admin', OWN)).status).toBe(200)
  })

  test('guessable passwords, the venue’s names and the demo password are refused wherever a staff password is set, with the estimate’s own advice', async () => {
    t = await makeTestApp()
    const owner = await t.token()
    const guessable = ['aaaaaaaaaaaa', '111111111111', 'abcdefghijkl', 'qwertyuiopasdfgh', ' '.repeat(12)]
    const refusals: [string, string][] = [
      ...guessable.map((password): [string, string] => [password, 'easy to guess']),
      ['LarkdaleHotel', "venue's name"],
      ['the-stables-bar-2026', "venue's name"],
      [DEMO_ADMIN.password, 'published demo password'],
      // Six emoji are six characters, however many UTF-16 units they take.
      ['🐑🐄🐖🐓🐐🦆', 'at least 12'],
    ]
    const setters = [
      (password: string) => t.call('POST', '/api/admin/staff', { token: owner, json: { username: 'sam', role: 'editor', password } }),
      (password: string) => t.call('PUT', '/api/admin/staff/edna', { token: owner, json: { password } }),
      (password: string) => t.call('POST', '/api/admin/password', { token: owner, json: { current_password: DEMO_ADMIN.password, new_password: password } }),
    ]
    expect((await t.call('POST', '/api/admin/staff', { token: owner, json: { username: 'edna', role: 'editor', password: FIRST } })).status).toBe(201)
    for (const set of setters) {
      for (const [password, part] of refusals) {
        const res = await set(password)
        expect(res.status, password).toBe(400)
        expect((await jsonOf(res)).error, password).toContain(part)
      }
    }
    // zxcvbn's own warning and suggestions come with the refusal.
    const repeated = await jsonOf(await setters[0]!('aaaaaaaaaaaa'))
    expect(repeated.error).toContain('Repeated characters like "aaa" are easy to guess.')
    expect(repeated.error).toContain('Avoid repeated words and characters.')
    expect((await jsonOf(await t.call('GET', '/api/admin/staff', { token: owner }))).map((m: { username: string }) => m.username).sort()).toEqual([
      'admin',
      'edna',
    ])
    // A long enough, hard to guess one is taken, emoji counted as one character each.
    const emoji = await setters[0]!('🐑 kettle 🐄 lantern 🐖 orchard')
    expect(emoji.status).toBe(201)
  })

  test('weak, username-containing, leaked and reused new passwords are refused with 400 and the password is unchanged', async () => {
    t = await makeTestApp()
    const token = await t.token()
    for (const [next, part] of [
      ['short', 'at least 12'],
      ['Admin-is-my-name-42', 'username'],
      ['ADMINADMINADMIN', 'username'],
      ['qwerty123456', 'common'],
      ['1q2w3e4r5t6y', 'common'],
      [DEMO_ADMIN.password, 'published demo password'],
    ]) {
      const res = await t.call('POST', '/api/admin/password', { token, json: { current_password: DEMO_ADMIN.password, new_password: next } })
      expect(res.status, next).toBe(400)
      expect((await jsonOf(res)).error, next).toContain(part!)
    }
    expect((await t.call('POST', '/api/admin/password', { token, json: { current_password: DEMO_ADMIN.password } })).status).toBe(400)
    expect((await login('admin', DEMO_ADMIN.password)).status).toBe(200)
  })

  test('wrong current passwords are counted by the login throttle: the sixth try is 429, and logins from there too', async () => {
    t = await makeTestApp()
    const token = await t.token()
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) {
      statuses.push((await t.call('POST', '/api/admin/password', { token, json: { current_password: `guess number ${i}`, new_password: OWN } })).status)
    }
    expect(statuses).toEqual([403, 403, 403, 403, 403, 429])
    expect((await login('admin', DEMO_ADMIN.password)).status).toBe(429)
  })

  test('a new password is judged only for a caller who knows the current one and is not held back: guesses with a long new password are 403, then 429', async () => {
    t = await makeTestApp()
    const token = await t.token()
    // Judging a long password is the dear part of the request: it must never run for a wrong or throttled caller.
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) {
      const json = { current_password: `guess number ${i}`, new_password: 'a'.repeat(1000) }
      statuses.push((await t.call('POST', '/api/admin/password', { token, json })).status)
    }
    expect(statuses).toEqual([403, 403, 403, 403, 403, 429])
  })

  test('a password is judged on its first 64 characters: weak ones followed by random text are refused', async () => {
    t = await makeTestApp()
    const token = await t.token()
    const next = `${'a'.repeat(JUDGED_LENGTH)}${crypto.randomUUID()}${crypto.randomUUID()}`
    const res = await t.call('POST', '/api/admin/password', { token, json: { current_password: DEMO_ADMIN.password, new_password: next } })
    expect(res.status).toBe(400)
    expect((await jsonOf(res)).error).toContain('easy to guess')
  })

  test("the password form's 429 speaks of wrong passwords, not of logins the member never tried", async () => {
    t = await makeTestApp()
    const token = await t.token()
    let last: Response | undefined
    for (let i = 0; i < 6; i++)
      last = await t.call('POST', '/api/admin/password', { token, json: { current_password: `guess number ${i}`, new_password: OWN } })
    expect(last!.status).toBe(429)
    const { error } = await jsonOf(last!)
    expect(error).toBe(TOO_MANY_WRONG_PASSWORDS)
    expect(error).not.toContain('login')
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await login('admin', DEMO_ADMIN.password)).body.error).toContain('Too many failed logins')
  })

  test('sessions lists where I am logged in, with the current one marked; logout everywhere ends them all', async () => {
    t = await makeTestApp()
    const phone = (await login('admin', DEMO_ADMIN.password, { 'user-agent': 'Phone browser' })).body.token
    await login('admin', DEMO_ADMIN.password, { 'user-agent': 'Laptop browser' })
    const res = await t.call('GET', '/api/admin/sessions', { token: phone })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const sessions = await jsonOf<any[]>(res)
    expect(sessions).toHaveLength(2)
    expect(sessions.find((s) => s.current)).toMatchObject({
      user_agent: 'Phone browser',
      address: '127.0.0.1',
      created_at: expect.any(String),
      last_seen_at: expect.any(String),
    })
    expect(sessions.find((s) => !s.current).user_agent).toBe('Laptop browser')
    expect((await t.call('POST', '/api/admin/logout-everywhere', { token: phone })).status).toBe(200)
    expect((await t.call('GET', '/api/admin/sessions', { token: phone })).status).toBe(401)
    const fresh = (await login('admin', DEMO_ADMIN.password)).body.token
    expect(await jsonOf(await t.call('GET', '/api/admin/sessions', { token: fresh }))).toHaveLength(1)
  })

  test('a token from before sessions existed works until the account logs out everywhere or changes its password', async () => {
    t = await makeTestApp()
    const legacy = await new SignJWT({ sub: '1', tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(JWT_ISSUER)
      .setAudience(JWT_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode(t.ctx.jwtSecret))
    expect((await t.call('GET', '/api/admin/dashboard', { token: legacy })).status).toBe(200)
    const current = await t.token()
    expect((await t.call('POST', '/api/admin/password', { token: current, json: { current_password: DEMO_ADMIN.password, new_password: OWN } })).status).toBe(
      200,
    )
    expect((await t.call('GET', '/api/admin/dashboard', { token: legacy })).status).toBe(401)
    expect((await t.call('GET', '/api/admin/dashboard', { token: current })).status).toBe(200)
  })
})

describe('the migration', () => {
  test('accounts made before roles existed become active owners with nothing to change', async () => {
    const { Database } = await import('bun:sqlite')
    const { readdirSync, readFileSync } = await import('node:fs')
    const { join } = await import('node:path')
    const { migrate } = await import('../src/db/database')
    const dir = join(import.meta.dir, '../src/db/migrations')
    const db = new Database(':memory:')
    // The schema as it was just before this migration, with one account in it.
    for (const name of readdirSync(dir)
      .filter((n) => /^\d{3}_.+\.sql$/.test(n) && Number(n.slice(0, 3)) < 5)
      .sort()) {
      db.exec(readFileSync(join(dir, name), 'utf8'))
      db.exec(`PRAGMA user_version = ${Number(name.slice(0, 3))}`)
    }
    db.query("INSERT INTO admin_users (username, password_hash) VALUES ('old-owner', 'x')").run()
    migrate(db)
    expect(db.query("SELECT role, disabled, must_change_password, last_login_at FROM admin_users WHERE username = 'old-owner'").get()).toEqual({
      role: 'owner',
      disabled: 0,
      must_change_password: 0,
      last_login_at: null,
    })
    db.close()
  })
})

describe('password rules', () => {
  test('a very short username rules out only itself, not every password containing its letters', async () => {
    const { passwordRuleBroken } = await import('../src/shared/rules/staff-passwords')
    expect(passwordRuleBroken('a strong kettle pass', 'jo')).toBeNull()
    expect(passwordRuleBroken('jojojojojojojo', 'jojojojojojojo')).toContain('username')
    expect(passwordRuleBroken('kettle-edna-lantern', 'Edna')).toContain('username')
    expect(passwordRuleBroken('x'.repeat(11), 'sam')).toContain('at least 12')
  })

  test('the rule the staff screens check as it is typed counts characters as people see them and knows the venue’s names', async () => {
    const { passwordRuleBroken } = await import('../src/shared/rules/staff-passwords')
    const venueNames = ['Larkdale Hotel', 'The Stables bar']
    // Eleven flags are 44 UTF-16 units but eleven characters; a letter with a combining accent is one.
    expect(passwordRuleBroken('🇬🇧'.repeat(11), 'sam')).toContain('at least 12')
    expect(passwordRuleBroken('e\u0301'.repeat(11), 'sam')).toContain('at least 12')
    expect(passwordRuleBroken('🇬🇧'.repeat(12), 'sam')).toBeNull()
    expect(passwordRuleBroken('my larkdale_hotel key', 'sam', venueNames)).toContain("venue's name")
    expect(passwordRuleBroken('Change-Me-Please', 'sam')).toContain('published demo password')
    expect(passwordRuleBroken('kettle lantern orchard', 'sam', venueNames)).toBeNull()
  })
})

describe('a member removed while a request is on its way', () => {
  /** A JSON body that sends its first 5 bytes, says it has begun, and sends the rest when released. */
  function heldBody(json: unknown) {
    const text = new TextEncoder().encode(JSON.stringify(json))
    let begun!: () => void
    let release!: () => void
    const reading = new Promise<void>((resolve) => (begun = resolve))
    const released = new Promise<void>((resolve) => (release = resolve))
    let sent = false
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (!sent) {
          sent = true
          controller.enqueue(text.slice(0, 5))
          begun()
          return
        }
        await released
        controller.enqueue(text.slice(5))
        controller.close()
      },
    })
    return { body, reading, release }
  }

  test('an owner removed after the request began but before its body arrived creates nobody: 401, and the new account does not exist', async () => {
    t = await makeTestApp()
    const owner = await t.token()
    expect((await t.call('POST', '/api/admin/staff', { token: owner, json: { username: 'departing', role: 'owner', password: FIRST } })).status).toBe(201)
    const first = (await login('departing', FIRST)).body.token as string
    expect((await t.call('POST', '/api/admin/password', { token: first, json: { current_password: FIRST, new_password: OWN } })).status).toBe(200)
    const departing = (await login('departing', OWN)).body.token as string

    const held = heldBody({ username: 'backdoor', role: 'owner', password: FIRST })
    const headers = { 'content-type': 'application/json' }
    const pending = t.call('POST', '/api/admin/staff', { token: departing, body: held.body, headers })
    // The body is being read: the request was let in. Now the other owner removes the sender.
    await held.reading
    expect((await t.call('DELETE', '/api/admin/staff/departing', { token: owner })).status).toBe(200)
    held.release()
    expect((await pending).status).toBe(401)
    expect((await login('backdoor', FIRST)).status).toBe(401)
    const members = (await jsonOf(await t.call('GET', '/api/admin/staff', { token: owner }))) as { username: string }[]
    expect(members.map((member) => member.username)).not.toContain('backdoor')
  })

  test('an owner made an editor while an owner-only request was on its way is refused 401, and nothing changes', async () => {
    t = await makeTestApp()
    const owner = await t.token()
    expect((await t.call('POST', '/api/admin/staff', { token: owner, json: { username: 'olive', role: 'owner', password: FIRST } })).status).toBe(201)
    const first = (await login('olive', FIRST)).body.token as string
    expect((await t.call('POST', '/api/admin/password', { token: first, json: { current_password: FIRST, new_password: OWN } })).status).toBe(200)
    const olive = (await login('olive', OWN)).body.token as string

    const held = heldBody({ username: 'backdoor', role: 'owner', password: FIRST })
    const pending = t.call('POST', '/api/admin/staff', { token: olive, body: held.body, headers: { 'content-type': 'application/json' } })
    await held.reading
    expect((await t.call('PUT', '/api/admin/staff/olive', { token: owner, json: { role: 'editor' } })).status).toBe(200)
    held.release()
    const res = await pending
    // Taking rights away ends the member's sessions, so the held request finds its session gone.
    expect(res.status).toBe(401)
    expect((await login('backdoor', FIRST)).status).toBe(401)
  })
})
