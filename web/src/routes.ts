/**
 * Every public page, registered with the shell (shell/publicRoutes.ts): the composition root names the
 * features, so the shell never has to. App.tsx, main.tsx and entry-server.tsx import the list from here,
 * which registers it before any path is looked up. A page's first argument is its file under web/src,
 * which the build reads to preload the page's chunks (web/build/prerender.ts).
 */
import { useAttractions } from './features/attractions/store'
import { useEvents } from './features/events/store'
import { galleryStore } from './features/galleries'
import { Home, HomeBelowTheFold } from './features/home/Home'
import { pageContentStore } from './features/pages'
import { eagerPage, fetchAhead, lazyPage, menuPageNames, registerPublicRoutes, type PublicRoute } from './shell/publicRoutes'

/** Every route a visitor can open, in the order wouter tries them. Staff screens are in App.tsx. */
export const PUBLIC_ROUTES: readonly PublicRoute[] = [
  {
    path: '/',
    page: eagerPage('features/home/Home.tsx', Home, HomeBelowTheFold.load),
    prerender: true,
    name: 'Home',
    loadData: fetchAhead(() => pageContentStore('home')),
  },
  {
    path: '/about',
    page: lazyPage('features/about/About.tsx', () => import('./features/about/About')),
    prerender: true,
    name: 'About us',
    loadData: fetchAhead(() => pageContentStore('about')),
  },
  {
    path: '/eat',
    page: lazyPage('features/eat/Eat.tsx', () => import('./features/eat/Eat')),
    prerender: true,
    name: 'Eat',
    loadData: fetchAhead(
      () => galleryStore('cafe'),
      () => pageContentStore('eat'),
    ),
  },
  {
    path: '/drink',
    page: lazyPage('features/drink/Drink.tsx', () => import('./features/drink/Drink')),
    prerender: true,
    name: 'Drink',
    loadData: fetchAhead(
      () => galleryStore('stables'),
      () => pageContentStore('drink'),
    ),
  },
  {
    path: '/stay',
    page: lazyPage('features/stay/Stay.tsx', () => import('./features/stay/Stay')),
    prerender: true,
    name: 'Stay',
    loadData: fetchAhead(
      () => galleryStore('rooms'),
      () => pageContentStore('stay'),
    ),
  },
  {
    path: '/events',
    page: lazyPage('features/events/Events.tsx', () => import('./features/events/Events')),
    prerender: true,
    name: 'Events',
    loadData: fetchAhead(
      () => galleryStore('events'),
      () => useEvents,
      () => pageContentStore('events'),
    ),
  },
  {
    path: '/around',
    page: lazyPage('features/attractions/Around.tsx', () => import('./features/attractions/Around')),
    prerender: true,
    name: 'Things to do nearby',
    loadData: fetchAhead(
      () => useAttractions,
      () => pageContentStore('around'),
    ),
  },
  {
    path: '/contact',
    page: lazyPage('features/contact/Contact.tsx', () => import('./features/contact/Contact')),
    prerender: true,
    name: 'Contact',
    loadData: fetchAhead(() => pageContentStore('contact')),
  },
  {
    path: '/menu/:menuId',
    page: lazyPage('features/menus/Menu.tsx', () => import('./features/menus/Menu')),
    prerender: true,
    name: (path, venue) => menuPageNames(venue)[path] ?? 'Menu not found',
  },
  { path: '/login', page: lazyPage('features/login/Login.tsx', () => import('./features/login/Login')), prerender: false, name: 'Staff login' },
]

registerPublicRoutes(PUBLIC_ROUTES)
