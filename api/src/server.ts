import { createApp, createContext } from './app'
import { loadConfig } from './config'

const config = loadConfig()
const ctx = await createContext(config)
const app = createApp(ctx)

const server = Bun.serve({
  port: config.port,
  hostname: config.host,
  maxRequestBodySize: 64 * 1024 * 1024,
  fetch: (request) => app.handle(request),
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

let stopping = false
async function shutdown(signal: string) {
  if (stopping) return
  stopping = true
  console.log(JSON.stringify({ level: 'info', msg: 'shutting down', signal }))
  await server.stop()
  ctx.db.close()
  process.exit(0)
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))
