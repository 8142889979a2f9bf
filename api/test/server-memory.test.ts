/**
 * The server process stays small: the picture and PDF libraries (sharp/libvips, pdf.js) load only in
 * its file worker, a child process that is gone once idle. Checked on real server processes: one on its
 * first start, drawing the demo pictures (stopped once that is seen: making every size of them is some
 * 40 s of both cores), and one that takes an upload and is watched until its worker has gone.
 */
import { afterAll, expect, test } from 'bun:test'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { DEMO_ADMIN } from '../src/auth/admin-store'

const root = join(import.meta.dir, '../..')
const started: { process: Bun.Subprocess; dataDir: string }[] = []

afterAll(async () => {
  for (const { process: server, dataDir } of started) {
    server.kill('SIGKILL')
    await server.exited
    rmSync(dataDir, { recursive: true, force: true })
  }
})

/** A server on a port the system just handed out (so no other test's server holds it), answering. */
async function startServer(env: Record<string, string>): Promise<{ server: Bun.Subprocess; url: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'server-memory-'))
  const probe = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() })
  const port = probe.port!
  probe.stop(true)
  const server = Bun.spawn([process.execPath, join(root, 'api/src/server.ts')], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', FILE_WORKER_IDLE_MS: '500', ...env },
    stdout: 'ignore',
    stderr: 'ignore',
  })
  started.push({ process: server, dataDir })
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  while (
    !(await fetch(`${url}/api/venue`)
      .then((res) => res.ok)
      .catch(() => false))
  ) {
    if (Date.now() > deadline || server.exitCode !== null) throw new Error('the server did not start')
    await Bun.sleep(100)
  }
  return { server, url }
}

/** The child processes of `pid` (its threads' children lists, as /proc keeps them). */
function childrenOf(pid: number): number[] {
  const tasks = readdirSync(`/proc/${pid}/task`)
  return tasks.flatMap((task) => {
    try {
      return readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(/\s+/).filter(Boolean).map(Number)
    } catch {
      return []
    }
  })
}

const mapsOf = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/maps`, 'utf8')
  } catch {
    return '' // gone meanwhile
  }
}
const hasVips = (pid: number) => /libvips|sharp-/.test(mapsOf(pid))

async function until(check: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms
  while (!check()) {
    if (Date.now() > deadline) return false
    await Bun.sleep(50)
  }
  return true
}

test('on a first start, the demo pictures are drawn in a worker with libvips; the server never loads it', async () => {
  const { server } = await startServer({ NODE_ENV: 'development', SEED_DEMO: 'true' })
  expect(await until(() => childrenOf(server.pid).some((pid) => hasVips(pid)), 120_000)).toBe(true)
  expect(hasVips(server.pid)).toBe(false)
}, 150_000)

test('an upload is worked on in a worker with libvips, which is gone once idle; the server never loads it', async () => {
  // No demo content, so the worker has only the upload to do; the first owner comes from the environment.
  const { server, url } = await startServer({
    NODE_ENV: 'development',
    SEED_DEMO: 'false',
    ADMIN_USERNAME: DEMO_ADMIN.username,
    ADMIN_PASSWORD: DEMO_ADMIN.password,
  })
  const login = await fetch(`${url}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO_ADMIN) })
  const { token } = (await login.json()) as { token: string }
  const picture = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#468' } })
    .jpeg()
    .toBuffer()
  const form = new FormData()
  form.append('images', new Blob([new Uint8Array(picture)], { type: 'image/jpeg' }), 'view.jpg')
  form.append('type', 'generic')
  const upload = await fetch(`${url}/api/upload-gallery`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })
  expect(upload.status).toBeLessThan(300)

  // While it works (the upload's sizes), a child has libvips mapped; the server never has.
  const worker = childrenOf(server.pid).find((pid) => hasVips(pid))
  expect(hasVips(server.pid)).toBe(false)
  // It idles out 0.5 s after its last job: the deadline is for a worker that never goes.
  if (worker !== undefined) expect(await until(() => !childrenOf(server.pid).includes(worker), 120_000)).toBe(true)
  expect(await until(() => childrenOf(server.pid).length === 0, 120_000)).toBe(true)
  expect(hasVips(server.pid)).toBe(false)
}, 280_000)
