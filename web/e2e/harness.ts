/**
 * Browser-test harness: the real server (as `npm start` runs it, on the built web app) on a temp
 * DATA_DIR and a free port, and Debian's Chromium driven by playwright-core.
 *
 * Assert on awaited values (`expect(await locator.textContent()).toBe(…)`), never with
 * `expect(promise).resolves`: under Bun that reorders playwright-core's messages and fails the run
 * with "Object with guid … was not bound in the connection" (see no-matcher-waits.test.ts).
 */
import { afterAll, beforeAll } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Browser, type BrowserContext, type LaunchOptions, type Page } from 'playwright-core'
import { freePort } from '../../api/test/server-process'
import { DISABLE_FEATURES } from './chromium-features'
import { changesSeed, seededDataDir } from './seeded-data'

const root = join(import.meta.dir, '..', '..')
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
/**
 * Third-party embeds cannot load here (no internet), exactly as on a phone without signal: the tests'
 * Chromium finds no address for any host but this machine, so each such request fails at once. (Refusing
 * them with a route instead made every request of every page wait on a round trip through the test
 * process, with the browser's cache off: a sixth of a page load's processor time.) A test that stubs a
 * third party online still answers it with `context.route`, which comes before any address is looked up.
 */
const ONLY_THIS_MACHINE = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost'
/** What the tests launch Chromium with: the arguments above, this machine's addresses only, and the features they run without. */
const TEST_ARGS = [...CHROMIUM_ARGS, ONLY_THIS_MACHINE, DISABLE_FEATURES]

export const PHONE = { width: 390, height: 844 }
export const DESKTOP = { width: 1440, height: 900 }
export const DEMO_ADMIN = { username: 'admin', password: 'change-me-please' }

