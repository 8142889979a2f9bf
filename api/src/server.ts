import { createApp, createContext } from './app'
import { loadConfig } from './config'
import { sweepFiles } from './files/sweep'
import { retryUnsentMessages } from './features/contact/index'
import { fillMissingMenuText } from './features/menus/text'
import { MAX_BODY_LIMIT } from './http/body-limits'
import { clientAddress, limitKeyOf, peerOf, rememberPeer } from './http/client-address'
import { jsonError, pathOf } from './http/errors'
import { OpenBodies, TOO_MANY_OPEN_BODIES } from './http/open-bodies'
import { pruneIdempotencyKeys } from './http/idempotency'
import { securityHeaderValues } from './http/security'
import { Traffic } from './http/traffic'
import { pruneExpired, RETENTION_SWEEP_MS } from './retention'
import { clockFromFile } from './test-clock'

/** How long without a request before background variants are made (a page's pictures follow it within this). */
const QUIET_BEFORE_BACKGROUND_MS = 1000

const config = loadConfig()
const ctx = await createContext(config, { now: config.testClockFile ? clockFromFile(config.testClockFile) : undefined })
const sweep = sweepFiles(ctx.db, config.uploadsDir, ctx.variants)
if (sweep.removedFiles.length || sweep.removedRecords.length || sweep.missing.length || sweep.removedVariants.length || sweep.queuedVariants) {
  console.log(JSON.stringify({ level: sweep.missing.length ? 'warn' : 'info', msg: 'file sweep', ...sweep }))
}
const app = createApp(ctx)
const traffic = new Traffic()
ctx.variants.yieldTo(() => traffic.busyFor(QUIET_BEFORE_BACKGROUND_MS))
ctx.variants.start()
// Menus stored before the server read their text: read in the background, so start-up does not wait.
void fillMissingMenuText(ctx.db, ctx.files)
  .then((filled) => filled && console.log(JSON.stringify({ level: 'info', msg: 'menu text read', menus: filled })))
  .catch((error) => console.error(JSON.stringify({ level: 'error', msg: 'menu text failed', cause: String(error) })))

// Request lines are buffered and written a few times a second: a synchronous write per request
// would cost more than answering it. Everything else still goes through console.log at once.
const requestLog = Bun.stdout.writer({ highWaterMark: 64 * 1024 })
const flushRequestLog = setInterval(() => void requestLog.flush(), 250)

/** A reply written here, before or around the app: the same JSON `{ error }` and security headers as the app's. */
function serverReply(request: Request | undefined, status: number, error: string): Response {
  return jsonError(status, error, securityHeaderValues(config, ctx.venue(), request))
}

