/**
 * Pre-rendered pages in real Chromium against the real server (build first: npm run build). Without
 * JavaScript every public page shows its h1 and its hero photo; with JavaScript it hydrates without a
 * mismatch, fetches none of the data it brought embedded (#initial-data), and nothing on screen moves
 * when the data (opening times, galleries, events) arrives.
 * The server answers each page's own HTML with and without a trailing slash, the app shell for
 * client-side routes and 404 for other paths. Screenshots of /, /eat and /events at phone and desktop sizes go to /tmp/shots.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test'
import { mkdirSync } from 'node:fs'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { DESKTOP, launchBrowser, PHONE, startServer, type RunningServer } from './harness'
import { pooled } from './parallel-pages'

const SHOTS = '/tmp/shots'
let server: RunningServer
let browser: Browser
let venue: { hotelName: string; barName: string }
const contexts = new Set<BrowserContext>()

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  server = await startServer()
  browser = await launchBrowser()
  venue = (await (await server.api('/api/venue')).json()) as typeof venue
})
afterEach(async () => {
  for (const context of contexts) await context.close().catch(() => undefined)
  contexts.clear()
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

interface PublicPage {
  path: string
  h1: () => string
  /** The hero photo's file name stem, or null for pages with a plain banner. */
  hero: string | null
  /** Shown once the page's data has arrived and been drawn. */
  ready: string[]
  /** Why the page may still grow below the view once the app has started (known, not yet fixed). */
  growsBelowTheView?: string
}

const PAGES: PublicPage[] = [
  { path: '/', h1: () => venue.hotelName, hero: 'hero-home', ready: ['.home__status .open-status + .open-status', '.gallery__img.is-loaded'] },
  { path: '/about', h1: () => 'About us', hero: 'hero-drink', ready: ['footer'] },
  { path: '/eat', h1: () => 'The Cafe', hero: 'hero-eat', ready: ['.gallery__img.is-loaded'] },
  { path: '/drink', h1: () => venue.barName, hero: 'hero-drink', ready: ['.gallery__img.is-loaded'] },
  {
    path: '/stay',
    h1: () => 'Stay with us',
    hero: 'hero-stay',
    ready: ['.room-rotator__image.is-visible'],
  },
  { path: '/events', h1: () => "What's on", hero: 'hero-events', ready: ['.event-list .event-card'] },
  { path: '/around', h1: () => 'Around & about', hero: 'hero-around', ready: ['.place-card'] },
  { path: '/contact', h1: () => 'Contact & opening times', hero: 'hero-contact', ready: ['.opening-times__table'] },
  ...(['menu1', 'menu2'] as const).map((menu) => ({
    path: `/menu/${menu}`,
    h1: () => (menu === 'menu1' ? `${venue.barName} menu` : `${venue.hotelName} cafe menu`),
    hero: null,
    ready: ['.menu-text, figure.pdf-page[data-drawn="true"]'],
    growsBelowTheView: 'the PDF drawn as pages on a wide screen is taller than the menu text served',
  })),
]

/** React's hydration complaints: main.tsx's own message, React's words, and its (minified) errors 418-425. */
const HYDRATION_ERROR = /hydrat|did not match|Minified React error #4(18|19|2\d)/i

/** The API path each store's data comes from (web/src/stores: its cache key and fetcher). */
function apiPathOf(storeKey: string): string {
  const [kind, id] = storeKey.split(':')
  const paths: Record<string, string> = {
    'opening-times': '/api/opening-times',
    holidays: '/api/bank-holiday-exceptions',
    events: '/api/events',
    attractions: '/api/around',
    gallery: `/api/gallery/${id}`,
    menu: `/api/get-menu/${id}`,
    notices: '/api/notices',
    venue: '/api/venue',
    page: `/api/pages/${id}`,
  }
  const path = paths[kind!]
  if (!path) throw new Error(`which API path does store "${storeKey}" read? Add it to apiPathOf.`)
  return path
}

