import { existsSync, readFileSync } from 'node:fs'
import { isIP } from 'node:net'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export type { Venue } from './shared/venue'
import type { Venue } from './shared/venue'

export interface Config {
  port: number
  host: string
  dataDir: string
  databaseFile: string
  uploadsDir: string
  /** Resized copies of uploaded images: derived data, made again when missing, so not backed up. */
  variantsDir: string
  webDistDir: string
  /** The site's public address (scheme, host, optional path; no trailing slash): absolute URLs in structured data. */
  siteUrl: string
  /** JWT_SECRET; unset, the secret lives in `jwtSecretFile` (never in the database, never in a backup). */
  jwtSecret: string | undefined
  jwtSecretFile: string
  jwtTtlSeconds: number
  adminUsername: string | undefined
  adminPassword: string | undefined
  smtpUrl: string | undefined
  mailFrom: string
  /**
   * Addresses and CIDR ranges of the reverse proxies whose X-Forwarded-For is believed (TRUST_PROXY).
   * Empty: the header is ignored and the client is the connection's own address.
   */
  trustedProxies: string[]
  /** Whether any proxy is trusted at all (trustedProxies is not empty). */
  trustProxy: boolean
  /** Contact messages accepted from one address per 10 minutes. */
  contactRateLimit: number
  /** Contact messages accepted per hour from everyone together, so no one can flood the venue's inbox. */
  contactHourlyLimit: number
  /** Activity-trail entries older than this many days are deleted (ACTIVITY_RETENTION_DAYS, 2 years). */
  activityRetentionDays: number
  /** Contact messages older than this many days are deleted (MESSAGE_RETENTION_DAYS, 12 months: UK GDPR's storage limitation). */
  messageRetentionDays: number
  /** Seconds a request body has to arrive, plus one for every 32 KB of it (BODY_SECONDS; http/body-deadline.ts). */
  bodyBaseSeconds: number
  /** Requests with a body one address may have open at once (OPEN_BODIES_PER_ADDRESS; http/open-bodies.ts). */
  openBodiesPerAddress: number
  /** One JSON line per request on stdout. */
  logRequests: boolean
  /** How long the file worker (the child process that decodes pictures and PDFs) waits for more work before it exits (FILE_WORKER_IDLE_MS). */
  fileWorkerIdleMs: number
  /** Seconds one upload job (an image re-encoded, a PDF checked or its text read) may run in the file worker (FILE_JOB_SECONDS). */
  fileJobSeconds: number
  /** Seconds an upload may wait for the uploads' worker behind others before it is refused with 503 (UPLOAD_WAIT_SECONDS). */
  uploadWaitSeconds: number
  /** Seconds making one picture copy (a srcset variant, a share picture) may run (PICTURE_JOB_SECONDS). */
  pictureJobSeconds: number
  /** Megabytes a file worker may hold resident while it works (FILE_WORKER_MEMORY_MB). */
  fileWorkerMemoryMb: number
  /** When true the demo content is created on an empty database (and, outside production only, the development admin account). */
  seedDemo: boolean
  production: boolean
  /**
   * Tests only (NODE_ENV=test, TEST_CLOCK_FILE): a file holding how many milliseconds the server's
   * clock runs ahead of the real one, read at every look at the clock, so a browser test can move a
   * real server's time on (a notice's start and end) without waiting. Ignored under any other NODE_ENV.
   */
  testClockFile?: string
  version: string
  /**
   * The venue's details from data/venue.json (or VENUE_FILE, or the demo defaults): only the first start's
   * seed of the database, which is the truth from then on (ctx.venue(); owners change it in Venue details).
   * The web build still reads it for what only the build can make (the installed app's name).
   */
  venueSeed: Venue
}

export const demoVenue: Venue = {
  hotelName: 'Larkdale Hotel',
  barName: 'The Stables bar',
  phone: '01632 960 123',
  email: 'hello@larkdale.example',
  address: {
    street: 'Larkdale Head',
    locality: 'Larkdale',
    region: 'Fictional Dales National Park',
    postcode: 'LD1 1AA',
    country: 'GB',
  },
  geo: { latitude: 53.241, longitude: -1.736 },
  mapEmbedUrl: 'https://maps.example.com/embed?q=Larkdale+Hotel',
  mapLinkUrl: 'https://maps.example.com/?q=Larkdale+Hotel',
  giftCardUrl: 'https://giftcards.example.com/larkdale',
  instagramUrl: 'https://www.instagram.com/larkdale.stables.example/',
  booking: {
    scriptUrl: 'https://booking.example.com/widget.js',
    widgetId: 'larkdale-demo',
    origin: 'https://booking.example.com',
  },
}

function readVenue(file: string | undefined): Venue {
  if (!file || !existsSync(file)) return demoVenue
  const custom = JSON.parse(readFileSync(file, 'utf8')) as Partial<Venue>
  return {
    ...demoVenue,
    ...custom,
    address: { ...demoVenue.address, ...custom.address },
    geo: { ...demoVenue.geo, ...custom.geo },
    booking: { ...demoVenue.booking, ...custom.booking },
  }
}

function positiveInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback
  const n = Number(value)
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive whole number, got '${value}'`)
  return n
}

/** SITE_URL as `https://host[/path]` without a trailing slash; unset, this server on localhost. */
function publicAddress(value: string | undefined, port: number): string {
  if (value === undefined || value === '') return `http://localhost:${port}`
  let url: URL | undefined
  try {
    url = new URL(value)
  } catch {
    url = undefined
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash || url.username || url.password) {
    throw new Error(`SITE_URL must be the site's public http(s) address, such as https://www.example.com, got '${value}'`)
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`
}

/** What TRUST_PROXY=true meant before addresses could be listed: a proxy on this machine. */
const LOOPBACK = ['127.0.0.0/8', '::1/128']

/**
 * Reads TRUST_PROXY: a comma-separated list of addresses or CIDR ranges (`127.0.0.1,10.0.0.0/8`).
 * `true`/`1` keeps its old meaning of "a proxy on this machine" (loopback only); `false`/`0`/empty
 * trusts none. Anything else stops the server at start-up rather than trusting the wrong senders.
 */
export function parseTrustedProxies(value: string | undefined): string[] {
  const text = (value ?? '').trim()
  if (text === '' || text === 'false' || text === '0') return []
  if (text === 'true' || text === '1') return LOOPBACK
  return text.split(',').map((entry) => {
    const item = entry.trim()
    const [address = '', bits, extra] = item.split('/')
    const family = isIP(address)
    const max = family === 4 ? 32 : 128
    const valid = family !== 0 && extra === undefined && (bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= max))
    if (!valid) {
      throw new Error(
        `TRUST_PROXY: '${item}' is not an IP address or CIDR range. List your reverse proxies' addresses, e.g. TRUST_PROXY=127.0.0.1,10.0.0.0/8 (or true for a proxy on this machine).`,
      )
    }
    return bits === undefined ? `${address}/${max}` : item
  })
}

// Works under Bun (the server) and Node (the Vite build reads the venue identity too).
const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

/**
 * Whether this process runs the test suite (NODE_ENV=test): read here, with the rest of the configuration,
 * for the few things decided before a config is loaded (the password hash cost, auth/password-hash.ts).
 */
export const runningTests = (env: Record<string, string | undefined> = process.env) => env.NODE_ENV === 'test'

/** Every environment variable the server reads, with its default. The README's configuration table mirrors this. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const dataDir = resolve(env.DATA_DIR || join(repoRoot, 'data'))
  const production = env.NODE_ENV === 'production'
  const port = positiveInt(env.PORT, 3000, 'PORT')
  const trustedProxies = parseTrustedProxies(env.TRUST_PROXY)
  const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string }
  return {
    port,
    // Development is reachable from this machine only; production listens on every interface unless HOST says otherwise.
    host: env.HOST || (production ? '0.0.0.0' : '127.0.0.1'),
    dataDir,
    databaseFile: join(dataDir, 'venue.sqlite'),
    uploadsDir: join(dataDir, 'uploads'),
    variantsDir: join(dataDir, 'variants'),
    webDistDir: resolve(env.WEB_DIST_DIR || join(repoRoot, 'web', 'dist')),
    siteUrl: publicAddress(env.SITE_URL, port),
    jwtSecret: env.JWT_SECRET || undefined,
    jwtSecretFile: join(dataDir, 'secrets', 'jwt.key'),
    jwtTtlSeconds: positiveInt(env.JWT_TTL_SECONDS, 12 * 60 * 60, 'JWT_TTL_SECONDS'),
    fileWorkerIdleMs: positiveInt(env.FILE_WORKER_IDLE_MS, 1_000, 'FILE_WORKER_IDLE_MS'),
    fileJobSeconds: positiveInt(env.FILE_JOB_SECONDS, 20, 'FILE_JOB_SECONDS'),
    uploadWaitSeconds: positiveInt(env.UPLOAD_WAIT_SECONDS, 30, 'UPLOAD_WAIT_SECONDS'),
    pictureJobSeconds: positiveInt(env.PICTURE_JOB_SECONDS, 10, 'PICTURE_JOB_SECONDS'),
    fileWorkerMemoryMb: positiveInt(env.FILE_WORKER_MEMORY_MB, 512, 'FILE_WORKER_MEMORY_MB'),
    adminUsername: env.ADMIN_USERNAME || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Website <website@localhost>',
    trustedProxies,
    trustProxy: trustedProxies.length > 0,
    contactRateLimit: positiveInt(env.CONTACT_RATE_LIMIT, 5, 'CONTACT_RATE_LIMIT'),
    contactHourlyLimit: positiveInt(env.CONTACT_HOURLY_LIMIT, 30, 'CONTACT_HOURLY_LIMIT'),
    activityRetentionDays: positiveInt(env.ACTIVITY_RETENTION_DAYS, 730, 'ACTIVITY_RETENTION_DAYS'),
    messageRetentionDays: positiveInt(env.MESSAGE_RETENTION_DAYS, 365, 'MESSAGE_RETENTION_DAYS'),
    bodyBaseSeconds: positiveInt(env.BODY_SECONDS, 20, 'BODY_SECONDS'),
    openBodiesPerAddress: positiveInt(env.OPEN_BODIES_PER_ADDRESS, 32, 'OPEN_BODIES_PER_ADDRESS'),
    logRequests: env.LOG_REQUESTS ? env.LOG_REQUESTS !== 'false' : production,
    seedDemo: env.SEED_DEMO ? env.SEED_DEMO !== 'false' : !production,
    production,
    testClockFile: env.NODE_ENV === 'test' ? env.TEST_CLOCK_FILE || undefined : undefined,
    version: pkg.version,
    venueSeed: readVenue(env.VENUE_FILE || join(dataDir, 'venue.json')),
  }
}