// A Host header is a name, an IPv4 address or a bracketed IPv6 address, with an optional port.
const VALID_HOST = /^(?:[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\.?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/
/** Elysia finds the path from the 12th character of the URL on ("http://" and four more). */
const SHORTEST_ROUTABLE_HOST = 4

/**
 * What the app may be handed. A broken Host (`a/b`, `a@b`, empty) leaves Bun with a URL that does not
 * parse: that is the client's error, 400. A valid but very short one (`a`) would hide the start of the
 * path from Elysia's router, so the request is given a neutral host instead. A declared body over the
 * largest route limit is refused before anything is read (Bun's own 413 has no body and no headers).
 */
function admit(request: Request): Request | Response {
  const host = request.headers.get('host') ?? ''
  // The app and its libraries parse request.url; one that does not parse (a port over 65535) is refused here.
  if (!VALID_HOST.test(host) || !URL.canParse(request.url)) return serverReply(undefined, 400, 'The Host header is not valid.')
  if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY_LIMIT) {
    return serverReply(request, 413, `The request body is too large: no address takes more than ${Math.round(MAX_BODY_LIMIT / 1024 / 1024)} MB.`)
  }
  if (host.length >= SHORTEST_ROUTABLE_HOST) return request
  const url = new URL(request.url)
  const rehosted = new Request(`${url.protocol}//localhost${url.pathname}${url.search}`, request)
  rememberPeer(rehosted, peerOf(request))
  return rehosted
}

const openBodies = new OpenBodies(config.openBodiesPerAddress)

async function handle(request: Request): Promise<Response> {
  const admitted = admit(request)
  if (admitted instanceof Response) return admitted
  if (!admitted.body) return app.handle(admitted)
  const key = limitKeyOf(clientAddress(admitted, config))
  if (!openBodies.enter(key)) return serverReply(request, 429, TOO_MANY_OPEN_BODIES)
  try {
    return await app.handle(admitted)
  } finally {
    openBodies.leave(key)
  }
}

let requestCount = 0
/** One JSON line per request: what a log shipper or `jq` needs to see traffic and errors. */
async function handleLogged(request: Request): Promise<Response> {
  const started = performance.now()
  const id = request.headers.get('x-request-id')?.slice(0, 64) || `${process.pid.toString(36)}-${(++requestCount).toString(36)}`
  const response = await handle(request)
  response.headers.set('x-request-id', id)
  requestLog.write(
    `${JSON.stringify({ level: response.status >= 500 ? 'error' : 'info', msg: 'request', id, method: request.method, path: pathOf(request), status: response.status, ms: Math.round((performance.now() - started) * 10) / 10 })}\n`,
  )
  return response
}

/** Seconds a request may take before Bun closes its connection (Bun's ceiling is 255). */
const REQUEST_IDLE_SECONDS = 120

const server = Bun.serve({
  port: config.port,
  hostname: config.host,
  // Limits are kept per route by the app (http/body-limits.ts) and, for declared lengths, by admit():
  // Bun's own check would answer first, with a bare 413.
  maxRequestBodySize: Number.MAX_SAFE_INTEGER,
  // Bun's default (10 s) counts while a body is still arriving, so any upload taking longer on a weak
  // signal was dropped without an answer, and the outbox's retries with it. Two minutes lets a menu or
  // a few photos through a poor connection; a client that sends nothing is still let go in time.
  idleTimeout: REQUEST_IDLE_SECONDS,
  fetch(request, server) {
    traffic.note()
    // Rate limits need the caller's address; Elysia's own `server` is unset when called through handle().
    rememberPeer(request, server.requestIP(request)?.address)
    return config.logRequests ? handleLogged(request) : handle(request)
  },
  // Reached only if the app itself fails to answer: the cause is logged once, the client gets JSON.
  error(error) {
    console.error(JSON.stringify({ level: 'error', msg: 'unhandled in server', cause: String(error?.stack ?? error).slice(0, 2000) }))
    return serverReply(undefined, 500, 'Something went wrong on our side. Please try again.')
  },
})

console.log(
  JSON.stringify({
    level: 'info',
    msg: 'listening',
    url: `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${server.port}`,
    dataDir: config.dataDir,
    email: ctx.mailer.configured ? 'smtp' : 'stored, not sent (set SMTP_URL to send)',
  }),
)

// Background upkeep: send messages kept while SMTP was off or failing, and forget old idempotency keys.
const RETRY_MAIL_MS = 5 * 60 * 1000
const PRUNE_KEYS_MS = 6 * 60 * 60 * 1000
const upkeep = [
  setInterval(
    () => void retryUnsentMessages(ctx).catch((error) => console.error(JSON.stringify({ level: 'error', msg: 'mail retry failed', cause: String(error) }))),
    RETRY_MAIL_MS,
  ),
  setInterval(() => pruneIdempotencyKeys(ctx.db, ctx.now()), PRUNE_KEYS_MS),
  setInterval(() => pruneExpired(ctx), RETENTION_SWEEP_MS),
]
pruneExpired(ctx)
pruneIdempotencyKeys(ctx.db, ctx.now())

/** SIGTERM stops the server within this, whatever it is doing (systemd's TimeoutStopSec in the README is 15). */
const SHUTDOWN_SECONDS = 10
/** Requests in flight have this long to finish before their connections are closed. */
const REQUESTS_GRACE_MS = 7_000

let stopping = false
async function shutdown(signal: string) {
  if (stopping) return
  stopping = true
  console.log(JSON.stringify({ level: 'info', msg: 'shutting down', signal }))
  // A backstop, should anything below hang: the database is in WAL mode, so stopping here loses no commit.
  setTimeout(() => {
    console.error(JSON.stringify({ level: 'error', msg: 'shutdown took too long; exiting', seconds: SHUTDOWN_SECONDS }))
    process.exit(1)
  }, SHUTDOWN_SECONDS * 1000)
  for (const timer of upkeep) clearInterval(timer)
  // The workers' jobs can be done again: they are killed first, so a request waiting for one is answered
  // (503, try again) and no PDF being read can hold the shutdown up.
  await Promise.all([ctx.worker.stop(), ctx.pictureWorker.stop()])
  await ctx.variants.stop()
  const grace = setTimeout(() => void server.stop(true), REQUESTS_GRACE_MS)
  await server.stop()
  clearTimeout(grace)
  clearInterval(flushRequestLog)
  await requestLog.flush()
  ctx.db.close()
  process.exit(0)
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))
