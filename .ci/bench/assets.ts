/**
 * Section 1: the JS and CSS a visitor's browser needs before the first render of `/`, read from the
 * build output: what index.html loads, followed through the static imports of those chunks.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { basename, join, posix } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

export interface Sizes {
  raw: number
  gzip: number
  brotli: number
}

export interface FileGroup extends Sizes {
  files: string[]
}

export interface AssetFigures {
  html: Sizes & { inlineStyleBytes: number; inlineScriptBytes: number }
  firstRenderJs: FileGroup
  firstRenderCss: FileGroup
  largestPublicChunk: FileGroup
  adminChunks: FileGroup
  pdfChunks: FileGroup
  /** Admin or pdf.js files among those needed for the first render (should be none). */
  privateCodeInFirstRender: string[]
  usedViteManifest: boolean
}

const ADMIN = /^Admin/i
const PDF = /^pdf[.-]/i

/** Compressed sizes as served: the build's own .gz/.br copies when it wrote them, else compressed here the same way. */
function sizesOf(path: string): Sizes {
  const source = readFileSync(path)
  const gzip = existsSync(`${path}.gz`) ? readFileSync(`${path}.gz`).byteLength : gzipSync(source, { level: 9 }).byteLength
  const brotli = existsSync(`${path}.br`)
    ? readFileSync(`${path}.br`).byteLength
    : brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.byteLength } }).byteLength
  return { raw: source.byteLength, gzip, brotli }
}

function group(distDir: string, files: Iterable<string>): FileGroup {
  const list = [...new Set(files)].sort()
  const total = { raw: 0, gzip: 0, brotli: 0, files: list }
  for (const file of list) {
    const sizes = sizesOf(join(distDir, file))
    total.raw += sizes.raw
    total.gzip += sizes.gzip
    total.brotli += sizes.brotli
  }
  return total
}

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i')
    .exec(tag)
    ?.slice(1)
    .find((v) => v !== undefined)
}

/** A same-origin URL from the HTML as a path inside dist, or undefined for third-party and data URLs. */
function localFile(url: string | undefined): string | undefined {
  if (!url || /^(?:[a-z]+:)?\/\//i.test(url) || url.startsWith('data:')) return undefined
  return posix.normalize(url.split(/[?#]/)[0]!.replace(/^\//, ''))
}

interface HtmlLoads {
  js: string[]
  css: string[]
  inlineStyleBytes: number
  inlineScriptBytes: number
}

/** What the HTML makes the browser fetch for the first render: scripts, stylesheets and preloads of either, and the page's code list. */
export function firstRenderLoads(html: string): HtmlLoads {
  const loads: HtmlLoads = { js: [], css: [], inlineStyleBytes: 0, inlineScriptBytes: 0 }
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = '', body = ''] = match
    if (/\snomodule\b/i.test(attributes)) continue
    const file = localFile(attribute(attributes, 'src'))
    if (file) loads.js.push(file)
    else if (!/application\/(ld\+)?json/i.test(attribute(attributes, 'type') ?? '')) loads.inlineScriptBytes += Buffer.byteLength(body)
  }
  for (const match of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)) loads.inlineStyleBytes += Buffer.byteLength(match[1] ?? '')
  // The page's code, fetched by the entry once the page is painted (web/src/shell/pageCodeAfterFirstPaint.ts):
  // not in the first paint's way, but downloaded before any action, so counted with the first render's JS.
  const pageCode = html.match(/<meta name="page-code" content="([^"]*)"/i)?.[1] ?? ''
  for (const url of pageCode.split(/\s+/)) {
    const file = localFile(url)
    if (file) loads.js.push(file)
  }
  for (const match of html.matchAll(/<link\b[^>]*>/gi)) {
    const tag = match[0]
    const rel = (attribute(tag, 'rel') ?? '').toLowerCase().split(/\s+/)
    const as = (attribute(tag, 'as') ?? '').toLowerCase()
    const file = localFile(attribute(tag, 'href'))
    if (!file) continue
    if (rel.includes('modulepreload') || (rel.includes('preload') && as === 'script')) loads.js.push(file)
    if (rel.includes('stylesheet') || (rel.includes('preload') && as === 'style')) loads.css.push(file)
  }
  return loads
}

