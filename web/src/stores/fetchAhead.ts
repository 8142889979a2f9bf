import type { LoadOptions } from './cache'

/** What was fetched ahead for a page (whether it came or failed) stands for the page's own load this long. */
export const AHEAD_FRESH_MS = 60_000

/**
 * A store's load that lets a page's data be fetched ahead, while the page's code downloads
 * (`load({ ahead: true })`, from its route's loadData), without being fetched twice: the page's own
 * load joins an ahead load still under way (the store shares its flight), and once it has finished
 * takes its outcome as its own for AHEAD_FRESH_MS, once. A failure included: the page shows it at once
 * rather than placeholders for a second try, and a reconnection loads again as for any failure.
 */
export function fetchesAhead(load: (options?: LoadOptions) => Promise<void>): (options?: LoadOptions) => Promise<void> {
  let ahead: Promise<void> | null = null
  let freshUntil = 0
  return (options = {}) => {
    if (options.ahead) {
      const flight = load(options)
      ahead = flight
      void flight.finally(() => {
        if (ahead !== flight) return
        ahead = null
        freshUntil = Date.now() + AHEAD_FRESH_MS
      })
      return flight
    }
    if (options.background) return load(options)
    // Joined while under way: the flight is this load's, so nothing stands for a later one.
    ahead = null
    if (freshUntil > Date.now()) {
      freshUntil = 0
      return Promise.resolve()
    }
    return load(options)
  }
}
