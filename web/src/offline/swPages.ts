/// <reference lib="webworker" />
/**
 * The public pages, network first. The precache holds each page as it was built, with the words,
 * names and phone number of build time: a returning visitor shown that copy first would see an old
 * phone number or bar name until the page's data came. So a page comes from the server when it
 * answers within a moment (the server renders it with the current data), and each page served is
 * kept; offline, with the server gone, or with a signal that does not answer in time, the last served
 * copy opens at once, else the built one — and the server's copy, when it comes, is kept for next time.
 */
import type { WorkboxPlugin } from 'workbox-core'
import { getCacheKeyForURL, matchPrecache } from 'workbox-precaching'
import { registerRoute } from 'workbox-routing'
import { NetworkFirst } from 'workbox-strategies'
import { SERVED_PAGES_CACHE } from './offlineCopy'
import { PAGE_DATA_ID, SAVED_COPY_ATTRIBUTE } from '../stores/pageDataIds'

declare const self: ServiceWorkerGlobalScope

/** How long a page waits for the server before a kept copy is shown instead (a weak signal must not hold the visitor up for long). */
const SERVER_WAIT_SECONDS = 1

const builtCopyOf = (url: URL) => `${url.pathname.replace(/\/+$/, '')}/index.html`
/** One copy per page, whatever its query string or trailing slash. */
const keyOf = (url: URL) => new URL(url.pathname.replace(/\/+$/, '') || '/', url.origin).href

/**
 * A copy from an earlier visit, marked as such on its data script, so the page labels what it shows
 * with the time it was rendered rather than as news from the venue (stores/pageData.ts).
 */
async function markedAsSavedCopy(response: Response): Promise<Response> {
  const html = (await response.text()).replace(`id="${PAGE_DATA_ID}">`, `id="${PAGE_DATA_ID}" ${SAVED_COPY_ATTRIBUTE}>`)
  const headers = new Headers(response.headers)
  for (const name of ['content-encoding', 'content-length', 'etag']) headers.delete(name)
  return new Response(html, { status: response.status, statusText: response.statusText, headers })
}

/** What is kept of the server's answers: whole HTML pages. */
const isPage = (response: Response) => response.status === 200 && !!response.headers.get('content-type')?.startsWith('text/html')

/** The copy of a served page kept for next time; `settled` ends the worker's claim on its lifetime (below). */
function keepServedCopy(request: Request, response: Response, settled: (done?: Promise<unknown>) => void): void {
  if (!isPage(response)) {
    settled()
    return
  }
  const copy = response.clone()
  // Kept as it streams in: the visitor does not wait for that.
  settled(
    caches.open(SERVED_PAGES_CACHE).then(
      (cache) => cache.put(keyOf(new URL(request.url)), copy),
      () => undefined,
    ),
  )
}

/**
 * NetworkFirst's additions for these pages:
 * - An answer that is not OK (a 5xx from a proxy, a redirect) counts as none, so a kept copy shows instead
 *   (Workbox would pass it on as it is): fetchDidSucceed turns it into a failed fetch.
 * - The server's copy is saved here, not by Workbox: Workbox stops keeping the worker alive once it has
 *   answered, so a copy that came after the wait could be lost with the worker. The lifetime is claimed
 *   at the start (handlerWillStart: an event's lifetime cannot be extended once it has run out) and held
 *   until the copy is saved.
 * - With no served copy kept, the built one answers (cachedResponseWillBeUsed): at the end of the wait as
 *   when the network fails. handlerDidError could not do this: the wait's end only reads the cache.
 */
function servedPagesPlugin(): WorkboxPlugin {
  return {
    handlerWillStart: async ({ event, state }) => {
      event.waitUntil(new Promise<void>((resolve) => Object.assign(state!, { settled: resolve })))
    },
    fetchDidSucceed: async ({ request, response, state }) => {
      const settled = state!.settled as (done?: Promise<unknown>) => void
      if (!response.ok) {
        settled()
        throw new Error(`The server answered ${response.status}`)
      }
      keepServedCopy(request, response, settled)
      return response
    },
    fetchDidFail: async ({ state }) => (state!.settled as () => void)(),
    cacheWillUpdate: async () => null,
    cacheKeyWillBeUsed: async ({ request }) => keyOf(new URL(request.url)),
    cachedResponseWillBeUsed: async ({ cachedResponse, request }) =>
      cachedResponse ? markedAsSavedCopy(cachedResponse) : matchPrecache(builtCopyOf(new URL(request.url))),
  }
}

/** Registered before the precache's own route, so it answers the pre-rendered pages' navigations. */
export function routeServedPages(): void {
  registerRoute(
    ({ request, url, sameOrigin }) => sameOrigin && request.mode === 'navigate' && getCacheKeyForURL(builtCopyOf(url)) !== undefined,
    new NetworkFirst({ cacheName: SERVED_PAGES_CACHE, networkTimeoutSeconds: SERVER_WAIT_SECONDS, plugins: [servedPagesPlugin()] }),
  )
  // Emptied when a new version takes over: a page served before it names the old version's code.
  self.addEventListener('activate', (event) => event.waitUntil(caches.delete(SERVED_PAGES_CACHE)))
}