interface Visit {
  page: Page
  /** Uncaught errors and console errors or warnings that speak of hydration. */
  problems: string[]
  /** The paths of the API requests the page made. */
  apiRequests: string[]
}

async function visit(viewport: { width: number; height: number }, options: { javaScript?: boolean } = {}): Promise<Visit> {
  // A first visit; the service worker has its own tests (offline.test.ts).
  const context = await browser.newContext({ viewport, serviceWorkers: 'block', javaScriptEnabled: options.javaScript ?? true })
  contexts.add(context)
  // Every layout shift from the first paint on, as Chromium reports them for CLS.
  await context.addInitScript(() => {
    const shifts: { value: number; nodes: string[] }[] = []
    ;(window as unknown as { layoutShifts: typeof shifts }).layoutShifts = shifts
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] })[]) {
        if (entry.hadRecentInput) continue
        const nodes = (entry.sources ?? []).map(({ node }) =>
          node instanceof Element ? `${node.tagName.toLowerCase()}.${[...node.classList].join('.')}` : String(node?.nodeName),
        )
        shifts.push({ value: entry.value, nodes })
      }
    }).observe({ type: 'layout-shift', buffered: true })
    // Where the footer ends as first laid out: what lies below the view must not move either when the app
    // starts (the space a bottom bar such as the cookie notice reserves under the footer is not the page's).
    addEventListener('DOMContentLoaded', () => {
      const footer = document.querySelector('footer')
      ;(window as unknown as { firstHeight: number }).firstHeight = footer ? Math.round(footer.getBoundingClientRect().bottom + scrollY) : -1
    })
  })
  const page = await context.newPage()
  const problems: string[] = []
  const apiRequests: string[] = []
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  page.on('console', (message) => {
    if ((message.type() === 'error' || message.type() === 'warning') && HYDRATION_ERROR.test(message.text()))
      problems.push(`console: ${message.text().slice(0, 400)}`)
  })
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (pathname.startsWith('/api/')) apiRequests.push(pathname)
  })
  return { page, problems, apiRequests }
}

async function heroState(page: Page) {
  return page.locator('.hero__image').evaluate((img: HTMLImageElement) => ({
    complete: img.complete,
    naturalWidth: img.naturalWidth,
    currentSrc: new URL(img.currentSrc || img.src).pathname,
    fetchPriority: img.getAttribute('fetchpriority'),
    loading: img.getAttribute('loading'),
  }))
}

/** Pages whose look after load is kept as screenshots at both sizes, and whose hero a phone's first visit must download small. */
const SHOT_PATHS = ['/', '/eat', '/events']

/** A 390 px phone downloads a small hero: an AVIF at most 1600 px wide (the pages' check without scripts) and under 40 KB. */
async function expectSmallHero(page: Page, path: string): Promise<void> {
  await page.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>('.hero__image')
    return img?.complete && img.naturalWidth > 0
  })
  const hero = await heroState(page)
  expect(hero.currentSrc, path).toMatch(/\.avif$/)
  const bytes = await page.evaluate(
    (src) => (performance.getEntriesByName(new URL(src, location.href).href)[0] as PerformanceResourceTiming | undefined)?.encodedBodySize ?? -1,
    hero.currentSrc,
  )
  expect(bytes, path).toBeGreaterThan(0)
  expect(bytes, path).toBeLessThan(40 * 1024)
}

