/**
 * The public routes as the web build knows them (web/src/routes.ts), written by the build
 * into the web build (web/build/prerender.ts) and read by the server: which paths are pages (the
 * sitemap lists them), which are client-side routes without a page of their own (the app shell), and
 * which page answers, with status 404, a path that is no page. The staff screens come from
 * rules/staff-routes.ts, which both sides import.
 */

/** In the build's own folder: never served, never precached. */
export const SITE_ROUTES_FILE = '.vite/site-routes.json'

/** The site's not-found page, rendered at build time. */
export const NOT_FOUND_PAGE = '404.html'

/** The not-found page of a route with a parameter ('/menu/' gives 404-menu.html: "Menu not found!"). */
export function notFoundPageFor(prefix: string): string {
  return `404-${prefix.replace(/^\/+|\/+$/g, '').replaceAll('/', '-')}.html`
}

export interface SiteRoutes {
  /** When the build ran (ISO 8601): the last change of a page that shows no data. */
  builtAt: string
  /** Every pre-rendered public page, by path and page module. */
  pages: { path: string; module: string }[]
  /** Public client-side routes without a pre-rendered page (/login): the app shell serves them. */
  appShell: string[]
  /** Routes with a parameter: a path under `prefix` that is not one of `pages` gets `file`, with 404. */
  notFound: { prefix: string; file: string }[]
}

/** Files for crawlers that the server makes (api/src/features/seo): never the app shell, even from the service worker. */
export const SITEMAP_PATH = '/sitemap.xml'
export const ROBOTS_PATH = '/robots.txt'
export const SEARCH_FILES = [SITEMAP_PATH, ROBOTS_PATH] as const

/** The path without its trailing slashes, as routes and canonical addresses write it ('/' stays '/'). */
export function barePath(pathname: string): string {
  return pathname.replace(/\/+$/, '') || '/'
}
