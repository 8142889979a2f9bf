import { createApp, createContext } from './app'
import { loadConfig } from './config'
import { sweepFiles } from './files/sweep'
import { retryUnsentMessages } from './features/contact/index'
import { fillMissingMenuText } from './features/menus/text'
import { rememberPeer } from './http/client-address'
import { pruneIdempotencyKeys } from './http/idempotency'

const config = loadConfig()
const ctx = await createContext(config)
const sweep = sweepFiles(ctx.db, config.uploadsDir, ctx.variants)
if (sweep.removedFiles.length || sweep.removedRecords.length || sweep.missing.length || sweep.removedVariants.length || sweep.queuedVariants) {
  console.log(JSON.stringify({ level: sweep.missing.length ? 'warn' : 'info', msg: 'file sweep', ...sweep }))
}
const app = createApp(ctx)
ctx.variants.start()
// Menus stored before the server read their text: read in the background, so start-up does not wait.
void fillMissingMenuText(ctx.db, ctx.files)
  .then((filled) => filled && console.log(JSON.stringify({ level: 'info', msg: 'menu text read', menus: filled })))
  .catch((error) => console.error(JSON.stringify({ level: 'error', msg: 'menu text failed', cause: String(error) })))

// Request lines are buffered and written a few times a second: a synchronous write per request
// would cost more than answering it. Everything else still goes through console.log at once.
const requestLog = Bun.stdout.writer({ highWaterMark: 64 * 1024 })
const flushRequestLog = setInterval(() => void requestLog.flush(), 250)

let requestCount = 0
/** One JSON line per request: what a log shipper or `jq` needs to see traffic and errors. */
async function handleLogged(request: Request): Promise<Response> {
  const started = performance.now()
  const id = request.headers.get('x-request-id')?.slice(0, 64) || `${process.pid.toString(36)}-${(++requestCount).toString(36)}`
  const response = await app.handle(request)
  response.headers.set('x-request-id', id)
  const url = new URL(request.url)
  requestLog.write(
    `${JSON.stringify({ level: response.status >= 500 ? 'error' : 'info', msg: 'request', id, method: request.method, path: url.pathname, status: response.status, ms: Math.round((performance.now() - started) * 10) / 10 })}\n`,
  )
  return response
}

const server = Bun.serve({
  port: config.port,
  hostname: config.host,
  maxRequestBodySize: 64 * 1024 * 1024,
  fetch(request, server) {
    // Rate limits need the caller's address; Elysia's own `server` is unset when called through handle().
    rememberPeer(request, server.requestIP(request)?.address)
    return config.logRequests ? handleLogged(request) : app.handle(request)
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
  setInterval(() => void retryUnsentMessages(ctx).catch((error) => console.error(JSON.stringify({ level: 'error', msg: 'mail retry failed', cause: String(error) }))), RETRY_MAIL_MS),
  setInterval(() => pruneIdempotencyKeys(ctx.db, ctx.now()), PRUNE_KEYS_MS),
]
pruneIdempotencyKeys(ctx.db, ctx.now())

let stopping = false
async function shutdown(signal: string) {
  if (stopping) return
  stopping = true
  console.log(JSON.stringify({ level: 'info', msg: 'shutting down', signal }))
  for (const timer of upkeep) clearInterval(timer)
  await server.stop()
  clearInterval(flushRequestLog)
  await requestLog.flush()
  await ctx.variants.stop()
  ctx.db.close()
  process.exit(0)
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))