interface ManifestChunk {
  file: string
  imports?: string[]
  css?: string[]
}

/** Static imports of each built chunk: from Vite's manifest when the build wrote one, else read from the chunks themselves. */
function staticImportGraph(distDir: string): { imports: (file: string) => { js: string[]; css: string[] }; usedViteManifest: boolean } {
  const manifestPath = join(distDir, '.vite', 'manifest.json')
  if (existsSync(manifestPath)) {
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>
    const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]))
    return {
      usedViteManifest: true,
      imports(file) {
        const chunk = byFile.get(file)
        return { js: (chunk?.imports ?? []).map((key) => manifest[key]?.file).filter((f): f is string => !!f), css: chunk?.css ?? [] }
      },
    }
  }
  return {
    usedViteManifest: false,
    imports(file) {
      const source = readFileSync(join(distDir, file), 'utf8')
      // Static `import … from "./x.js"`, `import "./x.js"` and `export … from "./x.js"`; `import("…")` is lazy and not followed.
      const specifiers = [...source.matchAll(/(?:\bimport\s*(?:[\w$*{},\s]+?\s*from\s*)?|\bexport\s*(?:\*|\{[^}]*\})\s*from\s*)["']([^"']+\.m?js)["']/g)].map(
        (m) => m[1]!,
      )
      const js = specifiers.map((specifier) => (specifier.startsWith('/') ? specifier.slice(1) : posix.join(posix.dirname(file), specifier)))
      return { js, css: [] }
    },
  }
}

function walk(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
  )
}

export function measureAssets(distDir: string): AssetFigures {
  const indexPath = join(distDir, 'index.html')
  const html = readFileSync(indexPath, 'utf8')
  const loads = firstRenderLoads(html)
  const graph = staticImportGraph(distDir)

  const js = new Set<string>()
  const css = new Set(loads.css)
  const pending = [...loads.js]
  while (pending.length) {
    const file = pending.pop()!
    if (js.has(file) || !existsSync(join(distDir, file))) continue
    js.add(file)
    const next = graph.imports(file)
    pending.push(...next.js)
    for (const sheet of next.css) css.add(sheet)
  }
  const missing = [...loads.js, ...loads.css].filter((file) => !existsSync(join(distDir, file)))
  if (missing.length) throw new Error(`index.html names files the build did not write: ${missing.join(', ')}`)

  const chunks = walk(distDir).filter((file) => /\.(m?js|css)$/.test(file) && file.startsWith('assets/'))
  const isAdmin = (file: string) => ADMIN.test(basename(file))
  const isPdf = (file: string) => PDF.test(basename(file))
  const publicJs = chunks.filter((file) => /\.m?js$/.test(file) && !isAdmin(file) && !isPdf(file))
  const largest = publicJs.map((file) => ({ file, raw: sizesOf(join(distDir, file)).raw })).sort((a, b) => b.raw - a.raw)[0]
  const firstRender = [...js, ...css]

  return {
    html: { ...sizesOf(indexPath), inlineStyleBytes: loads.inlineStyleBytes, inlineScriptBytes: loads.inlineScriptBytes },
    firstRenderJs: group(distDir, js),
    firstRenderCss: group(distDir, css),
    largestPublicChunk: group(distDir, largest ? [largest.file] : []),
    adminChunks: group(distDir, chunks.filter(isAdmin)),
    pdfChunks: group(distDir, chunks.filter(isPdf)),
    privateCodeInFirstRender: firstRender.filter((file) => isAdmin(file) || isPdf(file)),
    usedViteManifest: graph.usedViteManifest,
  }
}
