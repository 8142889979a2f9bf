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

/** Resolves once the browser has painted what it already has: in the next frame's callback, then a task after that paint. */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
}
