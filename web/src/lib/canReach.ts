/**
 * Whether a third party answers: an opaque (no-cors) request resolves whenever the host replies, with
 * any status, and rejects when it cannot be reached; aborted after `timeoutMs`. Apart from reachable.ts
 * so that the probe worker (reach.worker.ts) can use it without the code that starts that worker.
 */
export async function canReach(url: string, timeoutMs: number, method: 'GET' | 'HEAD' = 'GET'): Promise<boolean> {
  if (typeof fetch !== 'function' || typeof AbortController === 'undefined') return true
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  try {
    await fetch(url, { method, mode: 'no-cors', cache: 'no-store', credentials: 'omit', signal: controller.signal })
    return true
  } catch {
    return false
  } finally {
    clearTimeout(timer)
  }
}
