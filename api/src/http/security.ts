import { Elysia } from 'elysia'
import type { Config } from '../config'

const originOf = (url: string) => {
  try {
    return new URL(url).origin
  } catch {
    return null
  }
}

/**
 * The Content-Security-Policy: our own origin, plus exactly the third parties the venue configured
 * (booking widget, map, gift-card shop). No inline scripts: JSON-LD blocks are data, not scripts.
 * Inline style attributes are allowed because pre-rendered markup and pdf.js's text layer use them.
 */
export function contentSecurityPolicy(config: Config): string {
  const { booking, mapEmbedUrl, giftCardUrl } = config.venue
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

/** Security headers on every reply: pages, API, files and errors alike. */
export function securityHeaders(config: Config) {
  const csp = contentSecurityPolicy(config)
  // onRequest runs before routing, so it covers every path, unknown ones included.
  return new Elysia({ name: 'http.security' }).onRequest(({ set, request }) => {
    set.headers['content-security-policy'] = csp
    set.headers['x-content-type-options'] = 'nosniff'
    set.headers['referrer-policy'] = 'strict-origin-when-cross-origin'
    set.headers['cross-origin-opener-policy'] = 'same-origin'
    set.headers['x-frame-options'] = 'SAMEORIGIN'
    set.headers['permissions-policy'] = 'camera=(), microphone=(), geolocation=(), payment=()'
    const https = request.url.startsWith('https:') || (config.trustProxy && request.headers.get('x-forwarded-proto') === 'https')
    if (https) set.headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains'
  })
}
