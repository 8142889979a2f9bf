import { Elysia } from 'elysia'
import type { Config } from '../config'
import type { Venue } from '../shared/venue'
import { plainHttpsOrigin } from '../shared/rules/venue-details'

// Only a plain https host reaches the policy, whatever was saved before the rule was strict (defence in depth).
const originOf = (url: string) => plainHttpsOrigin(url)

/**
 * The Content-Security-Policy: our own origin, plus exactly the third parties of the venue's current
 * details (booking widget, map, gift-card shop): an origin owners change is allowed, and the old one
 * refused, from the next reply on. No inline scripts: JSON-LD blocks are data, not scripts.
 * Inline style attributes are allowed because pre-rendered markup and pdf.js's text layer use them;
 * an inline <style> only by its hash, which a page's reply adds (withStyleSources).
 */
export function contentSecurityPolicy(venue: Venue): string {
  const { booking, mapEmbedUrl, giftCardUrl } = venue
  const bookingOrigin = originOf(booking.origin) ?? originOf(booking.scriptUrl)
  const mapOrigin = originOf(mapEmbedUrl)
  const giftOrigin = originOf(giftCardUrl)
  const list = (...sources: (string | null)[]) => sources.filter(Boolean).join(' ')
  return [
    "default-src 'self'",
    `script-src ${list("'self'", bookingOrigin)}`,
    `style-src ${list("'self'", bookingOrigin)}`,
    "style-src-attr 'unsafe-inline'",
    `img-src ${list("'self'", 'data:', 'blob:', bookingOrigin)}`,
    "font-src 'self' data:",
    // The map's origin: the map checks that its service answers before showing the frame (web/src/lib/reachable.ts).
    `connect-src ${list("'self'", bookingOrigin, mapOrigin)}`,
    `frame-src ${list(bookingOrigin, mapOrigin, giftOrigin) || "'none'"}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action ${list("'self'", bookingOrigin)}`,
    "frame-ancestors 'self'",
  ].join('; ')
}

/**
 * `csp` with `sources` added to its style-src: the hashes of a page's own inline <style> (its critical
 * CSS, api/src/http/critical-css.ts), so that page, and only its exact CSS, may use one.
 */
export function withStyleSources(csp: string, sources: readonly string[]): string {
  if (sources.length === 0) return csp
  return csp.replace(/(^|; )style-src ([^;]*)/, (_, start: string, list: string) => `${start}style-src ${list} ${sources.join(' ')}`)
}

/**
 * Uploaded files (`/files/*`) are someone else's content: whatever a PDF or image carries (scripts,
 * forms, HTML a browser might sniff), it must not run with the site's origin. `sandbox` gives the file
 * a unique opaque origin with scripts, forms and plugins off, and nothing may be loaded from it.
 */
export const FILE_REPLY_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'self'"

const isFileReply = (url: string) => {
  // The path starts after "scheme://host"; a relative URL (Bun gives one for a broken Host) starts with it.
  const start = url.startsWith('/') ? 0 : url.indexOf('/', url.indexOf('//') + 2)
  return start !== -1 && url.startsWith('/files/', start)
}

/**
 * The security headers of every reply, as a plain list, for replies built outside Elysia too (the
 * server's own error and limit replies in server.ts).
 */
export function securityHeaderValues(config: Config, venue: Venue, request?: Request): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': request && isFileReply(request.url) ? FILE_REPLY_CSP : contentSecurityPolicy(venue),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
    'x-frame-options': 'SAMEORIGIN',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  }
  if (request && servedOverHttps(config, request)) headers['strict-transport-security'] = HSTS
  return headers
}

const HSTS = 'max-age=31536000; includeSubDomains'

/** Whether the client reached us over HTTPS: directly, or through a trusted proxy that says so. */
export const servedOverHttps = (config: Config, request: Request) =>
  request.url.startsWith('https:') || (config.trustProxy && request.headers.get('x-forwarded-proto') === 'https')

/** The policy of `venue()`'s current details, made again only when they are another copy. */
export function currentPolicy(venue: () => Venue): () => string {
  let madeFor: Venue | null = null
  let csp = ''
  return () => {
    const now = venue()
    if (now !== madeFor) {
      csp = contentSecurityPolicy(now)
      madeFor = now
    }
    return csp
  }
}

/** Security headers on every reply: pages, API, files and errors alike. */
export function securityHeaders(config: Config, venue: () => Venue) {
  const csp = currentPolicy(venue)
  const common = securityHeaderValues(config, venue())
  // onRequest runs before routing, so it covers every path, unknown ones included.
  return new Elysia({ name: 'http.security' }).onRequest(({ set, request }) => {
    Object.assign(set.headers, common)
    set.headers['content-security-policy'] = isFileReply(request.url) ? FILE_REPLY_CSP : csp()
    if (servedOverHttps(config, request)) set.headers['strict-transport-security'] = HSTS
  })
}
