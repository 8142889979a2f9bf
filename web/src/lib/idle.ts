/**
 * Runs `task` when the main thread is free (at the latest after `timeoutMs`), so work nothing on
 * screen waits for does not lengthen the tasks of a page's start. Returns a cancel function.
 * Browsers without requestIdleCallback run it after a short delay instead.
 */
export function whenIdle(task: () => void, timeoutMs = 2000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: timeoutMs })
    return () => cancelIdleCallback(handle)
  }
  const timer = setTimeout(task, 200)
  return () => clearTimeout(timer)
}
