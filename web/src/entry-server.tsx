/**
 * The build renders every public page to HTML with this module (web/build/prerender.ts), so a visitor
 * sees the page before any script has run. It renders the same tree as main.tsx, at a given path, with
 * every store empty: the browser starts from that same state, hydrates, then loads saved and fresh data.
 */
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { Router } from 'wouter'
import { VENUE_KEYS } from '../../api/src/shared/rules/venues'
import { setApiTransport } from './api/client'
import type { Notice, OpeningTimes } from './api/types'
import { currentNotices } from '../../api/src/shared/rules/notices'
import { App } from './App'
import { describeOpenStatus, openStatus } from './features/opening-times/openStatusRules'
import { PUBLIC_ROUTES } from './routes'
import { pageTitle } from './shell/publicRoutes'
import { builtVenue } from './lib/venue'
import { BUSINESS_IDS, menuPath } from '../../api/src/shared/rules/venues'
import { holidayList } from './features/opening-times/holidaysStore'
import { loadVisitorNotice } from './features/notices'
import { pageDataScript, setPageDataForRender, storesForRender, type PageData } from './stores'
import { splitHints } from '../../api/src/shared/render-hints'

export interface PrerenderedPage {
  path: string
  /** The page module it shows (see PageComponent.module); the pre-rendered root carries it as data-page. */
  module: string
  /** The page's file under web/src (see PageComponent.source): the build preloads the chunks it needs. */
  source: string
  /** Its document title (pageTitle), written into the page's <title>. */
  title: string
}

/** Every path rendered at build time: each public route, and one page per menu for the menu route. */
export function prerenderedPages(): PrerenderedPage[] {
  return PUBLIC_ROUTES.filter((route) => route.prerender).flatMap(({ path, page }) => {
    if (path === '/menu/:menuId')
      return Object.values(BUSINESS_IDS)
        .sort()
        .map((businessId) => ({ path: menuPath(businessId), module: page.module, source: page.source, title: pageTitle(menuPath(businessId), builtVenue) }))
    if (path.includes(':')) throw new Error(`Pre-rendering ${path}: list the paths of a route with parameters in prerenderedPages()`)
    return [{ path, module: page.module, source: page.source, title: pageTitle(path, builtVenue) }]
  })
}

/**
 * The pages that answer, with status 404, a path that is no page (the server picks them, see
 * api/src/http/known-routes.ts): the site's not-found page, and for each route with a parameter
 * the page that route shows for a value it does not know ("Menu not found!" under /menu/).
 */
export function notFoundPages(): (PrerenderedPage & { prefix: string | null })[] {
  const routes = PUBLIC_ROUTES.filter((route) => route.prerender && route.path.includes(':'))
  return [
    { prefix: null, path: '/404', module: 'NotFound', source: 'shell/NotFound.tsx', title: pageTitle('/404', builtVenue) },
    ...routes.map(({ path: pattern, page }) => {
      const prefix = pattern.slice(0, pattern.indexOf(':'))
      const path = `${prefix}not-found`
      return { prefix, path, module: page.module, source: page.source, title: pageTitle(path, builtVenue) }
    }),
  ]
}

/** Public routes the build does not render (the login): the server gives them the app shell. */
export function appShellRoutes(): string[] {
  return PUBLIC_ROUTES.filter((route) => !route.prerender && !route.path.includes(':')).map((route) => route.path)
}

/**
 * The markup of the app at `path`. React puts its resource hints (the hero's preload) at the start;
 * the build moves them into <head>.
 */
export async function render(path: string): Promise<string> {
  await Promise.all([...PUBLIC_ROUTES.flatMap((route) => [route.page.load(), route.page.loadParts?.()]), loadVisitorNotice()])
  setPageDataForRender(null)
  return renderApp(path)
}

function renderApp(path: string): string {
  return renderToString(
    <StrictMode>
      <Router ssrPath={path}>
        <App />
      </Router>
    </StrictMode>,
  )
}

export interface PageWithData {
  /** The page's markup for #root (React's resource hints apart: they go in <head>). */
  body: string
  /** React's resource hints for the page as rendered now (its hero's and logo's preloads), for <head>. */
  hints: string
  /** The <script type="application/json" id="initial-data"> the browser's stores start from. */
  dataScript: string
  data: PageData
}

/** One render at a time: the stores and the API transport are this module's, shared by every render. */
let queue: Promise<unknown> = Promise.resolve()

/**
 * The server's render of `path` with the data the API gives now (api/src/http/rendered-pages.ts):
 * the stores' own fetchers run against `fetchApi` (the server's app in-process), for exactly the
 * stores the page reads — rendered, its stores' data fetched, rendered again until it reads nothing
 * new — and the data goes into the page once, for the browser's stores to start from.
 */
export function renderWithData(path: string, options: { fetchApi: (path: string, init: RequestInit) => Promise<Response>; now: Date }): Promise<PageWithData> {
  const run = queue.then(() => renderOnceWithData(path, options.fetchApi, options.now))
  queue = run.catch(() => undefined)
  return run
}

async function renderOnceWithData(path: string, fetchApi: (path: string, init: RequestInit) => Promise<Response>, now: Date): Promise<PageWithData> {
  await Promise.all([...PUBLIC_ROUTES.flatMap((route) => [route.page.load(), route.page.loadParts?.()]), loadVisitorNotice()])
  setApiTransport(fetchApi)
  const stores: Record<string, unknown> = {}
  const asked = new Set<string>()
  try {
    for (;;) {
      storesForRender.forget()
      // A new object each pass: the stores start from it (their initial state follows the page data's identity).
      setPageDataForRender({ renderedAt: now.toISOString(), stores: { ...stores } })
      const markup = renderApp(path)
      const wanted = storesForRender.read().filter((key) => !asked.has(key))
      if (wanted.length === 0) {
        const data: PageData = { renderedAt: now.toISOString(), stores }
        const { hints, body } = splitHints(markup)
        return { body, hints, dataScript: pageDataScript(data), data }
      }
      await Promise.all(
        wanted.map(async (key) => {
          asked.add(key)
          // Data the API cannot give now is left out: that part of the page loads in the browser, as before.
          const value = await storesForRender.fetch(key)?.catch(() => undefined)
          if (value !== undefined) stores[key] = value
        }),
      )
    }
  } finally {
    setPageDataForRender(null)
  }
}

/**
 * What in a page rendered with `data` depends on the time as well: each venue's open-now status, and
 * which notices for visitors show (the page data holds the notices that had not ended, upcoming ones
 * too). The server renders again when it differs from the page it has (a venue opened or closed, a
 * notice started or ended since), so the HTML it serves changes at that moment with nobody acting.
 */
export function clockKey(data: PageData, now: Date): string {
  const notices = data.stores.notices as Notice[] | undefined
  const shownNotices = notices
    ? currentNotices(notices, now)
        .map((notice) => notice.id)
        .join(',')
    : ''
  const times = data.stores['opening-times'] as OpeningTimes | undefined
  if (!times) return shownNotices && `notices ${shownNotices}`
  const holidays = holidayList(data.stores.holidays as never)
  const statuses = VENUE_KEYS.map((venue) => describeOpenStatus(openStatus(venue, times, holidays, now))).join('|')
  return shownNotices ? `${statuses} notices ${shownNotices}` : statuses
}
