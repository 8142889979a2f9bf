import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { AppContext } from '../context'
import {
  EVENTS_STRUCTURED_DATA_ID,
  eventStructuredData,
  hasStructuredData,
  structuredDataScript,
  withStructuredData,
  type UpcomingEvent,
} from '../shared/structured-data'
import { documentTitle, titleWithNames, withPageMeta, withTitle } from '../shared/page-meta'
import { NOT_FOUND_PAGE, notFoundPageFor } from '../shared/site-routes'
import { withRenderHints } from '../shared/render-hints'
import { dataVersion } from '../db/data-version'
import { withCriticalCss } from './critical-css'
import { madePage, type CurrentPageMeta, type MadePage, type RenderedPages } from './web-app'

/** Where the build keeps its server bundle in dist (web/build/prerender.ts: SERVER_BUNDLE_DIR, a dot folder never served). */
const SERVER_BUNDLE = join('.server', 'entry-server.mjs')

/** How many pages with query-dependent tags are kept (the newest; share links of other events are made again). */
const TAGGED_PAGES_KEPT = 200

interface PageData {
  renderedAt: string
  stores: Record<string, unknown>
}

/** What the build's server bundle (web/src/entry-server.tsx) offers the server. */
interface ServerBundle {
  prerenderedPages(): { path: string }[]
  /** The not-found pages (a bundle from before they were rendered when served has none). */
  notFoundPages?(): { path: string; prefix: string | null }[]
  renderWithData(path: string, options: { fetchApi: ApiCall; now: Date }): Promise<{ body: string; hints?: string; dataScript: string; data: PageData }>
  clockKey(data: PageData, now: Date): string
}

/** A request to the server's own API, in-process. */
export type ApiCall = (path: string, init: RequestInit) => Promise<Response>

interface RenderedPage extends MadePage {
  /** The data version it was rendered at, and the open-now statuses it shows (clockKey). */
  version: string
  clock: string
  data: PageData
  /** The stores' data as text: a new version with the same data keeps the page (and its ETag). */
  storesText: string
  /** The <title> the build wrote (the page's own has the venue's current names in it). */
  builtTitle: string
}

/** The built page with `body` in its #root (the build's markup out) and the page's data before </body>. */
function assemble(template: string, body: string, beforeBodyEnd: string): string {
  const rootStart = template.indexOf('<div id="root"')
  const openEnd = template.indexOf('>', rootStart) + 1
  const bodyEnd = template.lastIndexOf('</body>')
  const rootEnd = template.lastIndexOf('</div>', bodyEnd)
  if (rootStart < 0 || rootEnd < openEnd) throw new Error('rendered pages: the built page has no #root')
  return `${template.slice(0, openEnd)}${body}${template.slice(rootEnd, bodyEnd)}${beforeBodyEnd}${template.slice(bodyEnd)}`
}

/** Pages whose tags depend on the query (an event's share link, /events?event=<id>), made once per page and tags. */
function requestTagged(currentPageMeta: CurrentPageMeta | undefined) {
  const tagged = new Map<string, MadePage>()
  return (page: RenderedPage, url: URL): MadePage => {
    if (!currentPageMeta || !url.search) return page
    const meta = currentPageMeta(page.body, url, page.builtTitle)
    if (!meta) return page
    const key = `${page.hash}\n${meta.title}\n${meta.block}`
    let made = tagged.get(key)
    if (!made) {
      const body = withPageMeta(page.body, meta)
      if (body === page.body) return page
      made = madePage(body)
      if (tagged.size >= TAGGED_PAGES_KEPT) tagged.delete(tagged.keys().next().value!)
      tagged.set(key, made)
    }
    return made
  }
}

/**
 * The public pages rendered when served, with the data the API gives now, by the same React components
 * as the browser: the build's server bundle (dist/.server/entry-server.mjs), imported once. Each page is
 * kept with the data version it was made at (and the open-now statuses it shows), so serving is a
 * lookup until staff change something (the next page served shows it) or a venue opens or closes. Its
 * ETag is its content's hash; br and gzip copies are made once per page, and so is its inline CSS. A build without the bundle
 * (an older one) gets null for every path, and the built file is sent as before.
 */