describe('without JavaScript', () => {
  test('every public page shows its h1 and its hero photo (an AVIF copy at most 1600 px wide)', async () => {
    const { page } = await visit(PHONE, { javaScript: false })
    for (const route of PAGES) {
      const response = await page.goto(`${server.url}${route.path}`)
      expect(response?.status(), route.path).toBe(200)
      const h1 = page.locator('main h1')
      expect(await h1.count(), route.path).toBe(1)
      expect((await h1.textContent())?.trim(), route.path).toBe(route.h1())
      expect(await h1.isVisible(), route.path).toBe(true)
      if (!route.hero) continue
      await page.waitForFunction(() => document.querySelector<HTMLImageElement>('.hero__image')?.complete)
      const hero = await heroState(page)
      expect(hero.naturalWidth, route.path).toBeGreaterThan(0)
      // An upright phone gets the photo's middle cut (hero-home-tall-…, hero-eat-portrait-…; see staticImages.ts).
      expect(hero.currentSrc, route.path).toMatch(new RegExp(`^/images/${route.hero}(?:-portrait|-tall)?-(\\d+)\\.avif$`))
      expect({ fetchPriority: hero.fetchPriority, loading: hero.loading }).toEqual({ fetchPriority: 'high', loading: 'eager' })
      // Drawn 844 px tall at most (the home hero fills the screen): a 16:10 photo needs at most 1350 px of width.
      const width = Number(/-(\d+)\.avif$/.exec(hero.currentSrc)![1])
      expect(width, route.path).toBeLessThanOrEqual(1600)
    }
  }, 120_000)

  test('no page runs an animation while read without scripts (a hidden one is not the compositor’s: style work frame after frame)', async () => {
    const { page } = await visit(PHONE, { javaScript: false })
    const cdp = await page.context().newCDPSession(page)
    const running: string[] = []
    cdp.on('Animation.animationStarted', ({ animation }) => {
      // A zero-length step at a delay (the splash's fail-safe) costs one style change, not a frame each.
      if ((animation.source?.duration ?? 0) > 0) running.push(`${new URL(page.url()).pathname}: ${animation.type} ${animation.name}`)
    })
    await cdp.send('Animation.enable')
    for (const route of PAGES) {
      await page.goto(`${server.url}${route.path}`)
      // A screenshot waits for a frame to be drawn: by then every animation of the loaded page has started.
      await page.screenshot()
    }
    expect(running).toEqual([])
  }, 60_000)
})

