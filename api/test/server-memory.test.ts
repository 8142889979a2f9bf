/**
 * The server process stays small: the picture and PDF libraries (sharp/libvips, pdf.js) load only in
 * its file worker, a child process that is gone once idle. Checked on a real server process, after a
 * first start that seeds demo pictures and an upload.
 */
import { afterAll, expect, test } from 'bun:test'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { DEMO_ADMIN } from '../src/auth/admin-store'

const root = join(import.meta.dir, '../..')
const dataDir = mkdtempSync(join(tmpdir(), 'server-memory-'))
// A port the system just handed out, so no other test's server holds it.
const probe = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() })
const port = probe.port!
probe.stop(true)
const url = `http://127.0.0.1:${port}`
const server = Bun.spawn([process.execPath, join(root, 'api/src/server.ts')], {
  cwd: root,
  env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'development', FILE_WORKER_IDLE_MS: '500' },
  stdout: 'ignore',
  stderr: 'ignore',
})

afterAll(async () => {
  server.kill('SIGKILL')
  await server.exited
  rmSync(dataDir, { recursive: true, force: true })
})

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

const mapsOf = (pid: number) => readFileSync(`/proc/${pid}/maps`, 'utf8')
const hasVips = (pid: number) => /libvips|sharp-/.test(mapsOf(pid))

async function until(check: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms
  while (!check()) {
    if (Date.now() > deadline) return false
    await Bun.sleep(50)
  }
  return true
}

test('sharp loads only in the file worker, which is gone once idle', async () => {
  const deadline = Date.now() + 60_000
  while (
    !(await fetch(`${url}/api/venue`)
      .then((res) => res.ok)
      .catch(() => false))
  ) {
    if (Date.now() > deadline || server.exitCode !== null) throw new Error('the server did not start')
    await Bun.sleep(100)
  }
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

  // While it works (the upload's variants), a child has libvips mapped; the server never has.
  const worker = childrenOf(server.pid).find((pid) => hasVips(pid))
  expect(hasVips(server.pid)).toBe(false)
  // The worker first makes every size of the demo pictures and the upload (some 40 s of both cores when the
  // browser tests run beside this file; it may not have loaded libvips yet when looked for above), then idles
  // out 0.5 s later: the deadline is for a worker that never goes.
  if (worker !== undefined) expect(await until(() => !childrenOf(server.pid).includes(worker), 120_000)).toBe(true)
  expect(await until(() => childrenOf(server.pid).length === 0, 120_000)).toBe(true)
  expect(hasVips(server.pid)).toBe(false)
}, 280_000)
