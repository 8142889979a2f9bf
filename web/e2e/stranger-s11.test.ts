/**
 * Stranger pass s11 (build first: npm run build): a page whose code cannot come (refused, hanging, the
 * server gone) met by keyboard and Back/Forward; first paint held for the footer (rel=expect) with and
 * without JavaScript and with HTML that arrives slowly; odd requests for pages from a hostile client.
 */
import { describe, expect, test } from 'bun:test'
import type { Page, Route } from 'playwright-core'
import { DESKTOP, PHONE, useServerAndBrowser } from './harness'
import { contextsOf, keyboardTo, settled } from './a11y-helpers'
import { splitHtmlProxy } from './split-html-proxy'

const suite = useServerAndBrowser()
const visit = contextsOf(suite)
const EVENTS_CHUNK = /\/assets\/Events-[^/]*\.js$/

/** Focus and announcement once focus has settled on an <h1> inside <main> matching `heading` (or after 10 s). */
async function arrival(page: Page, path: string, heading: RegExp) {
  await page.waitForURL((url) => url.pathname === path)
  await page
    .waitForFunction(
      (source) => {
        const active = document.activeElement
        return (
          active?.tagName === 'H1' &&
          document.getElementById('main')?.contains(active) &&
          new RegExp(source).test(active.textContent ?? '') &&
          document.querySelector('#route-announcer')?.textContent === document.title
        )
      },
      heading.source,
      { timeout: 10_000 },
    )
    .catch(() => undefined)
  return page.evaluate(() => ({
    focused: `${document.activeElement?.tagName} ${document.activeElement?.textContent?.trim().slice(0, 40)}`,
    announced: document.querySelector('#route-announcer')?.textContent ?? '',
  }))
}

