/**
 * Section 2: a first and a repeat visit of `/` in Chromium at phone size, counting what came over the
 * network from our origin: the page's own requests, and those the service worker made (its precache,
 * the pictures it saves ahead, its API refreshes).
 */
import { chromium, type Request } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH, PHONE } from '../../web/e2e/harness'
import { tempDir } from './processes'

export interface Traffic {
  /** Same-origin requests, wherever they were answered from. */
  requests: number
  /** Those that reached the network (the HTTP cache and the service worker answered the rest). */
  networkRequests: number
  /** Bytes received from the network for them, headers included (what DevTools calls "transferred"). */
  networkBytes: number
  /** Requests of the page the service worker answered. */
  servedByServiceWorker: number
  /** What reached the network, by path: where the bytes went. */
  network: Array<{ path: string; bytes: number }>
}

export interface BrowserFigures {
  firstVisit: { page: Traffic; serviceWorker: Traffic; total: Traffic }
  repeatVisit: { page: Traffic; serviceWorker: Traffic; total: Traffic }
  serviceWorkerActivated: boolean
  /** Requests to other origins (maps, booking widget), not counted above; they fail without internet. */
  thirdPartyRequests: number
}

interface Entry {
  visit: 'first' | 'repeat'
  path: string
  bySw: boolean
  fromSw: boolean
  bytes: number
}

function sum(entries: Entry[]): Traffic {
  const network = entries.filter((e) => !e.fromSw && e.bytes > 0)
  return {
    requests: entries.length,
    networkRequests: network.length,
    networkBytes: network.reduce((n, e) => n + e.bytes, 0),
    servedByServiceWorker: entries.filter((e) => e.fromSw).length,
    network: network.map((e) => ({ path: e.path, bytes: e.bytes })),
  }
}

export async function measureVisits(origin: string): Promise<BrowserFigures> {
  // A persistent profile: Chromium only runs service workers in one.
  const context = await chromium.launchPersistentContext(tempDir('chromium'), { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, viewport: PHONE })
  try {
    let visit: Entry['visit'] = 'first'
    const visitOf = new WeakMap<Request, Entry['visit']>()
    const entries: Promise<Entry>[] = []
    let inFlight = 0
    let lastActivity = performance.now()
    let thirdPartyRequests = 0
    const sameOrigin = (request: Request) => request.url().startsWith(`${origin}/`)

    context.on('request', (request) => {
      if (!sameOrigin(request)) {
        thirdPartyRequests++
        return
      }
      visitOf.set(request, visit)
      inFlight++
      lastActivity = performance.now()
    })
    const settle = (request: Request, finished: boolean) => {
      if (!sameOrigin(request)) return
      inFlight--
      lastActivity = performance.now()
      const tagged = visitOf.get(request) ?? visit
      entries.push(
        (async () => {
          const response = finished ? await request.response() : null
          // Playwright reports Chromium's encodedDataLength split into headers and body; 0 (or less) when a cache answered.
          const sizes = finished ? await request.sizes().catch(() => undefined) : undefined
          const bytes = sizes ? Math.max(0, sizes.responseHeadersSize + sizes.responseBodySize) : 0
          const path = request.url().slice(origin.length)
          return { visit: tagged, path, bySw: request.serviceWorker() !== null, fromSw: response?.fromServiceWorker() ?? false, bytes }
        })(),
      )
    }
    context.on('requestfinished', (request) => settle(request, true))
    context.on('requestfailed', (request) => settle(request, false))

    /**
     * The network is quiet: nothing of ours in flight for 3 s (or 60 s have passed). Long enough for the
     * saving for offline that the page defers until it is idle to start and be counted.
     */
    const quiet = async () => {
      const deadline = performance.now() + 60_000
      while (performance.now() < deadline && (inFlight > 0 || performance.now() - lastActivity < 3000)) await Bun.sleep(100)
    }

    const page = context.pages()[0] ?? (await context.newPage())
    await page.goto(`${origin}/`, { waitUntil: 'load' })
    const serviceWorkerActivated = await page
      // Runs in the page; typed by hand, as the bench's type check has no DOM library.
      .waitForFunction(
        () => (navigator as { serviceWorker?: { controller: { state: string } | null } }).serviceWorker?.controller?.state === 'activated',
        undefined,
        { timeout: 30_000 },
      )
      .then(() => true)
      .catch(() => false)
    await quiet()

    visit = 'repeat'
    await page.reload({ waitUntil: 'load' })
    await quiet()

    const all = await Promise.all(entries)
    const figures = (which: Entry['visit']) => {
      const of = all.filter((e) => e.visit === which)
      return { page: sum(of.filter((e) => !e.bySw)), serviceWorker: sum(of.filter((e) => e.bySw)), total: sum(of) }
    }
    return { firstVisit: figures('first'), repeatVisit: figures('repeat'), serviceWorkerActivated, thirdPartyRequests }
  } finally {
    await context.close()
  }
}
