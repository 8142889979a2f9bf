/**
 * The first paint of a public page needs no stylesheet request: the CSS rules its own markup uses are
 * inline in <head> (a <style data-critical>, allowed by its hash in the page's Content-Security-Policy,
 * see api/src/http/security.ts), and the full stylesheet is fetched at the lowest priority as
 * media="print", switched to all media by the entry script (web/src/shell/fullStylesheet.ts) before
 * hydration; without JavaScript, the <noscript> copy loads it. The build does this for every
 * pre-rendered page (web/build/prerender.ts), the server again for each page it renders with current
 * data (api/src/http/rendered-pages.ts), whose data shows markup the built page had not (open-now status,
 * events), so that markup is styled from the first paint too.
 *
 * Which rules the markup uses is worked out by Beasties (the maintained fork of Critters), from the HTML
 * alone, without a browser: it keeps each rule whose selector matches an element (pseudo-classes such as
 * :hover and :focus-visible count as matching), with its media queries and keyframes.
 */
import { createHash } from 'node:crypto'

const CRITICAL_STYLE = /<style data-critical>[\s\S]*?<\/style>/
/** The build's blocking stylesheet link (Vite writes it into index.html). */
const BLOCKING_LINK = /<link rel="stylesheet"(?: crossorigin)? href="(\/assets\/[^"]+\.css)">/
/** The same sheet once made non-blocking by this module. */
const DEFERRED_LINK = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)" media="print" data-full-css>/

type Inliner = { process(html: string): Promise<string> }
const inliners = new Map<string, Promise<Inliner>>()

function inlinerFor(distDir: string): Promise<Inliner> {
  let inliner = inliners.get(distDir)
  if (!inliner) {
    inliner = import('beasties').then(
      ({ default: Beasties }) =>
        new Beasties({
          path: distDir,
          publicPath: '/',
          // Only the inline rules are taken from its output: where the full sheet goes is decided here.
          preload: 'media',
          pruneSource: false,
          reduceInlineStyles: false,
          inlineFonts: false,
          preloadFonts: false,
          compress: true,
          // Beasties strips pseudo-classes before matching, functional ones too: a rule made of one alone
          // (the list reset :where(ul[class], ol[class])) would never match, so those are always kept.
          // The open phone menu, the placed splash card, a gallery picture shown once loaded and the
          // words about a held press too: before the app starts the page's own scripts
          // (public/menu-before-app.js, the entry's shell/splashBeforeTheApp.ts,
          // features/galleries/picturesBeforeTheApp.ts and shell/heldPressNotice.ts) draw them by
          // class and attribute alone, and the full sheet (switched on by the app) would come too late.
          allowRules: [
            /^:(?:where|is)\(/,
            /site-header--open/,
            /navbar__links\.is-open/,
            /navbar__toggle\[aria-expanded='true'\]/,
            /\.splash/,
            /gallery__img\.is-loaded/,
            /gallery__img\.is-failed/,
            /held-press-notice/,
          ],
          logLevel: 'silent',
        }),
    )
    inliners.set(distDir, inliner)
  }
  return inliner
}

/** The rules of `stylesheet` (a /assets/ path in distDir) that the elements of `html`'s body use. */
async function rulesUsedBy(html: string, stylesheet: string, distDir: string): Promise<string> {
  // The page's own head is left out (nothing in it is drawn); only the sheet is linked.
  const document = html.replace(/<head>[\s\S]*<\/head>/, `<head><link rel="stylesheet" href="${stylesheet}"></head>`)
  const processed = await (await inlinerFor(distDir)).process(document)
  return /<style>([\s\S]*?)<\/style>/.exec(processed)?.[1] ?? ''
}

/**
 * `html` with the CSS its markup uses inline and the full stylesheet not blocking the first paint.
 * Idempotent: a page that already has them (the built page the server fills with data) gets its
 * inline rules worked out again for its current markup.
 */
export async function withCriticalCss(html: string, distDir: string): Promise<string> {
  const deferred = DEFERRED_LINK.exec(html)
  const blocking = deferred ? null : BLOCKING_LINK.exec(html)
  const stylesheet = deferred?.[1] ?? blocking?.[1]
  if (!stylesheet) throw new Error('critical CSS: the page links no stylesheet from /assets/')
  const css = await rulesUsedBy(html, stylesheet, distDir)
  const style = `<style data-critical>${css}</style>`
  if (deferred) return html.replace(CRITICAL_STYLE, () => style)
  const links = `<link rel="stylesheet" crossorigin href="${stylesheet}" media="print" data-full-css><noscript><link rel="stylesheet" crossorigin href="${stylesheet}"></noscript>`
  return html.replace(BLOCKING_LINK, () => `${style}${links}`)
}

/** The CSP source of each inline <style> in `html` ('sha256-…'), for its style-src. */
export function inlineStyleHashes(html: string): string[] {
  return [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map(
    ([, css]) =>
      `'sha256-${createHash('sha256')
        .update(css ?? '')
        .digest('base64')}'`,
  )
}
