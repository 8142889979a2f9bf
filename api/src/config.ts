import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The venue's public identity. Demo defaults are fictional; a real venue sets data/venue.json or VENUE_FILE. */
export interface Venue {
  hotelName: string
  barName: string
  phone: string
  email: string
  address: { street: string; locality: string; region: string; postcode: string; country: string }
  geo: { latitude: number; longitude: number }
  mapEmbedUrl: string
  mapLinkUrl: string
  giftCardUrl: string
  instagramUrl: string
  booking: { scriptUrl: string; widgetId: string; origin: string }
}

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
  jwtSecret: string | undefined
  jwtTtlSeconds: number
  adminUsername: string | undefined
  adminPassword: string | undefined
  smtpUrl: string | undefined
  mailFrom: string
  /** Believe X-Forwarded-For for the client's address (only behind a reverse proxy you run). */
  trustProxy: boolean
  /** Contact messages accepted from one address per 10 minutes. */
  contactRateLimit: number
  /** One JSON line per request on stdout. */
  logRequests: boolean
  /** When true the demo content and development admin account are created on an empty database. */
  seedDemo: boolean
  production: boolean
  version: string
  venue: Venue
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

// Works under Bun (the server) and Node (the Vite build reads the venue identity too).
const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

/** Every environment variable the server reads, with its default. The README's configuration table mirrors this. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const dataDir = resolve(env.DATA_DIR || join(repoRoot, 'data'))
  const production = env.NODE_ENV === 'production'
  const port = positiveInt(env.PORT, 3000, 'PORT')
  const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string }
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseFile: join(dataDir, 'venue.sqlite'),
    uploadsDir: join(dataDir, 'uploads'),
    variantsDir: join(dataDir, 'variants'),
    webDistDir: resolve(env.WEB_DIST_DIR || join(repoRoot, 'web', 'dist')),
    siteUrl: publicAddress(env.SITE_URL, port),
    jwtSecret: env.JWT_SECRET || undefined,
    jwtTtlSeconds: positiveInt(env.JWT_TTL_SECONDS, 12 * 60 * 60, 'JWT_TTL_SECONDS'),
    adminUsername: env.ADMIN_USERNAME || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Website <website@localhost>',
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    contactRateLimit: positiveInt(env.CONTACT_RATE_LIMIT, 5, 'CONTACT_RATE_LIMIT'),
    logRequests: env.LOG_REQUESTS ? env.LOG_REQUESTS !== 'false' : production,
    seedDemo: env.SEED_DEMO ? env.SEED_DEMO !== 'false' : !production,
    production,
    version: pkg.version,
    venue: readVenue(env.VENUE_FILE || join(dataDir, 'venue.json')),
  }
}
