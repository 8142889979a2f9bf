/**
 * The newcomer's path: a fresh clone, then the README's two commands, with NODE_ENV=production set
 * as a server's shell often has it. Under NODE_ENV=production npm leaves devDependencies out unless
 * told otherwise, and the build (Vite) and Bun itself are devDependencies, so this is where
 * `npm start` broke with "sh: vite: not found".
 *
 * The clone is of this repository's HEAD (committed work only). node_modules is copied as hard
 * links to spare a full download, but the scripts' own `npm install` runs as it would for anyone.
 */
import { afterAll, expect, test } from 'bun:test'
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { freePort } from './server-process'

const root = join(import.meta.dir, '..', '..')
const work = mkdtempSync(join(tmpdir(), 'venue-newcomer-'))
const clone = join(work, 'clone')
// A download without git history (a zip of the repository) has nothing to clone.
const isGitCheckout = spawnSync('git', ['-C', root, 'rev-parse', '--is-inside-work-tree'], { encoding: 'utf8' }).status === 0
const newcomerTest = test.skipIf(!isGitCheckout)

/**
 * The environment of someone typing the command in a shell: nothing npm or `bun test` put there
 * (npm_config_* would steer the inner npm, and our node_modules/.bin on PATH would hide a missing
 * tool in the clone's), and NODE_ENV=production.
 */
function newcomerEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {}
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined || /^(npm_|BUN_|CI$|NODE_ENV$)/i.test(key)) continue
    env[key] = value
  }
  env.PATH = (process.env.PATH ?? '')
    .split(delimiter)
    .filter((dir) => !dir.includes('node_modules'))
    .join(delimiter)
  return { ...env, NODE_ENV: 'production', ...extra }
}

interface Command {
  child: ChildProcess
  output(): string
  exited: Promise<number | null>
  /** Ends the command and everything it started (npm, sh, vite, bun): the whole process group. */
  stop(): Promise<void>
}

function runCommand(args: string[], env: Record<string, string>): Command {
  // detached: a process group of its own, so stopping it reaches the grandchildren too.
  const child = spawn(args[0]!, args.slice(1), { cwd: clone, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal)
    } catch {
      // the group is gone already
    }
  }
  return {
    child,
    output: () => output,
    exited,
    async stop() {
      signalGroup('SIGTERM')
      const ended = await Promise.race([exited.then(() => true), Bun.sleep(5000).then(() => false)])
      // npm may exit before the server it started; SIGKILL whatever of the group is left either way.
      signalGroup('SIGKILL')
      if (!ended) await exited
    },
  }
}

/** Runs a command to its end, or stops it at the deadline. */
async function runToEnd(args: string[], env: Record<string, string>, timeoutMs: number): Promise<{ code: number | null; output: string }> {
  const command = runCommand(args, env)
  const finished = await Promise.race([command.exited.then(() => true), Bun.sleep(timeoutMs).then(() => false)])
  await command.stop()
  if (!finished) throw new Error(`${args.join(' ')} did not finish within ${timeoutMs / 1000} s:\n${command.output()}`)
  return { code: await command.exited, output: command.output() }
}

/** The fresh clone with node_modules, made once for both tests (inside their own, longer timeouts). */
let cloned: Promise<void> | undefined
function prepareClone(): Promise<void> {
  cloned ??= (async () => {
    const copy = (args: string[]) => {
      const result = spawnSync(args[0]!, args.slice(1), { encoding: 'utf8', timeout: 120_000 })
      if (result.status !== 0) throw new Error(`${args.join(' ')} failed: ${result.stderr || result.error}`)
    }
    copy(['git', 'clone', '--quiet', '--no-hardlinks', root, clone])
    copy(['cp', '-al', join(root, 'node_modules'), join(clone, 'node_modules')])
    // npm rewrites this file in place; a hard link would carry the rewrite back into our node_modules.
    const hiddenLockfile = join(clone, 'node_modules', '.package-lock.json')
    const contents = readFileSync(hiddenLockfile)
    unlinkSync(hiddenLockfile)
    writeFileSync(hiddenLockfile, contents)
  })()
  return cloned
}

afterAll(() => rmSync(work, { recursive: true, force: true }))

newcomerTest(
  'NODE_ENV=production npm start on a fresh clone installs, builds and serves the site and the API',
  async () => {
    await prepareClone()
    const port = freePort()
    const base = `http://127.0.0.1:${port}`
    const dataDir = join(work, 'data')
    const start = runCommand(
      ['npm', 'start'],
      newcomerEnv({
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        // production has no demo staff account: a real deployment names its own.
        ADMIN_USERNAME: 'owner',
        ADMIN_PASSWORD: 'a-long-enough-password',
        LOG_REQUESTS: 'false',
      }),
    )
    try {
      const deadline = Date.now() + 240_000
      let venue: Response | undefined
      while (!venue?.ok) {
        const code = await Promise.race([start.exited, Bun.sleep(250).then(() => 'running' as const)])
        if (code !== 'running') throw new Error(`npm start exited (${code}) before serving:\n${start.output()}`)
        if (Date.now() > deadline) throw new Error(`npm start did not serve /api/venue within 240 s:\n${start.output()}`)
        venue = await fetch(`${base}/api/venue`, { signal: AbortSignal.timeout(2000) }).catch(() => undefined)
      }
      expect(venue.headers.get('content-type')).toContain('application/json')
      const home = await fetch(`${base}/`)
      expect(home.status).toBe(200)
      expect(home.headers.get('content-type')).toContain('text/html')
      expect(await home.text()).toContain('<div id="root"')
    } finally {
      await start.stop()
    }
  },
  300_000,
)

newcomerTest(
  'NODE_ENV=production npm test on a fresh clone installs and runs the suites in test mode',
  async () => {
    await prepareClone()
    // The whole suite would take many minutes (and run this file again): ONLY_FILES keeps one API test file and
    // one component test file, whose React needs the development build (act) that NODE_ENV=production would swap
    // out, and leaves the static checks out. With no browser file named the runner skips the build and Chromium.
    const only = 'api/test/auth.test.ts,web/src/features/contact/ContactForm.test.tsx'
    const { code, output } = await runToEnd(['npm', 'test'], newcomerEnv({ ONLY_FILES: only }), 240_000)
    expect(output).toMatch(/^web components\s+[\d.]+ s\s+[1-9]\d* passed, 0 failed$/m)
    expect(output).toMatch(/^API\s+[\d.]+ s\s+[1-9]\d* passed, 0 failed$/m)
    expect(output).toMatch(/^[1-9]\d* passed, 0 failed$/m)
    expect(code).toBe(0)
  },
  300_000,
)
