/// <reference lib="webworker" />
/**
 * The public pages, network first. The precache holds each page as it was built, with the words,
 * names and phone number of build time: a returning visitor shown that copy first would see an old
 * phone number or bar name until the page's data came. So a page comes from the server when it
 * answers within a moment (the server renders it with the current data), and each page served is
 * kept; offline, with the server gone, or with a signal that does not answer in time, the last served
 * copy opens at once, else the built one — and the server's copy, when it comes, is kept for next time.
 */
import { getCacheKeyForURL, matchPrecache } from 'workbox-precaching'
import { registerRoute } from 'workbox-routing'
import { SERVED_PAGES_CACHE } from './offlineCopy'
import { PAGE_DATA_ID, SAVED_COPY_ATTRIBUTE } from '../stores/pageDataIds'

declare const self: ServiceWorkerGlobalScope

// Emptied when a new version takes over: a page served before it names the old version's code.

/** How long a page waits for the server before a kept copy is shown instead (a weak signal must not hold the visitor up for long). */
const SERVER_WAIT_MS = 1000

const builtCopyOf = (url: URL) => `${url.pathname.replace(/\/+$/, '')}/index.html`
/** One copy per page, whatever its query string or trailing slash. */
const keyOf = (url: URL) => new URL(url.pathname.replace(/\/+$/, '') || '/', url.origin).href

/** The page from the server; a whole HTML page is kept as it streams in (the visitor does not wait for that). */
async function fromServer(event: ExtendableEvent, request: Request, key: string): Promise<Response> {
  const response = await fetch(request)
  if (response.status === 200 && response.headers.get('content-type')?.startsWith('text/html')) {
    const copy = response.clone()
    event.waitUntil(caches.open(SERVED_PAGES_CACHE).then((cache) => cache.put(key, copy)))
  }
  return response
}

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

const after = (ms: number) => new Promise<undefined>((resolve) => setTimeout(resolve, ms, undefined))

/** Registered before the precache's own route, so it answers the pre-rendered pages' navigations. */
export function routeServedPages(): void {
  registerRoute(
    ({ request, url, sameOrigin }) => sameOrigin && request.mode === 'navigate' && getCacheKeyForURL(builtCopyOf(url)) !== undefined,
    async ({ request, url, event }) => {
      const fresh = fromServer(event as ExtendableEvent, request, keyOf(url))
      const first = await Promise.race([fresh.catch(() => undefined), after(SERVER_WAIT_MS)])
      if (first?.ok) return first
      event.waitUntil(fresh.catch(() => undefined))
      const served = await caches.open(SERVED_PAGES_CACHE).then((cache) => cache.match(keyOf(url)))
      if (served) return markedAsSavedCopy(served)
      return (await matchPrecache(builtCopyOf(url))) ?? first ?? fresh
    },
  )
  self.addEventListener('activate', (event) => event.waitUntil(caches.delete(SERVED_PAGES_CACHE)))
}
