/**
 * The real build's search and link-preview output, served by the real server (build first:
 * npm run build): each pre-rendered page's canonical and Open Graph tags with the server's SITE_URL,
 * each og:image a 1200×630 JPEG that answers, the page's picture being its own hero; the not-found
 * pages and the route list the build derives from web/src/routes.ts; the sitemap over the real build
 * with the demo data; and the share pictures kept out of the service worker's precache.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { NOT_FOUND_PAGE, notFoundPageFor, SITE_ROUTES_FILE, type SiteRoutes } from '../../api/src/shared/site-routes'
import { startServer, type RunningServer } from './harness'

const dist = join(import.meta.dir, '..', 'dist')
const SITE_URL = 'https://www.larkdale.example'
// Skipped only without a build at all: a build without the route list fails.
const built = existsSync(join(dist, 'index.html'))
const read = (name: string) => readFileSync(join(dist, name), 'utf8')
let server: RunningServer

beforeAll(async () => {
  if (built) server = await startServer({ SITE_URL })
})
afterAll(async () => {
  await server?.stop()
})

const meta = (html: string, name: string) =>
  [...html.matchAll(new RegExp(`<meta (?:property|name)="${name}" content="([^"]*)">`, 'g'))].map((match) => match[1]!.replaceAll('&amp;', '&'))

describe.skipIf(!built)('search and link previews in the build', () => {
  test('the build lists every public page (menus included), the login as a shell route and the menus’ not-found page', () => {
    const routes = JSON.parse(read(SITE_ROUTES_FILE)) as SiteRoutes
    const paths = routes.pages.map((page) => page.path)
    for (const path of ['/', '/eat', '/drink', '/stay', '/events', '/around', '/contact', '/about', '/menu/menu1', '/menu/menu2']) expect(paths).toContain(path)
    expect(routes.appShell).toEqual(['/login'])
    expect(routes.notFound).toEqual([{ prefix: '/menu/', file: notFoundPageFor('/menu/') }])
    expect(read(NOT_FOUND_PAGE)).toContain('We can’t find that page')
    expect(read(notFoundPageFor('/menu/'))).toContain('Menu not found!')
    expect(Date.parse(routes.builtAt)).not.toBeNaN()
  })

  test('each served page: canonical and og:url on SITE_URL, and an og:image of its own hero, 1200×630 JPEG', async () => {
    const { pages } = JSON.parse(read(SITE_ROUTES_FILE)) as SiteRoutes
    for (const { path, module } of pages) {
      const res = await server.api(path)
      expect(res.status, path).toBe(200)
      const html = await res.text()
      expect(html, path).toContain(`<link rel="canonical" href="${SITE_URL}${path}">`)
      expect(meta(html, 'og:url'), path).toEqual([`${SITE_URL}${path}`])
      expect(meta(html, 'description'), path).toHaveLength(1)
      const [image] = meta(html, 'og:image')
      expect(image, path).toStartWith(`${SITE_URL}/images/og/`)
      const hero = image!.slice(`${SITE_URL}/images/og/`.length).replace(/\.jpg$/, '')
      // The share picture is the page's own hero (menus have a plain banner: their venue's picture).
      if (module !== 'Menu') expect(read(path === '/' ? 'index.html' : `${path.slice(1)}/index.html`), path).toContain(`/images/${hero}-`)
      const picture = await server.api(image!.slice(SITE_URL.length))
      expect(picture.status, image).toBe(200)
      expect(picture.headers.get('content-type'), image).toBe('image/jpeg')
      const size = await sharp(new Uint8Array(await picture.arrayBuffer())).metadata()
      expect([size.width, size.height], image).toEqual([1200, 630])
    }
  })

  test('the server answers 404 with the built not-found pages, the app shell for client routes, and the sitemap', async () => {
    const missing = await server.api('/no-such-page')
    expect(missing.status).toBe(404)
    expect(await missing.text()).toContain('We can’t find that page')
    const menu = await server.api('/menu/menu9')
    expect(menu.status).toBe(404)
    expect(await menu.text()).toContain('Menu not found!')
    for (const path of ['/login', '/admin', '/manageEvent']) expect((await server.api(path)).status, path).toBe(200)
    const sitemap = await (await server.api('/sitemap.xml')).text()
    expect(sitemap).toContain(`<loc>${SITE_URL}/menu/menu2</loc>`)
    expect(await (await server.api('/robots.txt')).text()).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`)
  })

  test('the share pictures are for other sites: not precached; everything precached answers 200 (else the install fails)', async () => {
    const sw = read('sw.js')
    expect(sw).not.toContain('images/og/')
    const precached = [...sw.matchAll(/"url":"([^"]+)"/g)].map((match) => `/${match[1]}`)
    expect(precached.length).toBeGreaterThan(10)
    for (const url of precached) expect((await server.api(url)).status, url).toBe(200)
  })
})
