import react from '@vitejs/plugin-react'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build, type Manifest, type Plugin } from 'vite'
import type { Venue } from '../../api/src/config'
import { withCriticalCss } from '../../api/src/http/critical-css'
import { pageMetaBlock, pageMetaFor } from '../../api/src/shared/page-meta'
import { markedHints, splitHints } from '../../api/src/shared/render-hints'
import { NOT_FOUND_PAGE, notFoundPageFor, SITE_ROUTES_FILE, type SiteRoutes } from '../../api/src/shared/site-routes'
import { localBusinessData, structuredDataScript } from '../../api/src/shared/structured-data'
import type { PrerenderedPage } from '../src/entry-server'
import { PAGE_CODE_META } from '../src/shell/pageCodeAfterFirstPaint'
import { PAGES_WITH_VENUE_DATA } from '../src/shell/structuredData'

/**
 * Where the build keeps the server bundle of entry-server.tsx in dist: the server imports it to render
 * public pages with current data (api/src/http/rendered-pages.ts). A dot folder, so it is never served.
 */
export const SERVER_BUNDLE_DIR = '.server'
export const SERVER_BUNDLE_FILE = 'entry-server.mjs'

/** The HTML for paths without a pre-rendered page (staff screens, login, unknown paths): the empty app shell. */
export const APP_SHELL = 'app-shell.html'
const ROOT = '<div id="root"></div>'

interface ServerEntry {
  prerenderedPages(): PrerenderedPage[]
  notFoundPages(): (PrerenderedPage & { prefix: string | null })[]
  appShellRoutes(): string[]
  render(path: string): Promise<string>
}

/** Where a page is written: / is index.html, /eat is eat/index.html (served for /eat and /eat/). */
export function prerenderedFile(path: string): string {
  return path === '/' ? 'index.html' : `${path.replace(/^\/+|\/+$/g, '')}/index.html`
}

/**
 * The code a page's form is sent with, imported when the form is sent: preloaded with the page, so a
 * message written after the signal went (before the app had started) is still kept on the device.
 */
const SENDS_THE_PAGES_FORM = ['src/features/contact/sendEnquiry.ts']

/**
 * The chunks a page needs beyond the entry: the app the entry starts (its dynamic import, evaluated
 * only when the app starts: main.tsx) and the page's own module with what it imports. Listed in the
 * page's `<meta name="page-code">`; the entry fetches them once the page is painted
 * (src/shell/pageCodeAfterFirstPaint.ts), so the first tap finds the code already here.
 */
function pageChunks(manifest: Manifest, source: string): string[] {
  /** With `sends`, what the page's own modules send its form with, too (not all the app may ever send). */
  const collect = (name: string, into: Set<string>, sends = false) => {
    const chunk = manifest[name]
    if (!chunk || into.has(chunk.file)) return
    into.add(chunk.file)
    for (const imported of chunk.imports ?? []) collect(imported, into, sends)
    if (sends) for (const later of chunk.dynamicImports ?? []) if (SENDS_THE_PAGES_FORM.includes(later)) collect(later, into)
  }
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry)
  const entryChunks = new Set<string>()
  for (const [name] of entries) collect(name, entryChunks)
  const chunks = new Set<string>()
  for (const [, entry] of entries) for (const app of entry.dynamicImports ?? []) collect(app, chunks)
  // A page not in the manifest is in the app's chunk (the home page). The app's chunk is in already, so
  // what the app alone may send later is not followed.
  collect(`src/${source}`, chunks, true)
  return [...chunks].filter((file) => !entryChunks.has(file))
}

/**
 * The venues' structured data as the build knows it: names, addresses and absolute URLs, but no hours
 * (only the server's database has them; it puts the current ones in each time it serves the page).
 */
export function buildTimeStructuredData(venue: Venue, siteUrl: string): string {
  return structuredDataScript(localBusinessData({ venue, siteUrl, openingTimes: null, exceptions: [], today: '' }))
}

const DESCRIPTION = /<meta name="description" content="[^"]*"\s*\/?>/

/**
 * The built index.html with one page's markup in its root, its own <title>, its hints in <head>, its chunk preloaded,
 * for the pages that carry it the structured-data block at the end of <head> (outside the root), and
 * its own block of page tags (canonical, description, Open Graph) in place of the template's description.
 */
