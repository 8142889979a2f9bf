/**
 * The build renders every public page to HTML with this module (web/build/prerender.ts), so a visitor
 * sees the page before any script has run. It renders the same tree as main.tsx, at a given path, with
 * every store empty: the browser starts from that same state, hydrates, then loads saved and fresh data.
 */
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { Router } from 'wouter'
import { App } from './App'
import { pageTitle, PUBLIC_ROUTES } from './pages/publicRoutes'
import { menuPath, MENU_ROUTE_IDS } from './stores/menus'

export interface PrerenderedPage {
  path: string
  /** The page module it shows (see PageComponent.module); the pre-rendered root carries it as data-page. */
  module: string
  /** Its document title (pageTitle), written into the page's <title>. */
  title: string
}

/** Every path rendered at build time: each public route, and one page per menu for the menu route. */
export function prerenderedPages(): PrerenderedPage[] {
  return PUBLIC_ROUTES.filter((route) => route.prerender).flatMap(({ path, page }) => {
    if (path === '/menu/:menuId')
      return Object.values(MENU_ROUTE_IDS).map((businessId) => ({ path: menuPath(businessId), module: page.module, title: pageTitle(menuPath(businessId)) }))
    if (path.includes(':')) throw new Error(`Pre-rendering ${path}: list the paths of a route with parameters in prerenderedPages()`)
    return [{ path, module: page.module, title: pageTitle(path) }]
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
    { prefix: null, path: '/404', module: 'NotFound', title: pageTitle('/404') },
    ...routes.map(({ path: pattern, page }) => {
      const prefix = pattern.slice(0, pattern.indexOf(':'))
      const path = `${prefix}not-found`
      return { prefix, path, module: page.module, title: pageTitle(path) }
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
  await Promise.all(PUBLIC_ROUTES.map((route) => route.page.load()))
  return renderToString(
    <StrictMode>
      <Router ssrPath={path}>
        <App />
      </Router>
    </StrictMode>,
  )
}
