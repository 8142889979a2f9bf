import { Elysia } from 'elysia'
import { existsSync, readFileSync, statSync, type Stats } from 'node:fs'
import { join, normalize } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants } from 'node:zlib'
import { FILE_NAME, contentTypeOfName, type FileStore } from '../files/file-store'
import { isDerivedImageName, variantContentType } from '../files/variants'
import { inlineStyleHashes } from './critical-css'
import { withPageMeta, type CurrentMeta } from '../shared/page-meta'
import { hasStructuredData, withStructuredData } from '../shared/structured-data'
import { builtSiteRoutes, isNotFoundPage, routeWithoutPage } from './known-routes'
import { acceptedCodings, notModified } from './negotiation'
import { withStyleSources } from './security'

const IMMUTABLE = 'public, max-age=31536000, immutable'

/**
 * Uploaded files, by their content-addressed names: cacheable forever. An image variant that is not
 * made yet is made now rather than answered 404, so a page never waits on the background queue.
 */
export function uploadedFiles(files: FileStore) {
  return new Elysia({ name: 'http.files' }).get('/files/:name', async ({ params, request }) => {
    const isVariant = isDerivedImageName(params.name)
    if (!isVariant && !FILE_NAME.test(params.name)) return jsonNotFound('No such file.')
    const path = isVariant ? await files.variants.ensure(params.name) : files.pathOf(params.name)
    if (!path || !existsSync(path)) return jsonNotFound('No such file.')
    // Variants of one image share its hash, so their tag also names the width and format.
    const etag = `"${isVariant ? params.name.replace('.', '-') : params.name.split('.')[0]}"`
    const headers = {
      'cache-control': IMMUTABLE,
      etag,
      'last-modified': statSync(path).mtime.toUTCString(),
      'content-type': (isVariant ? variantContentType(params.name) : contentTypeOfName(params.name)) ?? 'application/octet-stream',
      'x-content-type-options': 'nosniff',
    }
    if (notModified(request, etag)) return new Response(null, { status: 304, headers })
    return new Response(Bun.file(path), { headers })
  })
}

function jsonNotFound(error: string) {
  return new Response(JSON.stringify({ error }), { status: 404, headers: { 'content-type': 'application/json; charset=utf-8' } })
}

type Encoding = 'br' | 'gzip'
/** Best first, each with the extension of the build's copies. */
const ENCODINGS = [
  { name: 'br', extension: 'br' },
  { name: 'gzip', extension: 'gz' },
] as const

const acceptedEncodings = (request: Request) => {
  const accepted = acceptedCodings(request)
  return ENCODINGS.filter(({ name }) => accepted.has(name))
}

/** The build writes .br and .gz copies of text files; send the smallest the browser accepts. */
function precompressedVariant(request: Request, path: string): { name: Encoding; path: string } | null {
  const encoding = acceptedEncodings(request).find(({ extension }) => existsSync(`${path}.${extension}`))
  return encoding ? { name: encoding.name, path: `${path}.${encoding.extension}` } : null
}

/**
 * Paths the build makes for itself, never for visitors: dot folders and files (Vite's .vite/manifest.json
 * and chunk list) except .well-known, and the precompressed copies (sent in place of their originals).
 */
const BUILD_INTERNAL = /(^|\/)\.(?!well-known(\/|$))|\.(br|gz)$/

/** A page as the server sends it (not a file as built): its text, its hash for the ETag, its compressed bytes. */
export interface MadePage {
  body: string
  hash: string
  /** Compressed once per body, on the first request that accepts each encoding (later ones share it). */
  compressed: Partial<Record<Encoding, Promise<Uint8Array>>>
  /** The CSP hashes of its inline <style> (its critical CSS), which its reply's policy allows. */
  styleHashes: string[]
}

/** A page to send: its ETag hash and its styles' hashes worked out once, its compressed copies on demand. */
export function madePage(body: string): MadePage {
  return { body, hash: Bun.hash(body).toString(36), compressed: {}, styleHashes: inlineStyleHashes(body) }
}

const brotli = promisify(brotliCompress)
/** Brotli as strong as the build's copies, off the main thread (it takes tens of milliseconds); gzip is quick. */
const compress: Record<Encoding, (body: string) => Promise<Uint8Array>> = {
  br: (body) => brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body) } }),
  gzip: async (body) => Bun.gzipSync(body),
}

