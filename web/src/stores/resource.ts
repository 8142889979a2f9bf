import { get, set } from 'idb-keyval'
import { create } from 'zustand'
import { ApiError } from '../api/client'

export interface Resource<T> {
  data: T | null
  /** When `data` was fetched from the server (ms since epoch); null before the first success. */
  savedAt: number | null
  status: 'idle' | 'loading' | 'ready' | 'error'
  /** True while `data` came from the device's saved copy rather than a fresh reply. */
  fromCache: boolean
  error: string | null
  load(): Promise<void>
}

/**
 * Which data on screen came from the device's saved copy, and from when: the offline banner reads
 * this to say "showing information saved on …".
 */
export const useSavedData = create<Record<string, number>>(() => ({}))

/** The oldest saved copy currently shown instead of a fresh reply; null when everything is fresh. */
export function oldestSavedAt(saved: Record<string, number>): number | null {
  const times = Object.values(saved)
  return times.length ? Math.min(...times) : null
}

function markSaved(key: string, savedAt: number | null) {
  // Replaces the whole map (zustand would otherwise merge, and a removed key would stay).
  useSavedData.setState((current) => {
    if (savedAt === null) {
      if (!(key in current)) return current
      const { [key]: _fresh, ...rest } = current
      return rest
    }
    return current[key] === savedAt ? current : { ...current, [key]: savedAt }
  }, true)
}

/** True only when the browser knows it has no connection at all (navigator.onLine is false). */
function knownOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false
}

/** Loads of stores showing a saved copy: run again when the connection returns, so fresh data replaces it. */
const refreshWhenOnline = new Set<() => Promise<void>>()
let listeningForOnline = false
function refreshOnReconnect(load: () => Promise<void>, waiting: boolean) {
  if (!waiting) {
    refreshWhenOnline.delete(load)
    return
  }
  refreshWhenOnline.add(load)
  if (listeningForOnline || typeof window === 'undefined') return
  listeningForOnline = true
  window.addEventListener('online', () => {
    for (const reload of [...refreshWhenOnline]) void reload()
  })
}

/**
 * A zustand store for one piece of public data, saved to IndexedDB so the last known copy shows
 * instantly (and offline), then refreshed from the network. Nothing here runs at import time, so
 * components using it render on the server too.
 *
 * Offline, the service worker may still answer the request with the reply it saved earlier. That
 * reply is no fresher than the saved copy, so it is shown as saved data (with the saved copy's date)
 * and never re-stamped as new.
 */
export function createResource<T>(cacheKey: string, fetcher: () => Promise<T>) {
  let inFlight: Promise<void> | null = null
  return create<Resource<T>>((setState, getState) => {
    const load = (): Promise<void> => {
      if (inFlight) return inFlight
      inFlight = (async () => {
        setState({ status: 'loading' })
        if (getState().data === null) {
          const saved = await get<{ data: T; savedAt: number }>(cacheKey).catch(() => undefined)
          if (saved && getState().data === null) setState({ data: saved.data, savedAt: saved.savedAt, fromCache: true })
        }
        try {
          const data = await fetcher()
          if (knownOffline()) {
            // No connection, yet a reply: the service worker's saved copy, not news from the venue.
            const { fromCache, savedAt: savedCopyAt } = getState()
            const savedAt = fromCache ? savedCopyAt : null
            setState({ data, savedAt, fromCache: true, status: 'ready', error: null })
            if (savedAt !== null) markSaved(cacheKey, savedAt)
            refreshOnReconnect(load, true)
            return
          }
          const savedAt = Date.now()
          setState({ data, savedAt, fromCache: false, status: 'ready', error: null })
          markSaved(cacheKey, null)
          refreshOnReconnect(load, false)
          await set(cacheKey, { data, savedAt }).catch(() => undefined)
        } catch (error) {
          // Public fetch failures are only logged (SPEC §8); the saved copy, if any, stays on screen.
          console.error(`Could not load ${cacheKey}:`, error)
          setState({ status: 'error', error: error instanceof ApiError ? error.message : String(error) })
          const { fromCache, savedAt } = getState()
          if (fromCache && savedAt !== null) markSaved(cacheKey, savedAt)
          refreshOnReconnect(load, true)
        }
      })().finally(() => {
        inFlight = null
      })
      return inFlight
    }
    return { data: null, savedAt: null, status: 'idle', fromCache: false, error: null, load }
  })
}

/** One store per key (e.g. a gallery per type), made on first use. */
export function resourceFamily<K extends string | number, T>(prefix: string, fetcher: (key: K) => Promise<T>) {
  const stores = new Map<K, ReturnType<typeof createResource<T>>>()
  return (key: K) => {
    let store = stores.get(key)
    if (!store) {
      store = createResource<T>(`${prefix}:${key}`, () => fetcher(key))
      stores.set(key, store)
    }
    return store
  }
}
