import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { STAFF_ALIASES, STAFF_PATHS } from '../shared/rules/staff-routes'
import { barePath, NOT_FOUND_PAGE, SITE_ROUTES_FILE, type SiteRoutes } from '../shared/site-routes'

/** What a path without a file or pre-rendered page of its own gets. */
export type RouteWithoutPage =
  | { kind: 'app-shell' }
  /** An old address of a route (the staff dashboard's): moved for good. */
  | { kind: 'redirect'; to: string }
  /** No page: this built page (the site's, or the route's own such as "Menu not found!"), sent with 404. */
  | { kind: 'not-found'; file: string }

/**
 * The routes the web build wrote (web/build/prerender.ts, from web/src/routes.ts), read
 * again when a new build replaces the file; null for a build without the list (index.html only), which
 * keeps the old behaviour of the app shell for every path.
 */
export function builtSiteRoutes(distDir: string): () => SiteRoutes | null {
  const file = join(distDir, SITE_ROUTES_FILE)
  let builtFor = ''
  let routes: SiteRoutes | null = null
  return () => {
    const built = existsSync(file) ? `${statSync(file).mtimeMs}` : ''
    if (built !== builtFor) {
      routes = built ? (JSON.parse(readFileSync(file, 'utf8')) as SiteRoutes) : null
      builtFor = built
    }
    return routes
  }
}

/**
 * Client-side routes that exist (every staff screen, the login) get the app shell, so they work on
 * reload; any other path is no page and answers 404 with the site's own not-found page, so crawlers
 * never index junk. A path under a route with a parameter (/menu/menu9) gets that route's not-found
 * page ("Menu not found!").
 */
export function routeWithoutPage(routes: SiteRoutes | null, pathname: string): RouteWithoutPage {
  const path = barePath(pathname)
  if (Object.hasOwn(STAFF_ALIASES, path)) return { kind: 'redirect', to: STAFF_ALIASES[path]! }
  if (!routes || (STAFF_PATHS as readonly string[]).includes(path) || routes.appShell.includes(path)) return { kind: 'app-shell' }
  const route = routes.notFound.find(({ prefix }) => path.startsWith(prefix))
  return { kind: 'not-found', file: route?.file ?? NOT_FOUND_PAGE }
}

/** Whether a built file is one of the not-found pages: asked for by name, it still answers 404. */
export function isNotFoundPage(routes: SiteRoutes | null, relative: string): boolean {
  const name = relative.replace(/^\/+/, '')
  return routes !== null && (name === NOT_FOUND_PAGE || routes.notFound.some(({ file }) => file === name))
}