/**
 * The page tags (canonical, Open Graph) and title a page gets for this request; null for a page without
 * them. `builtTitle`: the title the build wrote, when `template` has had its own replaced already.
 */
export type CurrentPageMeta = (template: string, url: URL, builtTitle?: string) => CurrentMeta | null

/** How many differently filled pages are kept (each page, and event share links of /events). */
const LIVE_PAGES_KEPT = 200

/**
 * The built pages, with the blocks the server keeps current (the build marks them): structured data
 * and page tags, sent with the blocks the server has now in place of the build's. A page is filled
 * again only when a block or the file changes, so serving it is a lookup; its ETag is its content's
 * hash, so it changes exactly when the page does.
 */
function livePages(currentStructuredData?: () => string, currentPageMeta?: CurrentPageMeta) {
  const templates = new Map<string, { built: string; template: string; hasData: boolean }>()
  const filled = new Map<string, MadePage>()
  return (path: string, stat: Stats, url: URL): MadePage => {
    const built = `${stat.size}-${stat.mtimeMs}`
    let source = templates.get(path)
    if (!source || source.built !== built) {
      const template = readFileSync(path, 'utf8')
      source = { built, template, hasData: hasStructuredData(template) }
      templates.set(path, source)
    }
    const script = source.hasData && currentStructuredData ? currentStructuredData() : null
    const meta = currentPageMeta?.(source.template, url) ?? null
    const key = `${path}\n${built}\n${script}\n${meta?.title}\n${meta?.block}`
    let page = filled.get(key)
    if (!page) {
      let body = script === null ? source.template : withStructuredData(source.template, script)
      if (meta !== null) body = withPageMeta(body, meta)
      page = madePage(body)
      if (filled.size >= LIVE_PAGES_KEPT) filled.delete(filled.keys().next().value!)
      filled.set(key, page)
    }
    return page
  }
}

/** Pages rendered when served with current data (rendered-pages.ts); each null when it cannot give one, and the built file is sent. */
export interface RenderedPages {
  /** A public page the build pre-rendered, by its path. */
  page(request: Request, path: string): Promise<MadePage | null>
  /** A not-found page, by its built file (404.html, 404-menu.html). */
  notFound(request: Request, file: string): Promise<MadePage | null>
}

export async function sendMadePage(request: Request, page: MadePage, status = 200): Promise<Response> {
  const encoding = acceptedEncodings(request)[0]?.name
  const headers: Record<string, string> = {
    'cache-control': 'no-cache',
    etag: `W/"${page.hash}${encoding ? `-${encoding}` : ''}"`,
    'content-type': 'text/html;charset=utf-8',
    vary: 'accept-encoding',
  }
  if (encoding) headers['content-encoding'] = encoding
  if (status === 200 && notModified(request, headers.etag!)) return new Response(null, { status: 304, headers })
  if (!encoding) return new Response(page.body, { status, headers })
  const bytes = await (page.compressed[encoding] ??= compress[encoding](page.body))
  return new Response(bytes as Uint8Array<ArrayBuffer>, { status, headers })
}

/**
 * The built web app: hashed assets are immutable, everything else revalidates. A path with a page
 * rendered at build time (dist/eat/index.html for /eat and /eat/) gets that page; a client-side route
 * without one (staff screens, the login) gets the app shell (app-shell.html; index.html in a build
 * without pre-rendered pages), so it works on reload; any other path answers 404 with the site's
 * not-found page (known-routes.ts). Pages the build gave structured data get the current data from
 * `currentStructuredData` (the block is the same on every such page), and pages with page tags the
 * current ones from `currentPageMeta`. Files the build keeps for itself answer 404. A public page's path
 * (not its file) goes first to `renderedPage`, which renders it with current data (rendered-pages.ts),
 * or declines and the built file is sent.
 */
