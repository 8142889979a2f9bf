import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { createApp, createContext, DEMO_ADMIN, type App } from '../src/app'
import { loadConfig } from '../src/config'
import type { AppContext } from '../src/context'
import { rememberPeer } from '../src/http/client-address'

export interface TestApp {
  app: App
  ctx: AppContext
  dataDir: string
  /** Sends a request to the real app in-process. `json` sets a JSON body; `form` a multipart body. */
  call(method: string, path: string, options?: CallOptions): Promise<Response>
  /** A fresh bearer token for the demo admin. */
  token(): Promise<string>
  /** Closes the app and removes its DATA_DIR, unless `keepData` (to start it again on the same data). */
  close(keepData?: boolean): void
}

export interface CallOptions {
  json?: unknown
  form?: FormData
  body?: Bun.BodyInit
  token?: string
  headers?: Record<string, string>
  /** The connection's address, as the real server records it; in-process calls come from loopback. */
  peer?: string
}

/**
 * A real app on a real SQLite file in a new temp DATA_DIR. Demo content is off unless asked for, so
 * tests start from an empty venue (the admin account is still created).
 */
export async function makeTestApp(
  options: {
    env?: Record<string, string>
    now?: () => Date
    mailer?: AppContext['mailer']
    seedDemo?: boolean
    /** A DATA_DIR a closed app left (`close(true)`): the app as started again after a restart. */
    dataDir?: string
  } = {},
): Promise<TestApp> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'venue-test-'))
  const config = loadConfig({
    DATA_DIR: dataDir,
    WEB_DIST_DIR: join(dataDir, 'no-web-build'),
    ADMIN_USERNAME: DEMO_ADMIN.username,
    ADMIN_PASSWORD: DEMO_ADMIN.password,
    SEED_DEMO: options.seedDemo ? 'true' : 'false',
    // In-process requests have no client address, so they all share one; tests of the limit set it back.
    CONTACT_RATE_LIMIT: '1000',
    CONTACT_HOURLY_LIMIT: '100000',
    LOG_REQUESTS: 'false',
    ...options.env,
  })
  const ctx = await createContext(config, { now: options.now, mailer: options.mailer })
  const app = createApp(ctx)
  let cachedToken: string | undefined
  const call = (method: string, path: string, o: CallOptions = {}) => {
    const headers: Record<string, string> = { ...o.headers }
    let body: Bun.BodyInit | undefined = o.body
    if (o.json !== undefined) {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(o.json)
    } else if (o.form) {
      body = o.form
    }
    if (o.token) headers.authorization = `Bearer ${o.token}`
    const request = new Request(`http://localhost${path}`, { method, headers, body })
    rememberPeer(request, o.peer ?? '127.0.0.1')
    return app.handle(request)
  }
  return {
    app,
    ctx,
    dataDir,
    call,
    async token() {
      if (cachedToken) return cachedToken
      const res = await call('POST', '/api/admin/login', { json: DEMO_ADMIN })
      if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`)
      cachedToken = ((await res.json()) as { token: string }).token
      return cachedToken
    },
    close(keepData = false) {
      void ctx.worker.stop()
      void ctx.pictureWorker.stop()
      ctx.db.close()
      if (!keepData) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** A real image of the given format and size, made by sharp. */
export async function makeImage(format: 'jpeg' | 'png' | 'webp' | 'gif' = 'jpeg', width = 64, height = 48, colour = '#4a7'): Promise<Uint8Array> {
  const image = sharp({ create: { width, height, channels: 3, background: colour } })
  return new Uint8Array(await image.toFormat(format).toBuffer())
}

/** A real one-page PDF with a line of text. */
export async function makePdf(text = 'Menu'): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const page = doc.addPage([400, 300])
  page.drawText(text, { x: 40, y: 240, size: 24, font: await doc.embedFont(StandardFonts.Helvetica) })
  return doc.save()
}

export const fileOf = (bytes: Uint8Array, name: string, type = 'application/octet-stream') => new File([bytes as Uint8Array<ArrayBuffer>], name, { type })

export async function jsonOf<T = any>(res: Response): Promise<T> {
  return (await res.json()) as T
}

/**
 * Whether a stored image shows the uploaded one. Uploads are re-encoded (same format, same size), so
 * the bytes differ; the pixels may differ only by the encoder's rounding.
 */
export async function sameImage(stored: ArrayBuffer | Uint8Array, uploaded: Uint8Array): Promise<boolean> {
  const decode = (bytes: ArrayBuffer | Uint8Array) => sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const [a, b] = await Promise.all([decode(stored), decode(uploaded)])
  const [metaA, metaB] = await Promise.all([sharp(stored).metadata(), sharp(uploaded).metadata()])
  if (metaA.format !== metaB.format || a.info.width !== b.info.width || a.info.height !== b.info.height) return false
  let difference = 0
  for (let i = 0; i < a.data.length; i++) difference += Math.abs(a.data[i]! - b.data[i]!)
  return difference / a.data.length < 4
}

/** The public API reads the reply cache keeps (api/src/http/api-replies.ts), one address each. */
export const PUBLIC_API_READS = [
  '/api/opening-times',
  '/api/events',
  '/api/gallery/generic',
  '/api/galleryGrouped',
  '/api/around',
  '/api/bank-holiday-exceptions',
  '/api/venue',
  '/api/notices',
]