describe('Back and Forward around a page whose code cannot come', () => {
  // After Back, focus sat on the home page's heading; on Forward that page was hidden (not yet removed)
  // and its heading, still focused, passed for the new page's: focus then fell to <body>, unannounced.
  test('desktop, keyboard only: Back then Forward to a refused page puts focus on the notice heading again', async () => {
    const page = await visit({ viewport: DESKTOP, agreed: true })
    await page.route(EVENTS_CHUNK, (route: Route) => route.abort('internetdisconnected'))
    await page.goto(`${suite.server.url}/`)
    await settled(page)
    await keyboardTo(page, '.navbar a[href="/events"]')
    expect(await arrival(page, '/events', /needs a connection/)).toEqual({ focused: 'H1 This page needs a connection', announced: 'Events — Larkdale Hotel' })
    await page.goBack()
    expect(await arrival(page, '/', /Larkdale/)).toMatchObject({ announced: 'Larkdale Hotel & The Stables bar' })
    await page.goForward()
    expect(await arrival(page, '/events', /needs a connection/)).toEqual({ focused: 'H1 This page needs a connection', announced: 'Events — Larkdale Hotel' })
  }, 60_000)

  test('phone: after Back, moving to a page whose code is slow puts focus on its heading once it comes', async () => {
    const page = await visit({ viewport: PHONE, agreed: true })
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    let asked = () => {}
    const askedFor = new Promise<void>((resolve) => (asked = resolve))
    await page.route(EVENTS_CHUNK, async (route: Route) => {
      asked()
      await held
      await route.continue().catch(() => undefined)
    })
    await page.goto(`${suite.server.url}/`)
    await settled(page)
    await page.locator('.site-footer a[href="/about"]').click()
    expect(await arrival(page, '/about', /./)).toMatchObject({ announced: 'About us — Larkdale Hotel' })
    await page.goBack()
    expect(await arrival(page, '/', /Larkdale/)).toMatchObject({ announced: 'Larkdale Hotel & The Stables bar' })
    await page.evaluate(() => window.history.pushState(null, '', '/events'))
    await page.evaluate(() => dispatchEvent(new PopStateEvent('popstate')))
    await askedFor
    await page.waitForTimeout(500)
    release()
    expect(await arrival(page, '/events', /What's on/)).toEqual({ focused: "H1 What's on", announced: 'Events — Larkdale Hotel' })
  }, 60_000)
})

const PRERENDERED = ['/', '/about', '/eat', '/drink', '/stay', '/events', '/around', '/contact', '/menu/menu1', '/menu/menu2'] as const

/** Console messages of a page that mention rel=expect or render blocking. */
function expectWarnings(page: Page): string[] {
  const found: string[] = []
  page.on('console', (message) => {
    if (/expect|render.?block/i.test(message.text())) found.push(`${message.type()}: ${message.text()}`)
  })
  return found
}

/** Waits (up to 10 s) for the first contentful paint: polled, as waitForFunction never settles in a page without JavaScript. */
async function contentfulPaint(page: Page) {
  for (let tries = 0; tries < 100; tries++) {
    if (await page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length === 1)) return
    await Bun.sleep(100)
  }
}

/** Whether the browser painted content and the page's heading is laid out on screen. */
function painted(page: Page) {
  return page.evaluate(() => {
    const h1 = document.querySelector('h1')?.getBoundingClientRect()
    return {
      contentfulPaint: performance.getEntriesByName('first-contentful-paint').length === 1,
      heading: !!h1 && h1.height > 0 && h1.bottom > 0,
    }
  })
}

describe('first paint held for the footer (rel=expect)', () => {
  for (const [label, javaScriptEnabled] of [
    ['without JavaScript', false],
    ['with JavaScript', true],
  ] as const)
    test(`phone, ${label}: every pre-rendered page paints its heading and footer, with no warning about rel=expect`, async () => {
      const page = await visit({ viewport: PHONE, agreed: true, javaScriptEnabled })
      const warnings = expectWarnings(page)
      const found: string[] = []
      for (const path of PRERENDERED) {
        await page.goto(`${suite.server.url}${path}`)
        await contentfulPaint(page)
        const result = await painted(page)
        const footer = await page.locator('#site-footer').isVisible()
        if (!result.contentfulPaint || !result.heading || !footer) found.push(`${path}: ${JSON.stringify({ ...result, footer })}`)
      }
      expect({ found, warnings }).toEqual({ found: [], warnings: [] })
    }, 120_000)

  // The staff shell has no footer in its HTML, and the 404 page is its own file: neither must wait for an element that never comes.
  test('desktop: the staff shell (/login, /admin) and the 404 page paint, with no warning about rel=expect', async () => {
    const page = await visit({ viewport: DESKTOP, agreed: true })
    const warnings = expectWarnings(page)
    const found: string[] = []
    for (const [path, heading] of [
      ['/login', /log ?in/i],
      // Not logged in: the staff app sends the visitor to the home page.
      ['/admin', /Larkdale Hotel/],
      ['/no-such-page', /can.t find that page/],
    ] as const) {
      const response = await page.goto(`${suite.server.url}${path}`)
      await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length === 1, null, { timeout: 10_000 }).catch(() => undefined)
      await page
        .locator('h1')
        .first()
        .waitFor({ timeout: 10_000 })
        .catch(() => undefined)
      const result = await painted(page)
      const text =
        (await page
          .locator('h1')
          .first()
          .textContent()
          .catch(() => '')) ?? ''
      if (!result.contentfulPaint || !result.heading || !heading.test(text)) found.push(`${path} (${response?.status()}): ${JSON.stringify(result)} "${text}"`)
    }
    await page.screenshot({ path: '/tmp/shots/stranger-s11-404.png' })
    expect({ found, warnings }).toEqual({ found: [], warnings: [] })
  }, 60_000)
})

describe('HTML that arrives slowly', () => {
  for (const [label, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)
    test(`${label}: pages sent in two pieces (a pause inside <main>) paint no frame before the footer and shift nothing`, async () => {
      // Paused right after the first </section> of <main>.
      const proxy = splitHtmlProxy(suite.server.url, /<\/section>/, 1200)
      try {
        const page = await visit({ viewport, agreed: true })
        const origin = `http://127.0.0.1:${proxy.port}`
        await page.context().route('**/*', (route) => (route.request().url().startsWith(origin) ? route.continue() : route.abort('internetdisconnected')))
        await page.addInitScript(() => {
          const seen = window as unknown as { shifts: number[]; firstFrame: { footer: boolean } }
          seen.shifts = []
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
              if (!entry.hadRecentInput) seen.shifts.push(entry.value)
          }).observe({ type: 'layout-shift', buffered: true })
          requestAnimationFrame(() => {
            seen.firstFrame = { footer: document.getElementById('site-footer') !== null }
          })
        })
        const found: string[] = []
        for (const path of ['/eat', '/stay', '/menu/menu1', '/contact']) {
          await page.goto(`${origin}${path}`)
          await settled(page)
          await page.waitForTimeout(500)
          const seen = await page.evaluate(() => {
            const w = window as unknown as { shifts: number[]; firstFrame: { footer: boolean } }
            return { firstFrame: w.firstFrame, shift: Number(w.shifts.reduce((a, b) => a + b, 0).toFixed(3)) }
          })
          if (!seen.firstFrame?.footer || seen.shift > 0.01) found.push(`${path}: ${JSON.stringify(seen)}`)
        }
        expect(found).toEqual([])
      } finally {
        proxy.stop(true)
      }
    }, 120_000)
})