export interface RunningServer {
  url: string
  dataDir: string
  /** Calls the API of this server. */
  api(path: string, init?: RequestInit): Promise<Response>
  /** A bearer token for the demo admin. */
  token(): Promise<string>
  /** Kills the server process at once (SIGKILL, as a crash or power cut would), keeping DATA_DIR and port. */
  kill(): Promise<void>
  /** Starts the server again on the same DATA_DIR and port (after kill). */
  restart(): Promise<void>
  stop(): Promise<void>
}

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = changesSeed({ ...process.env, ...env }) ? mkdtempSync(join(tmpdir(), 'venue-e2e-')) : await seededDataDir('venue-e2e-')
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const spawn = async () => {
    const proc = Bun.spawn([process.execPath, join(root, 'api/src/server.ts')], {
      cwd: root,
      // Test mode is development mode (demo content, no production guards) with the light password hash of
      // auth/password-hash.ts: each login, and the unknown-user hash made at start, cost a seventh of a second of CPU at full cost.
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'test', ...env },
      stdout: 'pipe',
      stderr: 'inherit',
    })
    // Generous: a server given its own seed settings seeds demo pictures first, which is slow on a busy machine.
    const deadline = Date.now() + 60_000
    for (;;) {
      try {
        const res = await fetch(`${url}/api/venue`)
        if (res.ok) break
      } catch {
        // not listening yet
      }
      if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`)
      if (Date.now() > deadline) {
        // Never leave a half-started server behind (it would outlive the test run).
        proc.kill('SIGKILL')
        throw new Error('server did not start within 60 s')
      }
      await Bun.sleep(100)
    }
    return proc
  }
  let proc = await spawn()
  // One login however many pages ask at once (the server checks one password at a time per address).
  let token: Promise<string> | undefined
  const api = (path: string, init?: RequestInit) => fetch(`${url}${path}`, init)
  return {
    url,
    dataDir,
    api,
    token() {
      token ??= api('/api/admin/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO_ADMIN) })
        .then((res) => res.json() as Promise<{ token?: string; error?: string }>)
        .then((reply) => reply.token ?? Promise.reject(new Error(`the demo login failed: ${reply.error}`)))
      token.catch(() => (token = undefined))
      return token
    },
    async kill() {
      proc.kill('SIGKILL')
      await proc.exited
    },
    async restart() {
      if (proc.exitCode === null && proc.signalCode === null) throw new Error('restart: the server is still running')
      proc = await spawn()
    },
    async stop() {
      proc.kill('SIGTERM')
      await proc.exited
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

let sharedChromium: Promise<Browser> | undefined

/**
 * A browser for one test file. Without options it is a lease of the one Chromium this test process
 * shares among all its files (a runner worker runs many files in one process): it opens contexts of
 * its own, and `close()` closes those contexts, not the shared Chromium. Starting Chromium anew for
 * each of some fifty files cost about a second of both cores each. With options, a Chromium of its own.
 */
export async function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  if (Object.keys(options).length > 0) return chromium.launch({ executablePath: CHROMIUM_PATH, args: TEST_ARGS, ...options })
  sharedChromium ??= chromium.launch({ executablePath: CHROMIUM_PATH, args: TEST_ARGS })
  let shared = await sharedChromium
  if (!shared.isConnected()) {
    sharedChromium = chromium.launch({ executablePath: CHROMIUM_PATH, args: TEST_ARGS })
    shared = await sharedChromium
  }
  return leaseOf(shared)
}

/**
 * The app on a pre-rendered page starts when the visitor first acts or after a quiet moment
 * (web/src/shell/appOnDemand.ts). Tests about anything else start it at once, as a page whose visitor
 * acts at once would: every context the harness opens does, unless made with `appOnDemand(context)`.
 */
async function startAppAtOnce(context: BrowserContext): Promise<BrowserContext> {
  await context.addInitScript(() => {
    if (!(globalThis as { appOnDemand?: boolean }).appOnDemand) (globalThis as { startAppAtOnce?: boolean }).startAppAtOnce = true
  })
  return context
}

/** Makes `context` start the app as a visitor's browser does: on the first action or after the quiet moment. */
export async function appOnDemand(context: BrowserContext): Promise<void> {
  // Init scripts run in the order they were added: this one runs after startAppAtOnce's and undoes it.
  await context.addInitScript(() => {
    ;(globalThis as { appOnDemand?: boolean }).appOnDemand = true
    delete (globalThis as { startAppAtOnce?: boolean }).startAppAtOnce
  })
}

/** A view of `browser` whose contexts are its own and whose close() closes only them. */
function leaseOf(browser: Browser): Browser {
  const contexts = new Set<BrowserContext>()
  const track = async (context: BrowserContext) => {
    await startAppAtOnce(context)
    contexts.add(context)
    context.once('close', () => contexts.delete(context))
    return context
  }
  return new Proxy(browser, {
    get(target, property) {
      if (property === 'newContext') return async (...args: Parameters<Browser['newContext']>) => track(await target.newContext(...args))
      if (property === 'newPage')
        return async (...args: Parameters<Browser['newPage']>) => {
          // A page of its own context, closed with the page (as Browser.newPage does).
          const context = await track(await target.newContext(...args))
          const page = await context.newPage()
          page.once('close', () => void context.close().catch(() => undefined))
          return page
        }
      if (property === 'contexts') return () => [...contexts]
      if (property === 'close') return async () => void (await Promise.all([...contexts].map((context) => context.close().catch(() => undefined))))
      const value = Reflect.get(target, property, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

/** A persistent (non-incognito) context: Chromium's installability and service worker checks need one. */
export async function launchPersistent(viewport = PHONE): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'venue-chromium-'))
  const context = await startAppAtOnce(await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM_PATH, args: TEST_ARGS, viewport }))
  return {
    context,
    async close() {
      await context.close()
      rmSync(profile, { recursive: true, force: true })
    },
  }
}

/**
 * Waits until the page has fetched the built chunk `name` (assets/<name>-<hash>.js), which the app
 * fetches ahead of need once the page is idle, and every module it imports: from then on that code
 * runs without a signal. ('networkidle' only guessed it: on a busy machine the idle fetch can start
 * after half a second without requests. And the chunk's own request finishes before its imports are
 * even asked for: the browser reads them from the chunk, so a server killed just then left the page
 * unable to open.) Importing the same address in the page settles once the browser's module graph
 * for it has loaded, sharing the app's requests.
 */
export async function waitForChunk(page: Page, name: string): Promise<void> {
  const chunk = await page.waitForFunction(
    (prefix) => performance.getEntriesByType('resource').find((entry) => new URL(entry.name).pathname.startsWith(prefix))?.name,
    `/assets/${name}-`,
    { timeout: 30_000 },
  )
  const url = (await chunk.jsonValue()) as string
  await page.evaluate((address) => import(address).then(() => undefined), url)
}

export interface ServerAndBrowser {
  readonly server: RunningServer
  readonly browser: Browser
}

/**
 * A server with demo content and a browser for the tests of one file or describe block: started
 * before its first test, stopped after its last. Read `server` and `browser` inside the tests.
 */
export function useServerAndBrowser(): ServerAndBrowser {
  const suite = {} as { server: RunningServer; browser: Browser }
  beforeAll(async () => {
    suite.server = await startServer()
    suite.browser = await launchBrowser()
  })
  afterAll(async () => {
    await suite.browser?.close()
    await suite.server?.stop()
  })
  return suite
}

/** A context of `suite`'s browser signed in as the demo owner in a session of its own (the token stored before any script runs), cookies agreed. */
export async function staffContext(suite: ServerAndBrowser, viewport: { width: number; height: number }) {
  const { server, browser } = suite
  const res = await server.api('/api/admin/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO_ADMIN) })
  const { token } = (await res.json()) as { token: string }
  const context = await browser.newContext({ viewport, serviceWorkers: 'block' })
  await context.addInitScript((t) => {
    localStorage.setItem('cookiesAgreed', 'true')
    localStorage.setItem('adminToken', t)
  }, token)
  return { context, token }
}
