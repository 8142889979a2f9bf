import { Elysia } from 'elysia'
import { existsSync, statSync } from 'node:fs'
import { join, normalize } from 'node:path'
import { FILE_NAME, contentTypeOfName, type FileStore } from '../files/file-store'
import { VARIANT_NAME, variantContentType } from '../files/variants'

const IMMUTABLE = 'public, max-age=31536000, immutable'

function notModified(request: Request, etag: string): boolean {
  return request.headers.get('if-none-match')?.split(/\s*,\s*/).includes(etag) ?? false
}

/**
 * Uploaded files, by their content-addressed names: cacheable forever. An image variant that is not
 * made yet is made now rather than answered 404, so a page never waits on the background queue.
 */
export function uploadedFiles(files: FileStore) {
  return new Elysia({ name: 'http.files' }).get('/files/:name', async ({ params, request }) => {
    const isVariant = VARIANT_NAME.test(params.name)
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

/** The build writes .br and .gz copies of text files; send the smallest the browser accepts. */
function precompressedVariant(request: Request, path: string): { name: 'br' | 'gzip'; path: string } | null {
  const accepted = request.headers.get('accept-encoding') ?? ''
  if (/\bbr\b/.test(accepted) && existsSync(`${path}.br`)) return { name: 'br', path: `${path}.br` }
  if (/\bgzip\b/.test(accepted) && existsSync(`${path}.gz`)) return { name: 'gzip', path: `${path}.gz` }
  return null
}

/**
 * The built web app: hashed assets are immutable, everything else revalidates. A path with a page
 * rendered at build time (dist/eat/index.html for /eat and /eat/) gets that page; any other path that
 * is not an API or file URL gets the app shell (app-shell.html; index.html in a build without
 * pre-rendered pages), so client-side routes work on reload.
 */
export function webApp(distDir: string) {
  const indexFile = join(distDir, 'index.html')
  const appShell = join(distDir, 'app-shell.html')
  const isFileAt = (path: string) => path.startsWith(distDir) && existsSync(path) && statSync(path).isFile()
  return new Elysia({ name: 'http.web-app' }).get('/*', async ({ request }) => {
    const pathname = decodeURIComponent(new URL(request.url).pathname)
    if (pathname.startsWith('/api/') || pathname === '/api') return jsonNotFound(`No such endpoint: ${request.method} ${pathname}`)
    if (pathname.startsWith('/files/')) return jsonNotFound('No such file.')
    const relative = normalize(pathname).replace(/^(\.\.[/\\])+/, '')
    const candidate = join(distDir, relative)
    const isFile = isFileAt(candidate)
    const prerendered = join(candidate, 'index.html')
    const path = isFile ? candidate : isFileAt(prerendered) ? prerendered : existsSync(appShell) ? appShell : indexFile
    if (!existsSync(path)) {
      return new Response('The web app has not been built yet. Run `npm run build` (npm start does this for you).', {
        status: 503,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
      })
    }
    const file = Bun.file(path)
    const stat = statSync(path)
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
