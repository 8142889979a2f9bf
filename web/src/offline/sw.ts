/// <reference lib="webworker" />
/**
 * The service worker: the app shell is precached so every route opens without a connection; public
 * API replies are network-first with a short timeout, falling back to the last saved reply; uploaded
 * images and menu PDFs are kept once seen.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import { clientsClaim } from 'workbox-core'
import { ExpirationPlugin } from 'workbox-expiration'
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { CacheFirst, NetworkFirst } from 'workbox-strategies'

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> }

export const CACHE_NAMES = { api: 'api-v1', images: 'images-v1', menus: 'menus-v1', pdfViewer: 'pdf-viewer-v1' } as const

precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()
// The first install takes charge of the open page at once, so the data it loads is saved for offline
// use from the very first visit. Later versions still wait for the visitor's "Reload".
clientsClaim()

// Client-side routes get the app shell; API and file URLs never do.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /^\/files\//] }))

const onlySuccess = new CacheableResponsePlugin({ statuses: [200] })

// Public API reads: fresh when the network answers within 3 s, otherwise the last saved reply.
// Staff calls (with a token) are never cached.
registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin && request.method === 'GET' && url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/admin/') && !request.headers.has('authorization'),
  new NetworkFirst({ cacheName: CACHE_NAMES.api, networkTimeoutSeconds: 3, plugins: [onlySuccess] }),
)

// Uploaded images have content-addressed names, so a cached copy is never stale.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && /^\/files\/[a-f0-9]+(-\d+)?\.(jpg|png|gif|webp|avif)$/.test(url.pathname),
  new CacheFirst({
    cacheName: CACHE_NAMES.images,
    plugins: [onlySuccess, new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 60 * 24 * 60 * 60, purgeOnQuotaError: true })],
  }),
)

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && /^\/files\/[a-f0-9]+\.pdf$/.test(url.pathname),
  new CacheFirst({
    cacheName: CACHE_NAMES.menus,
    plugins: [onlySuccess, new ExpirationPlugin({ maxEntries: 12, purgeOnQuotaError: true })],
  }),
)

// The menu viewer (pdf.js and its worker) is kept once a menu has been opened, so menus draw offline.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && /^\/assets\/pdf(\.worker\.min)?-[\w-]+\.m?js$/.test(url.pathname),
  new CacheFirst({ cacheName: CACHE_NAMES.pdfViewer, plugins: [onlySuccess, new ExpirationPlugin({ maxEntries: 6, purgeOnQuotaError: true })] }),
)

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
