/** The real server as a deployment runs it (production mode, demo content seeded), started and timed. */
import { closeSync, openSync } from 'node:fs'
import { join } from 'node:path'
import { processTree } from './memory'
import { start, type Started } from './processes'

const root = join(import.meta.dir, '..', '..')

export interface RunningServer {
  process: Started
  url: string
  /** From spawning the process to the first 200 of /api/health. */
  startMs: number
}

/** `env`: more settings (the owner's account the upload section logs in with). */
export async function startServer(options: {
  distDir: string
  dataDir: string
  port: number
  logPath: string
  env?: Record<string, string>
}): Promise<RunningServer> {
  const url = `http://127.0.0.1:${options.port}`
  const log = openSync(options.logPath, 'a')
  const started = performance.now()
  const server = start(process.execPath, [join(root, 'api/src/server.ts')], {
    cwd: root,
    logFile: log,
    env: {
      DATA_DIR: options.dataDir,
      WEB_DIST_DIR: options.distDir,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      SEED_DEMO: 'true',
      // Empty means unset: mail is stored, never sent, and the demo venue is used whatever the shell says.
      SMTP_URL: '',
      VENUE_FILE: '',
      ...options.env,
    },
  })
  closeSync(log)
  let exitCode: number | string | undefined
  void server.exited.then((code) => (exitCode = code))
  // Generous: the first start seeds the demo pictures, which is slow on a busy machine.
  const deadline = started + 120_000
  for (;;) {
    try {
      const res = await fetch(`${url}/api/health`)
      if (res.status === 200) return { process: server, url, startMs: performance.now() - started }
    } catch {
      // not listening yet
    }
    if (exitCode !== undefined) throw new Error(`the server exited with ${exitCode} before answering (log: ${options.logPath})`)
    if (performance.now() > deadline) throw new Error(`the server did not answer /api/health within 120 s (log: ${options.logPath})`)
    await Bun.sleep(10)
  }
}

export interface VariantWait {
  /** 'ready': every variant of the home gallery answers 200; 'none': the API lists no variants; 'timeout'. */
  state: 'ready' | 'none' | 'timeout'
  variants: number
  waitedMs: number
}

/**
 * Image variants may be made in the background after a start; pages measured before they exist would
 * fall back to the originals. Waits until every variant the home gallery lists answers 200.
 */
export async function waitForImageVariants(url: string, timeoutMs = 120_000): Promise<VariantWait> {
  const started = performance.now()
  let variants = 0
  /** The status of a URL; a dropped connection (the server busy making variants) counts as not ready yet. */
  const status = (path: string) =>
    fetch(`${url}${path}`).then(
      (res) => res.status,
      () => 0,
    )
  while (performance.now() - started < timeoutMs) {
    const gallery = (await fetch(`${url}/api/gallery/generic`).then(
      (res) => res.json(),
      () => undefined,
    )) as Array<{ image_variants?: Array<{ url: string }> }> | undefined
    if (!gallery) {
      await Bun.sleep(500)
      continue
    }
    const urls = gallery.flatMap((image) => image.image_variants ?? []).map((variant) => variant.url)
    variants = urls.length
    if (urls.length === 0) return { state: 'none', variants, waitedMs: performance.now() - started }
    // One at a time, stopping at the first missing one: a burst of requests would compete with the variant making it waits for.
    let ready = true
    for (const path of urls) {
      if ((await status(path)) === 200) continue
      ready = false
      break
    }
    if (ready) return { state: 'ready', variants, waitedMs: performance.now() - started }
    await Bun.sleep(500)
  }
  return { state: 'timeout', variants, waitedMs: performance.now() - started }
}

export interface BackgroundWait {
  /** 'quiet': the server ran alone (no file worker) for QUIET_FOR_MS; 'timeout': it still had a child process. */
  state: 'quiet' | 'timeout'
  waitedMs: number
}

/** The file worker exits 1 s after its last job; a little more than that alone means the start's work is done. */
const QUIET_FOR_MS = 3000

/**
 * After a start the server makes the missing copies of every picture in a child process (the home
 * gallery's first, which waitForImageVariants waits for; then the rest). A venue's server spends its life
 * past that point, so the read load is measured there: waits until the server has had no child process for
 * QUIET_FOR_MS, sending no requests meanwhile (background work waits for a quiet second).
 */
export async function waitForBackgroundWork(serverPid: number, timeoutMs = 180_000): Promise<BackgroundWait> {
  const started = performance.now()
  let aloneSince: number | undefined
  while (performance.now() - started < timeoutMs) {
    const now = performance.now()
    if (processTree(serverPid).length > 1) aloneSince = undefined
    else aloneSince ??= now
    if (aloneSince !== undefined && now - aloneSince >= QUIET_FOR_MS) return { state: 'quiet', waitedMs: now - started }
    await Bun.sleep(100)
  }
  return { state: 'timeout', waitedMs: performance.now() - started }
}
