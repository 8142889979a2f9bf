import { createElement, lazy, useState, type ComponentType, type ReactNode } from 'react'
import { parse } from 'regexparam'
import { matchRoute } from 'wouter'
import { Home } from './Home'

/**
 * A page whose code may be in a chunk of its own. `load()` fetches that chunk ahead of rendering: in
 * the browser before the first render (hydration then finds the page's markup, not a loading state),
 * and on the server before rendering at build time.
 */
export type PageComponent = ((props: object) => ReactNode) & {
  /** The file under src/pages that holds the page, and the name it exports the page under. */
  readonly module: string
  load(): Promise<void>
}

/** A page in the entry chunk, for the one page most visits start on (/). */
function eagerPage(module: string, page: ComponentType<object>): PageComponent {
  return Object.assign((props: object) => createElement(page, props), { module, load: async () => {} })
}

/** A page in its own chunk, downloaded the first time it is shown or asked to `load()`. */
function lazyPage(module: string, importPage: () => Promise<Record<string, unknown>>): PageComponent {
  let loaded: ComponentType<object> | null = null
  const fetchPage = async () => {
    loaded ??= (await importPage())[module] as ComponentType<object>
    return loaded
  }
  const LazyPage = lazy(async () => ({ default: await fetchPage() }))
  function Page(props: object) {
    // Chosen once per mount: switching from the lazy wrapper to the loaded page later would remount it.
    const [component] = useState<ComponentType<object>>(() => loaded ?? LazyPage)
    return createElement(component, props)
  }
  return Object.assign(Page, { module, load: async () => void (await fetchPage()) })
}

export interface PublicRoute {
  /** A wouter pattern. */
  path: string
  page: PageComponent
  /**
   * Rendered to HTML at build time (web/build/prerender.ts); not for pages that only make sense once
   * the browser has run (login). For a pattern with parameters, entry-server.tsx lists the paths.
   */
  prerender: boolean
}

/** Every route a visitor can open, in the order wouter tries them. Staff screens are in App.tsx. */
export const PUBLIC_ROUTES: readonly PublicRoute[] = [
  { path: '/', page: eagerPage('Home', Home), prerender: true },
  { path: '/about', page: lazyPage('About', () => import('./About')), prerender: true },
  { path: '/eat', page: lazyPage('Eat', () => import('./Eat')), prerender: true },
  { path: '/drink', page: lazyPage('Drink', () => import('./Drink')), prerender: true },
  { path: '/stay', page: lazyPage('Stay', () => import('./Stay')), prerender: true },
  { path: '/events', page: lazyPage('Events', () => import('./Events')), prerender: true },
  { path: '/around', page: lazyPage('Around', () => import('./Around')), prerender: true },
  { path: '/contact', page: lazyPage('Contact', () => import('./Contact')), prerender: true },
  { path: '/menu/:menuId', page: lazyPage('Menu', () => import('./Menu')), prerender: true },
  { path: '/login', page: lazyPage('Login', () => import('./Login')), prerender: false },
]

/** The route the app shows at `path`, matched as wouter's Switch matches (wouter parses patterns with regexparam). */
export function routeAt(path: string): PublicRoute | undefined {
  return PUBLIC_ROUTES.find((route) => matchRoute(parse, route.path, path)[0])
}
