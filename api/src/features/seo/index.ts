import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { builtSiteRoutes } from '../../http/known-routes'
import { dataVersion } from '../../db/data-version'
import { notFound } from '../../http/errors'
import { notModified } from '../../http/negotiation'
import { STAFF_PATHS } from '../../shared/rules/staff-routes'
import { ROBOTS_PATH, SITEMAP_PATH, type SiteRoutes } from '../../shared/site-routes'
import { pageLastChanged } from './store'

const escapeXml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')

/** Sent with an ETag of its content: a crawler's conditional request costs a 304 while nothing changed. */
function revalidated(request: Request, body: string, contentType: string): Response {
  const etag = `"${Bun.hash(body).toString(36)}"`
  const headers = { 'content-type': contentType, 'cache-control': 'no-cache', etag, 'x-content-type-options': 'nosniff' }
  return notModified(request, etag) ? new Response(null, { status: 304, headers }) : new Response(body, { headers })
}

/**
 * What search engines read first: /sitemap.xml (every public page the web build made, menus included,
 * at its SITE_URL address, with the time what it shows last changed) and /robots.txt (the sitemap's
 * address; staff screens, the login and the API are off limits).
 */
export function seoRoutes(ctx: AppContext) {
  const siteRoutes = builtSiteRoutes(ctx.config.webDistDir)
  const { siteUrl } = ctx.config
  const basePath = new URL(siteUrl).pathname.replace(/\/+$/, '')
  // Made once per data version and build: each page's "last deleted" time scans the activity trail,
  // which anyone's failed logins make long, so an unauthenticated request must not repeat it.
  const version = dataVersion(ctx)
  let made: { version: string; routes: SiteRoutes; xml: string } | null = null
  const sitemapOf = (routes: SiteRoutes): string => {
    const at = version()
    if (made?.version === at && made.routes === routes) return made.xml
    const urls = routes.pages.map(({ path, module }) => {
      const lastmod = pageLastChanged(ctx.db, module, path) ?? routes.builtAt
      return `<url><loc>${escapeXml(`${siteUrl}${path}`)}</loc><lastmod>${lastmod}</lastmod></url>`
    })
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
    made = { version: at, routes, xml }
    return xml
  }
  return new Elysia({ name: 'feature.seo' })
    .get(SITEMAP_PATH, ({ request }) => {
      const routes = siteRoutes()
      // No build, no pages to list: a 404 like any address without content (and no 5xx a crawler or fuzzer reads as a fault).
      if (!routes) throw notFound('No sitemap: the web app has not been built yet (npm run build).')
      return revalidated(request, sitemapOf(routes), 'application/xml; charset=utf-8')
    })
    .get(ROBOTS_PATH, ({ request }) => {
      const private_ = [...STAFF_PATHS, '/login', '/api/']
      const lines = ['User-agent: *', ...private_.map((path) => `Disallow: ${basePath}${path}`), '', `Sitemap: ${siteUrl}${SITEMAP_PATH}`, '']
      return revalidated(request, lines.join('\n'), 'text/plain; charset=utf-8')
    })
}
