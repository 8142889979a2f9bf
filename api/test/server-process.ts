import { join } from 'node:path'
import { DEMO_ADMIN } from '../src/app'

/** The real server (`bun api/src/server.ts`) as a child process on loopback, for the crash and load tests. */
export interface ServerProcess {
  proc: ReturnType<typeof Bun.spawn>
  base: string
  /** Everything it wrote to stdout and stderr so far. */
  output(): string
}

const root = join(import.meta.dir, '..', '..')

/** A port nothing listens on now (the OS picks it); shared by the API, browser and bench harnesses. */
export function freePort(): number {
  const probe = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() })
  const port = probe.port!
  probe.stop(true)
  return port
}

/**
 * Starts the server on a port of its own; each start gets a new port, so keep-alive connections
 * pooled for a killed server are never reused. The demo staff account is created on first start.
 */
export function startServer(dataDir: string, env: Record<string, string> = {}): ServerProcess {
  const port = freePort()
  const proc = Bun.spawn([process.execPath, join(root, 'api/src/server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_DIST_DIR: join(dataDir, 'no-web-build'),
      SEED_DEMO: 'false',
      ADMIN_USERNAME: DEMO_ADMIN.username,
      ADMIN_PASSWORD: DEMO_ADMIN.password,
      LOG_REQUESTS: 'false',
      SMTP_URL: '',
      // Load and crash tests send many contact messages; tests of the hourly cap set their own.
      CONTACT_HOURLY_LIMIT: '1000000',
      ...env,
    },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  let output = ''
  const collect = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder()
    for await (const chunk of stream) output += decoder.decode(chunk, { stream: true })
  }
  void collect(proc.stdout as ReadableStream<Uint8Array>)
  void collect(proc.stderr as ReadableStream<Uint8Array>)
  return { proc, base: `http://127.0.0.1:${port}`, output: () => output }
}

/** Resolves once the server answers; throws with its output if it exits or takes over `timeoutMs`. */
export async function waitUntilReady(server: ServerProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (server.proc.exitCode !== null) throw new Error(`the server exited (${server.proc.exitCode}) while starting:\n${server.output()}`)
    const ok = await fetch(`${server.base}/api/venue`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return
    await Bun.sleep(50)
  }
  throw new Error(`the server did not start within ${timeoutMs / 1000} s:\n${server.output()}`)
}

export async function loginToServer(server: ServerProcess): Promise<string> {
  const res = await fetch(`${server.base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_ADMIN),
  })
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`)
  return ((await res.json()) as { token: string }).token
}