export function pageDocument(template: string, page: PrerenderedPage, markup: string, chunks: string[], structuredData = '', pageMeta = ''): string {
  if (!template.includes(ROOT)) throw new Error(`prerender: the HTML template has no ${ROOT}`)
  if (!template.includes('</head>')) throw new Error('prerender: the HTML template has no </head>')
  const { hints, body } = splitHints(markup)
  // Not <link rel="modulepreload">: the first paint needs none of the page's code, only its HTML, and on
  // a slow link the code would share the signal with it (src/shell/pageCodeAfterFirstPaint.ts).
  const preloads = chunks.length > 0 ? `<meta name="${PAGE_CODE_META}" content="${chunks.map((file) => `/${file}`).join(' ')}">` : ''
  // The hints go ahead of the entry script and stylesheet, so the hero is requested first. The page is
  // readable without the script, so on a slow link the stylesheet and the hero get the bandwidth first.
  const data = PAGES_WITH_VENUE_DATA.includes(page.path) ? structuredData : ''
  const title = page.title.replaceAll('&', '&amp;').replaceAll('<', '&lt;')
  if (pageMeta && !DESCRIPTION.test(template)) throw new Error('prerender: the HTML template has no <meta name="description">')
  const head = template
    .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
    .replace(DESCRIPTION, (description) => pageMeta || description)
    .replace(/<script type="module"/, `${markedHints(hints)}${preloads}<script type="module" fetchpriority="low"`)
    .replace('</head>', () => `${data}</head>`)
  return head.replace(ROOT, `<div id="root" data-page="${page.module}">${body}</div>`)
}

/** The route list the server reads (api/src/http/known-routes.ts, the sitemap). */
function siteRoutes(pages: PrerenderedPage[], notFound: ReturnType<ServerEntry['notFoundPages']>, appShell: string[]): SiteRoutes {
  return {
    builtAt: new Date().toISOString(),
    pages: pages.map(({ path, module }) => ({ path, module })),
    appShell,
    notFound: notFound.flatMap(({ prefix }) => (prefix === null ? [] : [{ prefix, file: notFoundPageFor(prefix) }])),
  }
}

/**
 * After the client build: renders each public page with react-dom/server (src/entry-server.tsx, built
 * for Node into dist/.server, which the server imports too) into dist/<path>/index.html, so the first paint never waits for
 * JavaScript, and keeps the empty shell as app-shell.html for every other path. Runs before the
 * service worker's precache list is made, so the pages are precached too.
 */
export function prerender(options: { entry: string; define: Record<string, string>; venue: Venue; siteUrl: string }): Plugin {
  let root = ''
  let outDir = ''
  let mode = 'production'
  let isServerBuild = false
  return {
    name: 'venue:prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root
      outDir = resolve(config.root, config.build.outDir)
      mode = config.mode
      isServerBuild = Boolean(config.build.ssr)
    },
    closeBundle: {
      order: 'pre',
      sequential: true,
      async handler() {
        if (isServerBuild) return
        const serverDir = join(outDir, SERVER_BUNDLE_DIR)
        await build({
          configFile: false,
          root,
          mode,
          logLevel: 'warn',
          plugins: [react()],
          define: options.define,
          // Everything in one file, so it runs from a folder outside the project.
          ssr: { noExternal: true },
          build: {
            ssr: options.entry,
            outDir: serverDir,
            emptyOutDir: true,
            copyPublicDir: false,
            minify: false,
            rollupOptions: { output: { entryFileNames: SERVER_BUNDLE_FILE } },
          },
        })
        const server = (await import(pathToFileURL(join(serverDir, SERVER_BUNDLE_FILE)).href)) as ServerEntry
        const template = readFileSync(join(outDir, 'index.html'), 'utf8')
        const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest
        const structuredData = buildTimeStructuredData(options.venue, options.siteUrl)
        // The shell has no <main> to wait for: kept, the link only held its first paint to the end of parsing and warned in the console.
        writeFileSync(join(outDir, APP_SHELL), template.replace(/<link rel="expect"[^>]*>\s*/, ''))
        const pages = server.prerenderedPages()
        for (const page of pages) {
          const file = join(outDir, prerenderedFile(page.path))
          const meta = pageMetaBlock(pageMetaFor(page.path, page.title, options.venue), options.siteUrl, options.venue)
          mkdirSync(dirname(file), { recursive: true })
          const html = pageDocument(template, page, await server.render(page.path), pageChunks(manifest, page.source), structuredData, meta)
          writeFileSync(file, await withCriticalCss(html, outDir))
        }
        const notFound = server.notFoundPages()
        for (const page of notFound) {
          const file = page.prefix === null ? NOT_FOUND_PAGE : notFoundPageFor(page.prefix)
          const html = pageDocument(template, page, await server.render(page.path), pageChunks(manifest, page.source))
          writeFileSync(join(outDir, file), await withCriticalCss(html, outDir))
        }
        writeFileSync(join(outDir, SITE_ROUTES_FILE), JSON.stringify(siteRoutes(pages, notFound, server.appShellRoutes())))
      },
    },
  }
}