export function renderedPages(ctx: AppContext, fetchApi: ApiCall, currentStructuredData: () => string, currentPageMeta?: CurrentPageMeta): RenderedPages {
  const distDir = ctx.config.webDistDir
  const version = dataVersion(ctx)
  const pages = new Map<string, RenderedPage>()
  const rendering = new Map<string, Promise<RenderedPage>>()
  let bundle: Promise<{ entry: ServerBundle; paths: Set<string>; notFound: Map<string, string> } | null> | undefined
  /** The built file a not-found page starts from (404.html, 404-menu.html), by the path the bundle renders it at. */
  const notFoundFiles = new Map<string, string>()

  const loadBundle = async () => {
    const file = join(distDir, SERVER_BUNDLE)
    if (!existsSync(file)) return null
    const entry = (await import(pathToFileURL(file).href)) as ServerBundle
    const notFound = new Map((entry.notFoundPages?.() ?? []).map((page) => [page.prefix === null ? NOT_FOUND_PAGE : notFoundPageFor(page.prefix), page.path]))
    for (const [file, path] of notFound) notFoundFiles.set(path, file)
    return { entry, paths: new Set(entry.prerenderedPages().map((page) => page.path)), notFound }
  }

  /** The built file a rendered page starts from: a not-found page's own (404.html), else the page's. */
  const builtFile = (path: string) => join(distDir, notFoundFiles.get(path) ?? (path === '/' ? 'index.html' : `${path.slice(1)}/index.html`))

  async function render(entry: ServerBundle, path: string, at: string, now: Date): Promise<RenderedPage> {
    const { body, hints, dataScript, data } = await entry.renderWithData(path, { fetchApi, now })
    const storesText = JSON.stringify(data.stores)
    const clock = entry.clockKey(data, now)
    const previous = pages.get(path)
    // Same data, same statuses: the page as it was (a write that changed nothing shown keeps the ETag).
    if (previous && previous.storesText === storesText && previous.clock === clock) return { ...previous, version: at }
    let html = assemble(readFileSync(builtFile(path), 'utf8'), body, dataScript)
    // The preloads of the hero and logo shown now, not of those the build saw (a bundle from before hints came has none to give).
    if (hints !== undefined) html = withRenderHints(html, hints)
    const builtTitle = documentTitle(html)
    if (hasStructuredData(html)) html = withStructuredData(html, currentStructuredData())
    const meta = currentPageMeta?.(html, new URL(path, ctx.config.siteUrl))
    if (meta) html = withPageMeta(html, meta)
    // A not-found page has no tags of its own, only a title with the venue's names in it.
    else html = withTitle(html, titleWithNames(builtTitle, ctx.config.venueSeed, ctx.venue()))
    const events = data.stores.events as UpcomingEvent[] | undefined
    if (events && events.length > 0) {
      const script = structuredDataScript(eventStructuredData(events, { venue: ctx.venue(), siteUrl: ctx.config.siteUrl }), EVENTS_STRUCTURED_DATA_ID)
      html = html.replace('</head>', () => `${script}</head>`)
    }
    // Its data shows markup the built page had not (open-now status, events): its inline CSS is made for this markup.
    html = await withCriticalCss(html, distDir)
    return { ...madePage(html), version: at, clock, data, storesText, builtTitle }
  }

  const withRequestTags = requestTagged(currentPageMeta)

  /** Renders start in order; one that ends after a later one (an older version) is not kept. */
  let renders = 0
  const keptRender = new Map<string, number>()

  async function current(entry: ServerBundle, path: string): Promise<RenderedPage> {
    const at = version()
    const now = ctx.now()
    const page = pages.get(path)
    if (page && page.version === at && page.clock === entry.clockKey(page.data, now)) return page
    const key = `${path} ${at}`
    let run = rendering.get(key)
    if (!run) {
      const order = ++renders
      run = render(entry, path, at, now)
        .then((made) => {
          if (order > (keptRender.get(path) ?? 0)) {
            keptRender.set(path, order)
            pages.set(path, made)
          }
          return made
        })
        .finally(() => rendering.delete(key))
      rendering.set(key, run)
    }
    return run
  }

  const loaded = () =>
    (bundle ??= loadBundle().catch((error) => {
      console.error(JSON.stringify({ level: 'error', msg: 'the server bundle could not be loaded; serving the built pages', error: String(error) }))
      return null
    }))

  /** Renders `path` now, or null: a page that cannot be rendered is still served, as built, its data loading in the browser. */
  async function served(entry: ServerBundle, path: string, request: Request): Promise<MadePage | null> {
    try {
      return withRequestTags(await current(entry, path), new URL(request.url))
    } catch (error) {
      console.error(JSON.stringify({ level: 'error', msg: 'rendering a page failed; serving the built file', path, error: String(error) }))
      return null
    }
  }

  return {
    /** A public page by its path, rendered with current data; null when the build did not pre-render it. */
    async page(request: Request, pathname: string): Promise<MadePage | null> {
      const bundleNow = await loaded()
      const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
      if (!bundleNow?.paths.has(path)) return null
      return served(bundleNow.entry, path, request)
    },
    /** A not-found page by its built file (404.html, 404-menu.html), with the venue's current names and logo; null if the bundle has none. */
    async notFound(request: Request, file: string): Promise<MadePage | null> {
      const bundleNow = await loaded()
      const path = bundleNow?.notFound.get(file)
      if (!bundleNow || path === undefined) return null
      return served(bundleNow.entry, path, request)
    },
  }
}