describe('a hostile client asking for pages', () => {
  /** Status and whether the body shows a stack trace or internals. */
  async function ask(path: string, init: RequestInit = {}) {
    const response = await fetch(`${suite.server.url}${path}`, { redirect: 'manual', ...init })
    const body = await response.text()
    return { status: response.status, leaks: /\bat .*\.(ts|js):\d+|node_modules|\/work\/|stack/i.test(body) }
  }

  test('odd paths, methods and headers get a 2xx–4xx answer without a stack trace, and the server stays up', async () => {
    const found: string[] = []
    const check = async (label: string, path: string, init?: RequestInit) => {
      const { status, leaks } = await ask(path, init).catch((error: Error) => ({ status: 0, leaks: false, error }))
      if (status === 0 || status >= 500 || leaks) found.push(`${label} ${path.slice(0, 40)} -> ${status}${leaks ? ' (leaks)' : ''}`)
    }
    for (const path of [
      '/%2e%2e/',
      '/%2e%2e/%2e%2e/etc/passwd',
      '//about',
      '/about/index.html',
      '/about//',
      '/%00',
      '/%ff',
      '/%',
      '/assets/%2e%2e/%2e%2e/package.json',
      '/menu/..',
      '/menu/%2e%2e',
      '/;/about',
      '/api/%2e%2e/about',
      `/${'a'.repeat(8000)}`,
      '/events?x=%ZZ',
      '/about/index.html.br',
    ])
      await check('GET', path)
    for (const method of ['HEAD', 'OPTIONS', 'POST', 'PUT', 'DELETE', 'PATCH'])
      await check(method, '/about', { method, body: method === 'HEAD' || method === 'OPTIONS' ? undefined : '{' })
    const odd: [string, string][] = [
      ['range', 'bytes=0-10'],
      ['range', 'bytes=99999999-'],
      ['range', 'lol'],
      ['if-none-match', '"garbage'],
      ['if-none-match', '*'],
      ['if-modified-since', 'yesterday'],
      ['accept-encoding', 'br;q=abc, gzip;q=-1, *;q=NaN'],
      ['accept', '////'],
      ['cookie', 'a'.repeat(12_000)],
      ['x-forwarded-host', 'evil.example'],
    ]
    for (const [name, value] of odd) await check(`${name}: ${value.slice(0, 20)}`, '/about', { headers: { [name]: value } })
    await check('huge header', '/about', { headers: { 'x-a': 'a'.repeat(300_000) } })
    expect(found).toEqual([])
    expect((await ask('/about')).status).toBe(200)
  }, 60_000)

  test('200 page requests at once all get their page or a 404, quickly enough', async () => {
    const paths = [...PRERENDERED, '/login', '/no-such-page']
    const started = Date.now()
    const statuses = await Promise.all(
      Array.from({ length: 200 }, (_, i) => {
        const path = paths[i % paths.length]
        return fetch(`${suite.server.url}${path}`, { headers: { 'accept-encoding': i % 2 ? 'br' : 'gzip' } }).then(
          async (response) => `${path === '/no-such-page' ? 404 : 200}:${response.status}:${(await response.arrayBuffer()).byteLength > 500}`,
          () => 'failed',
        )
      }),
    )
    const wrong = statuses.filter((s) => !/^(\d+):\1:true$/.test(s))
    expect({ wrong, slow: Date.now() - started > 30_000 }).toEqual({ wrong: [], slow: false })
  }, 60_000)
})
