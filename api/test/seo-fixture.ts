/**
 * A web build as web/build/prerender.ts writes it, for the API-level search and link-preview tests:
 * every public page with its <title> and the head block of page tags (written with the build's
 * SITE_URL, which the server must replace with its own), the app shell, the not-found pages and the
 * route list the build derives from web/src/routes.ts. The real build's output is checked
 * by web/e2e/seo-build.test.ts.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Venue } from '../src/config'
import { pageMetaBlock, pageMetaFor } from '../src/shared/page-meta'
import { NOT_FOUND_PAGE, notFoundPageFor, SITE_ROUTES_FILE, type SiteRoutes } from '../src/shared/site-routes'

/** What the build was run with: the server must not leave it in the pages it sends. */
export const BUILD_SITE_URL = 'http://build.invalid'
export const BUILT_AT = '2026-05-01T09:00:00.000Z'

export const PUBLIC_PAGES = [
  { path: '/', module: 'Home', title: 'Larkdale Hotel & The Stables bar' },
  { path: '/about', module: 'About', title: 'About us — Larkdale Hotel' },
  { path: '/eat', module: 'Eat', title: 'Eat — Larkdale Hotel' },
  { path: '/drink', module: 'Drink', title: 'Drink — Larkdale Hotel' },
  { path: '/stay', module: 'Stay', title: 'Stay — Larkdale Hotel' },
  { path: '/events', module: 'Events', title: 'Events — Larkdale Hotel' },
  { path: '/around', module: 'Around', title: 'Things to do nearby — Larkdale Hotel' },
  { path: '/contact', module: 'Contact', title: 'Contact — Larkdale Hotel' },
  { path: '/menu/menu1', module: 'Menu', title: 'The Stables bar menu — Larkdale Hotel' },
  { path: '/menu/menu2', module: 'Menu', title: 'Larkdale Hotel cafe menu — Larkdale Hotel' },
]

const document = (title: string, head: string, body: string) =>
  `<!doctype html><html lang="en-GB"><head><meta charset="UTF-8"><title>${title}</title>${head}` +
  `<script type="module" src="/assets/index-abc.js"></script></head><body><div id="root">${body}</div></body></html>`

export function writeBuiltSite(dist: string, venue: Venue): void {
  const write = (name: string, text: string) => {
    mkdirSync(join(dist, name, '..'), { recursive: true })
    writeFileSync(join(dist, name), text)
  }
  for (const page of PUBLIC_PAGES) {
    const file = page.path === '/' ? 'index.html' : `${page.path.slice(1)}/index.html`
    const head = pageMetaBlock(pageMetaFor(page.path, page.title, venue), BUILD_SITE_URL, venue)
    write(file, document(page.title, head, `<main><h1>${page.module}</h1></main>`))
  }
  write('app-shell.html', document('Larkdale Hotel', '', ''))
  write(NOT_FOUND_PAGE, document('Page not found — Larkdale Hotel', '', '<main><h1>We can’t find that page</h1></main>'))
  write(notFoundPageFor('/menu/'), document('Menu not found — Larkdale Hotel', '', '<main><h1>Menu not found!</h1></main>'))
  write('assets/index-abc.js', 'console.log(1)')
  const routes: SiteRoutes = {
    builtAt: BUILT_AT,
    pages: PUBLIC_PAGES.map(({ path, module }) => ({ path, module })),
    appShell: ['/login'],
    notFound: [{ prefix: '/menu/', file: notFoundPageFor('/menu/') }],
  }
  write(SITE_ROUTES_FILE, JSON.stringify(routes))
}
