import { lazy, type ComponentType } from 'react'

/**
 * React keeps a lazy component's failed download for good: a page whose code could not be fetched (no
 * signal, the server gone) said so until the site was reloaded. Each failed one leaves here a way to
 * start afresh, taken on the visitor's next move (retryFailedDownloads). Not at once: React renders a
 * failing page again before it gives up, and a fresh download each time would never let it give up.
 */
const failed = new Set<() => void>()

/** Lets each lazy component whose code could not be downloaded be tried again: call when the visitor moves. */
export function retryFailedDownloads(): void {
  for (const renew of failed) renew()
  failed.clear()
}

/**
 * A lazy component that is downloaded again after a failure (see above). Returns the one to render
 * now: take it once per mount (useState), as swapping it under a mounted tree would remount that tree.
 */
export function retryableLazy<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): () => ComponentType<P> {
  const fresh = (): ComponentType<P> =>
    lazy(async () => {
      try {
        return await load()
      } catch (error) {
        failed.add(renew)
        throw error
      }
    })
  let current = fresh()
  const renew = () => {
    current = fresh()
  }
  return () => current
}
