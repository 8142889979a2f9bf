/** The real app (app.handle) for tests of the served pages: no browser, no listening server. */
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp, createContext, DEMO_ADMIN } from '../../api/src/app'
import { loadConfig } from '../../api/src/config'
import { rememberPeer } from '../../api/src/http/client-address'
import { changesSeed, seededDataDir } from './seeded-data'

/** The real app on a real SQLite file in a new DATA_DIR with the demo content, serving `dist`. */
export async function makeServedApp(dist: string, env: Record<string, string> = {}) {
  // The demo content seeded once per run (seeded-data.ts), unless `env` changes what is seeded.
  const dataDir = changesSeed(env) ? mkdtempSync(join(tmpdir(), 'venue-served-')) : await seededDataDir('venue-served-')
  const config = loadConfig({ DATA_DIR: dataDir, WEB_DIST_DIR: dist, SEED_DEMO: 'true', LOG_REQUESTS: 'false', NODE_ENV: 'test', ...env })
  const ctx = await createContext(config)
  const app = createApp(ctx)
  const call = (method: string, path: string, options: { json?: unknown; form?: FormData; token?: string; headers?: Record<string, string> } = {}) => {
    const headers: Record<string, string> = { ...options.headers }
    if (options.json !== undefined) headers['content-type'] = 'application/json'
    if (options.token) headers.authorization = `Bearer ${options.token}`
    const body = options.form ?? (options.json === undefined ? undefined : JSON.stringify(options.json))
    const request = new Request(`http://localhost${path}`, { method, headers, body })
    rememberPeer(request, '127.0.0.1')
    return app.handle(request)
  }
  return {
    dataDir,
    call,
    close() {
      ctx.db.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** The build the served-page tests read: the suite's (web/dist), or WEB_DIST_DIR's. */
export const SERVED_DIST = process.env.WEB_DIST_DIR ?? join(import.meta.dir, '..', 'dist')

/** The real app on the real build (its server bundle required), with the demo owner signed in. */
export async function servedAppSignedIn(env: Record<string, string> = {}) {
  if (!existsSync(join(SERVED_DIST, '.server', 'entry-server.mjs'))) throw new Error('Build first: npm run build (dist/.server/entry-server.mjs is missing)')
  const app = await makeServedApp(SERVED_DIST, env)
  const login = await app.call('POST', '/api/admin/login', { json: DEMO_ADMIN })
  return { app, token: ((await login.json()) as { token: string }).token }
}
