/**
 * The first paint of every public page needs no stylesheet request (build first: npm run build): each
 * pre-rendered page, and each page the server renders with current data, carries inline the CSS its
 * markup uses, allowed by its hash in that reply's Content-Security-Policy, and links the full sheet
 * only as media="print" (switched on by the entry script) plus a <noscript> copy: no render-blocking
 * stylesheet. No browser here: the real build, the real app (app.handle).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { NOT_FOUND_PAGE, SITE_ROUTES_FILE, type SiteRoutes } from '../../api/src/shared/site-routes'
import { APP_SHELL, prerenderedFile } from '../build/prerender'
import { makeServedApp } from './served-app'

const dist = process.env.CRITICAL_CSS_DIST ?? join(import.meta.dir, '..', 'dist')
const built = existsSync(join(dist, 'index.html'))
const read = (name: string) => readFileSync(join(dist, name), 'utf8')
let served: Awaited<ReturnType<typeof makeServedApp>>

beforeAll(async () => {
  if (built) served = await makeServedApp(dist)
})
afterAll(() => served?.close())

const head = (html: string) => html.slice(0, html.indexOf('</head>'))
const inlineCss = (html: string) => /<style data-critical>([\s\S]*?)<\/style>/.exec(head(html))?.[1] ?? ''
const fullSheet = (html: string) => /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)" media="print" data-full-css>/.exec(html)?.[1]

/** The class names the page's markup uses (in #root and around it). */
const classesIn = (html: string) =>
  new Set([...html.slice(html.indexOf('<body')).matchAll(/ class="([^"]*)"/g)].flatMap((match) => match[1]!.split(/\s+/).filter(Boolean)))
/** Whether `css` has a rule whose selector names `.className` on its own (not as part of a longer name). */
const styles = (css: string, className: string) => new RegExp(`\\.${className.replace(/[^\w-]/g, '\\$&')}(?![\\w-])`).test(css)

/**
 * Checks one page: inline CSS present and used, the full sheet deferred, nothing render-blocking, and
 * every class of its markup that a simple rule of the full sheet styles (`.name{`) styled inline too.
 */
function expectCriticalCss(html: string, label: string) {
  const css = inlineCss(html)
  expect(css.length, `${label}: inline CSS`).toBeGreaterThan(1000)
  const sheet = fullSheet(html)
  expect(sheet, `${label}: the full stylesheet as media=print`).toBeDefined()
  expect(head(html), `${label}: the full stylesheet for no-script visitors`).toContain(
    `<noscript><link rel="stylesheet" crossorigin href="${sheet}"></noscript>`,
  )
  // Render-blocking: a stylesheet link for all media outside <noscript>, anywhere in the page.
  const blocking = [...html.replace(/<noscript>[\s\S]*?<\/noscript>/g, '').matchAll(/<link [^>]*rel="stylesheet"[^>]*>/g)].filter(
    ([link]) => !link.includes('media="print"'),
  )
  expect(
    blocking.map(([link]) => link),
    `${label}: render-blocking stylesheets`,
  ).toEqual([])
  // A half-parsed page is never painted: its navbar or hero would still grow and shift (slow phones).
  expect(head(html), `${label}: first paint waits for the footer, so <main> is parsed`).toContain('<link rel="expect" href="#site-footer" blocking="render"')
  expect(html, `${label}: the footer the first paint waits for, after <main>`).toMatch(/<\/main>[\s\S]*<footer class="site-footer" id="site-footer"/)
  const full = read(sheet!.slice(1))
  const unstyled = [...classesIn(html)].filter((name) => new RegExp(`\\.${name}\\{`).test(full) && !styles(css, name))
  expect(unstyled, `${label}: classes of its markup the inline CSS leaves unstyled`).toEqual([])
}

const policyAllows = (policy: string | null, css: string) => {
  const hash = `'sha256-${createHash('sha256').update(css).digest('base64')}'`
  return /(^|; )style-src [^;]*/.exec(policy ?? '')?.[0].includes(hash) ?? false
}

describe.skipIf(!built)('critical CSS inline, the full sheet not blocking', () => {
  const routes = () => JSON.parse(read(SITE_ROUTES_FILE)) as SiteRoutes

  test('every pre-rendered page and not-found page as built', () => {
    const { pages, notFound } = routes()
    for (const { path } of pages) expectCriticalCss(read(prerenderedFile(path)), path)
    for (const file of [NOT_FOUND_PAGE, ...notFound.map((page) => page.file)]) expectCriticalCss(read(file), file)
    // The app shell has nothing to draw before the script: it keeps the plain stylesheet link.
    expect(read(APP_SHELL)).not.toContain('data-critical')
  })

  test('every page the server renders with current data: its markup styled inline, its reply’s policy allowing that CSS', async () => {
    for (const { path } of routes().pages) {
      const res = await served.call('GET', path)
      expect(res.status, path).toBe(200)
      const html = await res.text()
      expect(html, `${path} is rendered with data`).toContain('id="initial-data"')
      expectCriticalCss(html, `served ${path}`)
      expect(policyAllows(res.headers.get('content-security-policy'), inlineCss(html)), `${path}: style-src allows its inline CSS`).toBe(true)
    }
    // The markup data brings (each venue's open-now status on /contact) is styled from the first paint.
    const contact = await (await served.call('GET', '/contact')).text()
    expect(contact).toContain('open-status__dot')
    expect(styles(inlineCss(contact), 'open-status__dot')).toBe(true)
    expect(styles(inlineCss(read(prerenderedFile('/contact'))), 'open-status__dot')).toBe(false)
  })

  test('the built files and the not-found pages are sent with a policy allowing their own inline CSS, and no other', async () => {
    for (const [path, status] of [
      ['/index.html', 200],
      ['/no-such-page', 404],
    ] as const) {
      const res = await served.call('GET', path)
      expect(res.status, path).toBe(status)
      const html = await res.text()
      expect(policyAllows(res.headers.get('content-security-policy'), inlineCss(html)), path).toBe(true)
      expect(policyAllows(res.headers.get('content-security-policy'), `${inlineCss(html)} `), path).toBe(false)
    }
    // API replies keep the plain policy.
    const api = await served.call('GET', '/api/opening-times')
    expect(api.headers.get('content-security-policy')).not.toContain('sha256-')
  })
})
