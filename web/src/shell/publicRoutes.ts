import { createElement, useState, type ComponentType, type ReactNode } from 'react'
import { parse } from 'regexparam'
import { matchRoute } from 'wouter'
import { STAFF_ROUTES } from '../../../api/src/shared/rules/staff-routes'
import { retryableLazy } from './retryableLazy'
import { venue } from '../lib/venue'
import { useAttractions } from '../features/attractions/store'
import { useEvents } from '../features/events/store'
import { galleryStore } from '../features/galleries/store'
import { Home } from '../features/home/Home'

/** Each route's loadData fetches ahead: the page, once its code comes, does not fetch the same again. */
const AHEAD = { ahead: true } as const

/** A route's loadData: starts each of the page's stores (named lazily: no store is made at import). */
const fetchAhead =
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
}

/** "features/events/Events.tsx" exports its page as Events. */
const moduleOf = (source: string) => source.slice(source.lastIndexOf('/') + 1).replace(/\.tsx$/, '')

/** A page in the entry chunk, for the one page most visits start on (/). */
function eagerPage(source: string, page: ComponentType<object>): PageComponent {
  return Object.assign((props: object) => createElement(page, props), { module: moduleOf(source), source, load: async () => {} })
}

/** A page in its own chunk, downloaded the first time it is shown or asked to `load()`. */
function lazyPage(source: string, importPage: () => Promise<Record<string, unknown>>): PageComponent {
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
  name: string | ((path: string) => string)
  /**
   * Starts loading the lists the page shows (each store loads once at a time, so the page's own load
   * joins it). Called while the page's code downloads: on a weak signal the data comes with the code,
   * and the page is not first laid out on placeholders that move when its photos arrive.
   */
  loadData?: () => void
}

/** The names of the menu pages (the Menu page shows the same as its heading). */
export const MENU_PAGE_NAMES: Record<string, string> = {
  '/menu/menu1': `${venue.barName} menu`,
  '/menu/menu2': `${venue.hotelName} cafe menu`,
}

/** Every route a visitor can open, in the order wouter tries them. Staff screens are in App.tsx. */
export const PUBLIC_ROUTES: readonly PublicRoute[] = [
  { path: '/', page: eagerPage('features/home/Home.tsx', Home), prerender: true, name: 'Home' },
  { path: '/about', page: lazyPage('features/about/About.tsx', () => import('../features/about/About')), prerender: true, name: 'About us' },
  {
    path: '/eat',
    page: lazyPage('features/eat/Eat.tsx', () => import('../features/eat/Eat')),
    prerender: true,
    name: 'Eat',
    loadData: fetchAhead(() => galleryStore('cafe')),
  },
  {
    path: '/drink',
    page: lazyPage('features/drink/Drink.tsx', () => import('../features/drink/Drink')),
    prerender: true,
    name: 'Drink',
    loadData: fetchAhead(() => galleryStore('stables')),
  },
  {
    path: '/stay',
    page: lazyPage('features/stay/Stay.tsx', () => import('../features/stay/Stay')),
    prerender: true,
    name: 'Stay',
    loadData: fetchAhead(() => galleryStore('rooms')),
  },
  {
    path: '/events',
    page: lazyPage('features/events/Events.tsx', () => import('../features/events/Events')),
    prerender: true,
    name: 'Events',
    loadData: fetchAhead(
      () => galleryStore('events'),
      () => useEvents,
    ),
  },
  {
    path: '/around',
    page: lazyPage('features/attractions/Around.tsx', () => import('../features/attractions/Around')),
    prerender: true,
    name: 'Things to do nearby',
    loadData: fetchAhead(() => useAttractions),
  },
  { path: '/contact', page: lazyPage('features/contact/Contact.tsx', () => import('../features/contact/Contact')), prerender: true, name: 'Contact' },
  {
    path: '/menu/:menuId',
    page: lazyPage('features/menus/Menu.tsx', () => import('../features/menus/Menu')),
    prerender: true,
    name: (path) => MENU_PAGE_NAMES[path] ?? 'Menu not found',
  },
  { path: '/login', page: lazyPage('features/login/Login.tsx', () => import('../features/login/Login')), prerender: false, name: 'Staff login' },
]

/** The route the app shows at `path`, matched as wouter's Switch matches (wouter parses patterns with regexparam). */
export function routeAt(path: string): PublicRoute | undefined {
  return PUBLIC_ROUTES.find((route) => matchRoute(parse, route.path, path)[0])
}

/** The home page's title: the whole venue. */
export const HOME_TITLE = `${venue.hotelName} & ${venue.barName}`

/**
 * The document title at `path`: "Events — Larkdale Hotel" for a public page, "Manage Events — Staff"
 * for a staff screen (its label from the shared staff route list), the venue's name at home.
 */
export function pageTitle(path: string): string {
  const staff = STAFF_ROUTES.find((route) => route.path === path)
  if (staff) return `${staff.label} — Staff`
  if (path === '/') return HOME_TITLE
  const route = routeAt(path)
  const name = route ? (typeof route.name === 'function' ? route.name(path) : route.name) : 'Page not found'
  return `${name} — ${venue.hotelName}`
}
