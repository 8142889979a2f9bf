/**
 * Whether a third-party address answers at all, within `timeoutMs`. An opaque (no-cors) request
 * resolves whenever the host replies and rejects when the network is down or the host unreachable:
 * enough to tell a working embed from a frame that would only show the browser's error page.
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
