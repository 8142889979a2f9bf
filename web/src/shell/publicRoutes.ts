/**
 * The shell's table of public routes, filled in by the composition root (web/src/routes.ts registers
 * every page): the shell never imports a feature. Here are the route's shape, the page wrappers
 * (eagerPage, lazyPage), the fetch-ahead helper, and the lookups the shell needs (routeAt, pageTitle).
 */
import { createElement, useState, type ComponentType, type ReactNode } from 'react'
import { parse } from 'regexparam'
import { matchRoute } from 'wouter'
import { STAFF_ROUTES } from '../../../api/src/shared/rules/staff-routes'
import { retryableLazy } from './retryableLazy'
import type { VenueNames } from '../../../api/src/shared/rules/venues'

/** Each route's loadData fetches ahead: the page, once its code comes, does not fetch the same again. */
const AHEAD = { ahead: true } as const

/** A route's loadData: starts each of the page's stores (named lazily: no store is made at import). */
export const fetchAhead =
  (...stores: (() => { getState(): { load(options: typeof AHEAD): Promise<void> } })[]) =>
  () => {
    for (const store of stores) void store().getState().load(AHEAD)
  }

/**
 * A page whose code may be in a chunk of its own. `load()` fetches that chunk ahead of rendering: in
 * the browser before the first render (hydration then finds the page's markup, not a loading state),
 * and on the server before rendering at build time.
 */
export type PageComponent = ((props: object) => ReactNode) & {
  /** The name the page is exported under (its file's name); the pre-rendered root carries it as data-page. */
  readonly module: string
  /** The file under web/src that holds the page, as Vite's manifest names it (after `src/`). */
  readonly source: string
  load(): Promise<void>
  /**
   * Fetches the parts of the page below its first screen that are chunks of their own (shell/lazyPart.ts):
   * not loaded by the page's HTML, asked for as the app starts (main.tsx); the server awaits them before rendering.
   */
  loadParts?(): Promise<void>
}

/** "features/events/Events.tsx" exports its page as Events. */
const moduleOf = (source: string) => source.slice(source.lastIndexOf('/') + 1).replace(/\.tsx$/, '')

/** A page in the entry chunk, for the one page most visits start on (/); `loadParts` fetches its lazy parts. */
export function eagerPage(source: string, page: ComponentType<object>, loadParts?: () => Promise<void>): PageComponent {
  return Object.assign((props: object) => createElement(page, props), { module: moduleOf(source), source, load: async () => {}, loadParts })
}

/** A page in its own chunk, downloaded the first time it is shown or asked to `load()`. */
export function lazyPage(source: string, importPage: () => Promise<Record<string, unknown>>): PageComponent {
  const module = moduleOf(source)
  let loaded: ComponentType<object> | null = null
  const fetchPage = async () => {
    loaded ??= (await importPage())[module] as ComponentType<object>
    return loaded
  }
  const currentLazy = retryableLazy(async () => ({ default: await fetchPage() }))
  function Page(props: object) {
    // Chosen once per mount: switching from the lazy wrapper to the loaded page later would remount it.
    const [component] = useState<ComponentType<object>>(() => loaded ?? currentLazy())
    return createElement(component, props)
  }
  return Object.assign(Page, { module, source, load: async () => void (await fetchPage()) })
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
  /** What the page is called in the browser's tab and history ("Events" becomes "Events — Larkdale Hotel"). */
  name: string | ((path: string, venue: VenueNames) => string)
  /**
   * Starts loading the lists the page shows (each store loads once at a time, so the page's own load
   * joins it). Called while the page's code downloads: on a weak signal the data comes with the code,
   * and the page is not first laid out on placeholders that move when its photos arrive.
   */
  loadData?: () => void
}

/** The names of the menu pages with the venue's current names (the Menu page shows the same as its heading). */
export const menuPageNames = (venue: VenueNames): Record<string, string> => ({
  '/menu/menu1': `${venue.barName} menu`,
  '/menu/menu2': `${venue.hotelName} cafe menu`,
})

/** The public routes, in the order wouter tries them: none until web/src/routes.ts registers them. */
let registered: readonly PublicRoute[] = []

/**
 * Makes `routes` the public routes the shell looks paths up in (routeAt, pageTitle). web/src/routes.ts
 * calls it as it is imported; a second call (a hot reload of that module) replaces the first one's routes.
 */
export function registerPublicRoutes(routes: readonly PublicRoute[]): void {
  registered = routes
}

/** The route the app shows at `path`, matched as wouter's Switch matches (wouter parses patterns with regexparam). */
/**
 * A page's own address for the other spellings the server sends it at (api/src/http/web-app.ts):
 * //eat, /./eat, /eat// and the built file's name /eat/index.html are /eat; /index.html is /.
 */
export function canonicalPath(path: string): string {
  const segments = path.split('/').filter((segment) => segment !== '' && segment !== '.')
  if (segments.at(-1) === 'index.html') segments.pop()
  return `/${segments.join('/')}`
}

export function routeAt(path: string): PublicRoute | undefined {
  return registered.find((route) => matchRoute(parse, route.path, path)[0])
}

/** The home page's title: the whole venue. */
export const homeTitle = (venue: VenueNames) => `${venue.hotelName} & ${venue.barName}`

/**
 * The document title at `path`: "Events — Larkdale Hotel" for a public page, "Manage Events — Staff"
 * for a staff screen (its label from the shared staff route list), the venue's name at home.
 */
export function pageTitle(path: string, venue: VenueNames): string {
  const staff = STAFF_ROUTES.find((route) => route.path === path)
  if (staff) return `${staff.label} — Staff`
  if (path === '/') return homeTitle(venue)
  const route = routeAt(path)
  const name = route ? (typeof route.name === 'function' ? route.name(path, venue) : route.name) : 'Page not found'
  return `${name} — ${venue.hotelName}`
}