export function webApp(distDir: string, currentStructuredData?: () => string, currentPageMeta?: CurrentPageMeta, rendered?: RenderedPages) {
  const indexFile = join(distDir, 'index.html')
  const appShell = join(distDir, 'app-shell.html')
  const isFileAt = (path: string) => path.startsWith(distDir) && existsSync(path) && statSync(path).isFile()
  const livePage = livePages(currentStructuredData, currentPageMeta)
  const siteRoutes = builtSiteRoutes(distDir)
  return new Elysia({ name: 'http.web-app' }).get('/*', async ({ request, set }) => {
    /** A page's reply: its policy allows exactly its own inline styles. */
    const sendPage = (page: MadePage, status = 200) => {
      set.headers['content-security-policy'] = withStyleSources(String(set.headers['content-security-policy']), page.styleHashes)
      return sendMadePage(request, page, status)
    }
    const pathname = decodeURIComponent(new URL(request.url).pathname)
    if (pathname.startsWith('/api/') || pathname === '/api') return jsonNotFound(`No such endpoint: ${request.method} ${pathname}`)
    if (pathname.startsWith('/files/')) return jsonNotFound('No such file.')
    const relative = normalize(pathname).replace(/^(\.\.[/\\])+/, '')
    if (BUILD_INTERNAL.test(relative)) return jsonNotFound('No such file.')
    const candidate = join(distDir, relative)
    const isFile = isFileAt(candidate)
    const prerendered = join(candidate, 'index.html')
    if (!isFile && rendered && isFileAt(prerendered)) {
      // The page the file is (//eat, /./eat and /eat// are /eat), so every spelling gets it with current data.
      const page = await rendered.page(request, relative)
      if (page) return sendPage(page)
    }
    const withoutPage = isFile || isFileAt(prerendered) ? null : routeWithoutPage(siteRoutes(), pathname)
    if (withoutPage?.kind === 'redirect') return new Response(null, { status: 301, headers: { location: withoutPage.to } })
    if (withoutPage?.kind === 'not-found' || (isFile && isNotFoundPage(siteRoutes(), relative))) {
      const file = withoutPage?.kind === 'not-found' ? withoutPage.file : relative.replace(/^\/+/, '')
      const current = await rendered?.notFound(request, file)
      if (current) return sendPage(current, 404)
      const page = notFoundPage(withoutPage?.kind === 'not-found' ? join(distDir, withoutPage.file) : candidate, existsSync(appShell) ? appShell : indexFile)
      return page ? sendPage(page, 404) : new Response('Not found.', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } })
    }
    const path = isFile ? candidate : withoutPage ? (existsSync(appShell) ? appShell : indexFile) : prerendered
    if (!existsSync(path)) {
      return new Response('The web app has not been built yet. Run `npm run build` (npm start does this for you).', {
        status: 503,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
      })
    }
    const file = Bun.file(path)
    const stat = statSync(path)
    if (path.endsWith('.html')) return sendPage(livePage(path, stat, new URL(request.url)))
    const encoding = precompressedVariant(request, path)
    const etag = `W/"${stat.size.toString(16)}-${stat.mtimeMs.toString(16)}${encoding ? `-${encoding.name}` : ''}"`
    const hashed = isFile && relative.startsWith('/assets/')
    const headers: Record<string, string> = {
      'cache-control': hashed ? IMMUTABLE : 'no-cache',
      etag,
      'last-modified': stat.mtime.toUTCString(),
      'content-type': file.type,
      vary: 'accept-encoding',
    }
    if (encoding) headers['content-encoding'] = encoding.name
    if (notModified(request, etag)) return new Response(null, { status: 304, headers })
    return new Response(encoding ? Bun.file(encoding.path) : file, { headers })
  })
}

/** The not-found pages as made once per file version (a scanner's stream of 404s compresses nothing twice). */
const notFoundPages = new Map<string, { built: string; page: MadePage }>()

/** A path that is no page: the site's own not-found page (or the shell, which shows it too), sent with 404. */
function notFoundPage(page: string, shell: string): MadePage | null {
  const path = existsSync(page) ? page : shell
  if (!existsSync(path)) return null
  const stat = statSync(path)
  const built = `${stat.size}-${stat.mtimeMs}`
  let made = notFoundPages.get(path)
  if (made?.built !== built) {
    made = { built, page: madePage(readFileSync(path, 'utf8')) }
    notFoundPages.set(path, made)
  }
  return made.page
}