describe('with JavaScript', () => {
  for (const [label, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    test(`${label}: every page hydrates without a mismatch, fetches nothing it brought, and nothing moves when the data arrives; screenshots of /, /eat and /events after load${label === 'phone' ? ', whose heroes a phone downloads small (an AVIF at most 1600 px wide and under 40 KB)' : ''}`, async () => {
      // Each page in a fresh context; a few side by side (most of each visit is waiting).
      await pooled(PAGES, async (route) => {
        const { page, problems, apiRequests } = await visit(viewport)
        await page.goto(`${server.url}${route.path}`)
        const embedded = await page.evaluate(
          () => JSON.parse(document.getElementById('initial-data')?.textContent ?? 'null') as { stores: Record<string, unknown> } | null,
        )
        expect(embedded, `${route.path} carries its data`).not.toBeNull()
        const keys = Object.keys(embedded!.stores)
        if (route.path !== '/about') expect(keys.length, `${route.path} embeds the data it shows`).toBeGreaterThan(0)
        for (const selector of route.ready) {
          try {
            await page.locator(selector).first().waitFor({ timeout: 20_000 })
          } catch (error) {
            throw new Error(`${route.path} (${label}): "${selector}" never showed. Problems: ${problems.join('\n')}`, { cause: error })
          }
        }
        // Pictures settle, timers of the first second run, the splash fades (it never takes layout: gone
        // 4 s after the load began), and the idle-time saving of every page's data has run (idle callbacks
        // run in the order asked for: one asked for now runs after the app's).
        await page.waitForLoadState('networkidle')
        await page.waitForSelector('[data-testid="splash"]', { state: 'detached', timeout: 20_000 })
        await page.evaluate(() => new Promise((done) => requestIdleCallback(done)))
        const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: { value: number; nodes: string[] }[] }).layoutShifts)
        const total = shifts.reduce((sum, shift) => sum + shift.value, 0)
        expect(problems, `${route.path} (${label})`).toEqual([])
        if (total > 0.01) throw new Error(`${route.path} (${label}): layout shift ${total.toFixed(4)}: ${JSON.stringify(shifts)}`)
        const heights = await page.evaluate(() => [
          (window as unknown as { firstHeight: number }).firstHeight,
          Math.round(document.querySelector('footer')!.getBoundingClientRect().bottom + scrollY),
        ])
        if (!route.growsBelowTheView) expect(heights[1], `${route.path} (${label}): where the page ends once the app has started, as served`).toBe(heights[0]!)
        // Gallery photos the server sent may load before hydration: they show all the same (no load event missed).
        await page.waitForFunction(
          () => [...document.querySelectorAll<HTMLImageElement>('img.gallery__img')].every((img) => !img.complete || img.classList.contains('is-loaded')),
          undefined,
          { timeout: 10_000 },
        )
        const refetched = keys.map(apiPathOf).filter((path) => apiRequests.includes(path))
        expect(refetched, `${route.path}: fetched again although embedded (requests: ${apiRequests.join(', ')})`).toEqual([])
        expect((await page.locator('main h1').textContent())?.trim(), route.path).toBe(route.h1())
        if (SHOT_PATHS.includes(route.path)) {
          if (viewport === PHONE) await expectSmallHero(page, route.path)
          const name = route.path === '/' ? 'home' : route.path.slice(1)
          await page.screenshot({ path: `${SHOTS}/prerender-${name}-${label}.png` })
        }
        await page.context().close()
      })
    }, 240_000)
  }

  test('moving between pages in the app loads each page’s chunk and shows it', async () => {
    const { page, problems } = await visit(DESKTOP)
    await page.goto(`${server.url}/`)
    await page.locator('.open-status').first().waitFor()
    for (const [link, h1] of [
      ['Eat', 'The Cafe'],
      ['Events', "What's on"],
      ['Contact', 'Contact & opening times'],
    ] as const) {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link, exact: true }).click()
      await page.locator('main h1', { hasText: h1 }).waitFor({ timeout: 10_000 })
    }
    await page.goBack()
    await page.locator('main h1', { hasText: "What's on" }).waitFor({ timeout: 10_000 })
    expect(problems).toEqual([])
  }, 60_000)
})

describe('serving', () => {
  test('each page’s own HTML, with or without a trailing slash, revalidated with an ETag', async () => {
    for (const route of PAGES) {
      for (const path of route.path === '/' ? ['/'] : [route.path, `${route.path}/`]) {
        const res = await server.api(path)
        expect(res.status, path).toBe(200)
        expect(res.headers.get('content-type'), path).toContain('text/html')
        expect(res.headers.get('cache-control'), path).toBe('no-cache')
        const html = await res.text()
        expect(html, path).toMatch(/<div id="root" data-page="\w+"><a class="skip-link"/)
        expect(html, path).toContain('<h1')
        const etag = res.headers.get('etag')!
        expect((await server.api(path, { headers: { 'if-none-match': etag } })).status, path).toBe(304)
      }
    }
  })

  test('client-side routes get the empty app shell, other paths 404; API and file URLs never get HTML', async () => {
    for (const path of ['/admin', '/login', '/manageEvent']) {
      const res = await server.api(path)
      expect(res.status, path).toBe(200)
      expect(res.headers.get('cache-control'), path).toBe('no-cache')
      expect(await res.text(), path).toContain('<div id="root"></div>')
    }
    // No soft 404s (search engines would index them as pages): the built not-found pages, with status 404.
    for (const path of ['/no/such/page', '/menu/menu9']) expect((await server.api(path)).status, path).toBe(404)
    expect((await server.api('/api/nothing-here')).headers.get('content-type')).toContain('application/json')
    expect((await server.api('/files/0123456789abcdef0123456789abcdef.jpg')).status).toBe(404)
  })
})
