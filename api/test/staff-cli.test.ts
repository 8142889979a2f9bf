/** `npm run staff -- …`: the recovery command on a temp DATA_DIR, as a real process. */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp, createContext, DEMO_ADMIN } from '../src/app'
import { loadConfig } from '../src/config'
import type { AppContext } from '../src/context'

const root = join(import.meta.dir, '..', '..')
let dataDir: string

async function staff(...args: string[]) {
  const proc = Bun.spawn([process.execPath, join(root, 'api/scripts/staff.ts'), ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, SEED_DEMO: 'false', NODE_ENV: 'development' },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited])
  return { stdout, stderr, code }
}

/** The app on the same DATA_DIR, opened afresh each time so it sees what the command wrote. */
async function withApp<T>(
  use: (call: (method: string, path: string, json?: unknown, token?: string) => Promise<Response>, ctx: AppContext) => Promise<T>,
): Promise<T> {
  const ctx = await createContext(
    loadConfig({
      DATA_DIR: dataDir,
      WEB_DIST_DIR: join(dataDir, 'none'),
      SEED_DEMO: 'false',
      LOG_REQUESTS: 'false',
      ADMIN_USERNAME: DEMO_ADMIN.username,
      ADMIN_PASSWORD: DEMO_ADMIN.password,
    }),
  )
  const app = createApp(ctx)
  const call = (method: string, path: string, json?: unknown, token?: string) =>
    app.handle(
      new Request(`http://localhost${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: json === undefined ? undefined : JSON.stringify(json),
      }),
    )
  try {
    return await use(call, ctx)
  } finally {
    ctx.db.close()
  }
}

const loginAs = async (call: Parameters<Parameters<typeof withApp>[0]>[0], username: string, password: string) => {
  const res = await call('POST', '/api/admin/login', { username, password })
  return { status: res.status, body: (await res.json()) as any }
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'venue-staff-cli-'))
  await withApp(async () => {}) // the first owner, from ADMIN_USERNAME/ADMIN_PASSWORD
})
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

// Each test starts the real command a few times (a few seconds each on a machine busy with the browser
// tests), hence their limits above the lane's 30 s.
describe('npm run staff', () => {
  test('is a package.json script', async () => {
    const pkg = await Bun.file(join(root, 'package.json')).json()
    expect(pkg.scripts.staff).toBe('bun api/scripts/staff.ts')
  })

  test('list shows every account with its role and state', async () => {
    const { stdout, code } = await staff('list')
    expect(code).toBe(0)
    expect(stdout).toMatch(/^admin\s+owner\s+active\s+never logged in$/m)
  })

  test('add prints a strong first password that logs in and must be changed', async () => {
    const { stdout, code } = await staff('add', 'olive', '--role', 'owner')
    expect(code).toBe(0)
    const password = stdout.trim().split('\n').at(-1)!
    expect(password).toMatch(/^[A-Za-z0-9]{18}$/)
    await withApp(async (call) => {
      const login = await loginAs(call, 'olive', password)
      expect(login.status).toBe(200)
      expect(login.body).toMatchObject({ role: 'owner', must_change_password: true })
      expect((await call('GET', '/api/admin/staff', undefined, login.body.token)).status).toBe(403)
    })
    expect((await staff('list')).stdout).toMatch(/^olive\s+owner\s+active\s+must change password/m)
  }, 60_000)

  test("reset-password gives a new first password and ends the member's sessions", async () => {
    const token = await withApp(async (call) => (await loginAs(call, 'admin', DEMO_ADMIN.password)).body.token as string)
    const { stdout, code } = await staff('reset-password', 'admin')
    expect(code).toBe(0)
    const password = stdout.trim().split('\n').at(-1)!
    await withApp(async (call) => {
      expect((await call('GET', '/api/admin/dashboard', undefined, token)).status).toBe(401)
      expect((await loginAs(call, 'admin', DEMO_ADMIN.password)).status).toBe(401)
      const login = await loginAs(call, 'admin', password)
      expect(login.body.must_change_password).toBe(true)
      expect(
        (await call('POST', '/api/admin/password', { current_password: password, new_password: 'kettle lantern orchard 42' }, login.body.token)).status,
      ).toBe(200)
    })
  }, 60_000)

  test('disable shuts an account and records who did it; the last active owner cannot be disabled', async () => {
    expect((await staff('add', 'edna', '--role', 'editor')).code).toBe(0)
    const { stdout, code } = await staff('disable', 'edna')
    expect(code).toBe(0)
    expect(stdout).toContain('disabled')
    expect((await staff('disable', 'olive')).code).toBe(0)
    const last = await staff('disable', 'admin')
    expect(last.code).toBe(1)
    expect(last.stderr).toContain('last active owner')
    expect((await staff('list')).stdout).toMatch(/^admin\s+owner\s+active/m)
    await withApp(async (_call, ctx) => {
      const trail = ctx.db.query("SELECT username, action, record_id FROM activity WHERE kind = 'staff' ORDER BY id").all()
      expect(trail).toContainEqual({ username: 'server (npm run staff)', action: 'update', record_id: 'edna' })
    })
  }, 60_000)

  test('bad usage prints the usage and exits 2; unknown or existing names exit 1 with a clear message', async () => {
    for (const args of [[], ['remove', 'admin'], ['add', 'sam'], ['add', 'sam', '--role'], ['add', 'sam', '--role', 'boss'], ['reset-password']]) {
      const result = await staff(...args)
      expect(result.code, args.join(' ')).toBe(2)
      expect(result.stderr).toMatch(/Usage|--role/)
    }
    const ghost = await staff('reset-password', 'ghost')
    expect(ghost.code).toBe(1)
    expect(ghost.stderr).toContain("No staff member called 'ghost'")
    const twice = await staff('add', 'ADMIN', '--role', 'editor')
    expect(twice.code).toBe(1)
    expect(twice.stderr).toContain('already')
  }, 90_000)
})
