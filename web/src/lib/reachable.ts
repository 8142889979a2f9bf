import { canReach } from './canReach'

/**
 * Third-party embeds (map, booking widget, gift-card shop) and whether they can be shown.
 *
 * A frame's load event does not tell a working embed from a broken one: browsers fire it for their
 * own error page too. So the map also asks its provider directly with an opaque (no-cors) request,
 * which resolves whenever the host replies and rejects when it cannot be reached. The policy allows
 * that request (connect-src lists the map's origin, api/src/http/security.ts); the booking widget asks
 * for its script's address the same way, from a worker (canReachQuietly), before adding the script.
 */
export { canReach }

/** How long a probe worker may take to start, on top of the probe's own time limit. */
const WORKER_START_MS = 2000

/**
 * canReach, asked from a worker (reach.worker.ts). A provider that cannot be reached is a case the page
 * expects and answers with its own notice, but Chromium notes every failed request of the page as an
 * error of the page ("Failed to load resource"); from a worker that note goes to the worker's console.
 * Where no worker can be started the page asks itself.
 */
export function canReachQuietly(url: string, timeoutMs: number, method: 'GET' | 'HEAD' = 'GET'): Promise<boolean> {
  if (typeof Worker !== 'function') return canReach(url, timeoutMs, method)
  let worker: Worker
  try {
    // Written out like this for Vite, which then bundles the worker as a file of its own.
    worker = new Worker(new URL('./reach.worker.ts', import.meta.url), { type: 'module' })
  } catch {
    return canReach(url, timeoutMs, method)
  }
  return new Promise((resolve) => {
    let settled = false
    const finish = (reached: boolean | Promise<boolean>) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      worker.terminate()
      resolve(reached)
    }
    const timer = setTimeout(() => finish(false), timeoutMs + WORKER_START_MS)
    worker.onmessage = (event: MessageEvent<{ reached?: unknown }>) => finish(event.data?.reached === true)
    // The worker's file could not load or run: ask from the page instead (the error itself is still reported).
    worker.onerror = () => finish(canReach(url, timeoutMs, method))
    worker.postMessage({ url, timeoutMs, method })
  })
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
