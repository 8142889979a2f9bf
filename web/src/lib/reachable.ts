/**
 * Third-party embeds (map, booking widget, gift-card shop) and whether they can be shown.
 *
 * A frame's load event does not tell a working embed from a broken one: browsers fire it for their
 * own error page too. So the map also asks its provider directly with an opaque (no-cors) request,
 * which resolves whenever the host replies and rejects when it cannot be reached. The policy allows
 * that request (connect-src lists the map's origin, api/src/http/security.ts).
 */
export async function canReach(url: string, timeoutMs: number): Promise<boolean> {
  if (typeof fetch !== 'function' || typeof AbortController === 'undefined') return true
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  try {
    await fetch(url, { mode: 'no-cors', cache: 'no-store', credentials: 'omit', signal: controller.signal })
    return true
  } catch {
    return false
  } finally {
    clearTimeout(timer)
  }
}

/**
 * What an embed shows: still finding out, the provider's content, or a notice. The notice says what is
 * true (DECISIONS.md): 'offline' (the device has no connection) or 'unavailable' (online, but the
 * provider is not answering). Both give the phone number.
 */
export type EmbedState = 'checking' | 'ready' | 'unavailable' | 'offline'

/** The state to show: without a connection it is always 'offline', whatever the last check said. */
export function embedState(online: boolean, checked: EmbedState): EmbedState {
  return online ? checked : 'offline'
}

/**
 * Whether this site's own server answers: tells "no connection" from "the provider is not answering"
 * when navigator.onLine says online but may be wrong (a Wi-Fi without internet, or a page that has
 * just opened offline before the browser said so). A HEAD request, which the service worker leaves to
 * the network; any reply at all counts.
 */
export async function reachesOwnServer(timeoutMs = 4000): Promise<boolean> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return false
  if (typeof fetch !== 'function' || typeof AbortController === 'undefined') return true
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  try {
    await fetch('/api/health', { method: 'HEAD', cache: 'no-store', credentials: 'omit', signal: controller.signal })
    return true
  } catch {
    return false
  } finally {
    clearTimeout(timer)
  }
}
