/// <reference lib="webworker" />
/**
 * The service worker: every pre-rendered page and the app shell are precached so every route opens
 * without a connection; uploaded images, the shipped pictures' copies, menu PDFs and the menu viewer
 * are kept once fetched. API replies pass straight through (the page keeps its data in IndexedDB).
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import { cacheNames, clientsClaim, type WorkboxPlugin } from 'workbox-core'
import { ExpirationPlugin } from 'workbox-expiration'
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { CacheFirst } from 'workbox-strategies'
import { SEARCH_FILES } from '../../../api/src/shared/site-routes'
import { UPLOADED_PICTURE_PATH } from '../../../api/src/shared/rules/picture-paths'
import { OFFLINE_COPY_EXTENSION } from './offlineCopy'
import { routeServedPages } from './swPages'

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> }

/** Where earlier versions kept API replies; emptied on activation. */
const RETIRED_API_CACHE = 'api-v1'

export const CACHE_NAMES = {
  images: 'images-v1',
  staticImages: 'static-images-v1',
  menus: 'menus-v1',
  pdfViewer: 'pdf-viewer-v1',
  staffScreens: 'staff-screens-v1',
} as const

// A page opened before opens from its last served copy (swPages.ts); the built copy below is the fallback.
routeServedPages()
// Pre-rendered pages are precached as /eat/index.html (web/build/prerender.ts): /eat and /eat/ open it.
// The web app manifest is the server's (the venue's current names and logo): a precached copy, answered
// first, would keep the names of the day of the build. vite-plugin-pwa adds it to the list after the build's transforms.
const precached = self.__WB_MANIFEST.filter((entry) => (typeof entry === 'string' ? entry : entry.url) !== 'manifest.webmanifest')
precacheAndRoute(precached, {
  urlManipulation: ({ url }) => [new URL(`${url.pathname.replace(/\/+$/, '')}/index.html`, url)],
})
cleanupOutdatedCaches()
// The first install takes charge of the open page at once, so the pictures and files it loads are kept
// for offline use from the very first visit. Later versions still wait for the visitor's "Reload".
clientsClaim()

// Every other client-side route gets the app shell (an unknown path shows the not-found page in it);
// API and file URLs and the crawlers' files never do.
const crawlerFiles = SEARCH_FILES.map((path) => new RegExp(`^${path.replaceAll('.', '\\.')}$`))
registerRoute(new NavigationRoute(createHandlerBoundToURL('/app-shell.html'), { denylist: [/^\/api(\/|$)/, /^\/files(\/|$)/, ...crawlerFiles] }))

const onlySuccess = () => new CacheableResponsePlugin({ statuses: [200] })

/**
 * Offline, a picture whose chosen size was never saved shows another saved copy of the same picture
 * (any size or format, or the original): all share the content hash in their names.
 */
const sameImageFallback: WorkboxPlugin = {
  async handlerDidError({ request }) {
    const hash = /^\/files\/([a-f0-9]+)/.exec(new URL(request.url).pathname)?.[1]
    if (!hash) return undefined
    const cache = await caches.open(CACHE_NAMES.images)
    const prefix = `${self.location.origin}/files/${hash}`
    const copies = (await cache.keys()).filter((key) => key.url.startsWith(prefix))
    return copies.length ? cache.match(copies[0]!) : undefined
  },
}

const images = new CacheFirst({
  cacheName: CACHE_NAMES.images,
  plugins: [onlySuccess(), new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 60 * 24 * 60 * 60, purgeOnQuotaError: true }), sameImageFallback],
})

// API replies are never kept here: the page saves each one in IndexedDB with the time it was fetched
// (web/src/stores/resource.ts), so it always knows whether it shows a fresh reply or a saved copy. A
// reply kept here too would come back, after a timeout, looking like a fresh one.
self.addEventListener('activate', (event) => event.waitUntil(caches.delete(RETIRED_API_CACHE)))

registerRoute(({ url, sameOrigin }) => sameOrigin && UPLOADED_PICTURE_PATH.test(url.pathname), images)

/** The shipped pictures (web/public/images) and their AVIF/WebP copies (web/build/static-images.ts): /images/hero-eat-1024.avif, /images/hero-eat-portrait-640.webp (the cuts for upright phones). */
const STATIC_PICTURE = /^\/images\/([\w-]+?)(?:(?:-portrait|-tall)?-\d+\.(?:avif|webp)|\.(?:jpe?g|png))$/

/**
 * The one small copy of a shipped picture the precache holds (its narrowest WebP, see
 * precacheOneCopyPerPicture in web/build/static-images.ts), whatever its width.
 */
async function precachedCopyOf(name: string): Promise<Response | undefined> {
  const copy = new RegExp(`^${self.location.origin}/images/${name}-\\d+\\.${OFFLINE_COPY_EXTENSION}(\\?|$)`)
  const cache = await caches.open(cacheNames.precache)
  const key = (await cache.keys()).find((request) => copy.test(request.url))
  return key ? cache.match(key) : undefined
}

// Kept once seen, and dropped when a new version takes over (the pictures may have changed with it). A size
// or format never seen is not there offline: the precached small copy stands in (browsers read the
// picture's bytes, not its name).
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && STATIC_PICTURE.test(url.pathname),
  new CacheFirst({
    cacheName: CACHE_NAMES.staticImages,
    plugins: [
      onlySuccess(),
      {
        async handlerDidError({ request }) {
          const name = STATIC_PICTURE.exec(new URL(request.url).pathname)?.[1]
          return name ? precachedCopyOf(name) : undefined
        },
      },
    ],
  }),
)
self.addEventListener('activate', (event) => event.waitUntil(caches.delete(CACHE_NAMES.staticImages)))

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && /^\/files\/[a-f0-9]+\.pdf$/.test(url.pathname),
  new CacheFirst({ cacheName: CACHE_NAMES.menus, plugins: [onlySuccess(), new ExpirationPlugin({ maxEntries: 12, purgeOnQuotaError: true })] }),
)

// The menu viewer (pdf.js and its worker) is kept once a menu has been opened, so menus draw offline.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && /^\/assets\/pdf(\.worker\.min)?-[\w-]+\.m?js$/.test(url.pathname),
  new CacheFirst({ cacheName: CACHE_NAMES.pdfViewer, plugins: [onlySuccess(), new ExpirationPlugin({ maxEntries: 6, purgeOnQuotaError: true })] }),
)

// The staff screens' code (not precached: visitors never need it) is kept once a staff member has opened
// one online, so the staff screens open offline afterwards. Hashed names: a kept copy is never stale.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && /^\/assets\/AdminRoutes-[\w-]+\.(js|css)$/.test(url.pathname),
  new CacheFirst({ cacheName: CACHE_NAMES.staffScreens, plugins: [onlySuccess(), new ExpirationPlugin({ maxEntries: 8, purgeOnQuotaError: true })] }),
)

// The page that installed this worker loaded its pictures, (on a menu page) pdf.js and (on a staff
// screen) the staff code before the worker was in charge; it then sends those URLs in a CACHE_URLS message (registerServiceWorker.ts).
// Workbox's router answers that message itself: each URL goes through the routes above and is saved,
// so an offline visit after that very first page view finds everything it showed.

self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting()
})

// Where Background Sync exists (Chromium), wake open pages to send what waits on the device.
self.addEventListener('sync', (event) => {
  const syncEvent = event as Event & { tag: string; waitUntil(p: Promise<unknown>): void }
  if (syncEvent.tag !== 'outbox') return
  syncEvent.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((clients) => {
      for (const client of clients) client.postMessage({ type: 'REPLAY_OUTBOX' })
    }),
  )
})
