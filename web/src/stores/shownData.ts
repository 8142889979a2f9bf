/**
 * What the public data on screen is, for the one banner that says so (OfflineBanner.tsx), and the
 * connection's changes that update it: a store nobody renders is not on screen, so not in the banner.
 */
import { create, type StoreApi } from 'zustand'
import type { Resource } from './cache'

export interface ShownData {
  /**
   * The oldest copy on screen in place of a reply the server did not give (read from the device, or
   * fetched earlier in this visit: either is saved data now); null when there is none.
   */
  savedAt: number | null
  /** Some data on screen could neither be fetched nor found saved on this device. */
  missing: boolean
  /** Some data on screen is still being looked for on this device: what the page shows is not known yet. */
  checking?: boolean
}

export const useShownData = create<ShownData>(() => ({ savedAt: null, missing: false, checking: false }))

function knownOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false
}

/** Every public store and its subscribers. */
const registry = new Set<{ api: StoreApi<Resource<unknown>>; watchers: number }>()

function updateShownData() {
  let savedAt: number | null = null
  let missing = false
  let checking = false
  for (const { api, watchers } of registry) {
    if (watchers === 0) continue
    const { data, status, overdue, savedAt: at, checkingDevice } = api.getState()
    const failed = status === 'error' || (status === 'loading' && (overdue || knownOffline()))
    if (!failed) continue
    // Whether it came from the device or from a reply earlier in this visit, it is a saved copy now.
    if (data !== null && at !== null) savedAt = savedAt === null ? at : Math.min(savedAt, at)
    // Nothing saved and no reply for SLOW_MS (or none possible): the page is missing it now, not in 15 s.
    // A first look at the device still under way is not "missing" yet; a retry after a failure (overdue) stays missing, so no flicker.
    else if (data === null && !(checkingDevice && !overdue)) missing = true
    else if (data === null) checking = true
  }
  const current = useShownData.getState()
  if (current.savedAt !== savedAt || current.missing !== missing || current.checking !== checking) useShownData.setState({ savedAt, missing, checking })
}

/**
 * Puts a public store in the banner's count. Subscribers from here on are components on screen
 * (zustand's hook subscribes through `api.subscribe`), so call it before the store gets its hook.
 */
export function countOnScreen<T>(api: StoreApi<Resource<T>>) {
  const entry = { api: api as StoreApi<Resource<unknown>>, watchers: 0 }
  registry.add(entry)
  api.subscribe(updateShownData)
  const subscribe = api.subscribe
  api.subscribe = (listener) => {
    const unsubscribe = subscribe(listener)
    entry.watchers++
    updateShownData()
    let subscribed = true
    return () => {
      if (!subscribed) return
      subscribed = false
      unsubscribe()
      entry.watchers--
      updateShownData()
    }
  }
}

/** Loads of stores showing a saved copy: run again when the connection returns, so fresh data replaces it. */
const refreshWhenOnline = new Set<() => Promise<void>>()
export function refreshOnReconnect(load: () => Promise<void>, waiting: boolean) {
  if (waiting) refreshWhenOnline.add(load)
  else refreshWhenOnline.delete(load)
}

let watchingConnection = false
/** From the first load on (never at import time): the connection's changes update the stores and the banner. */
export function watchConnection() {
  if (watchingConnection || typeof window === 'undefined') return
  watchingConnection = true
  window.addEventListener('online', () => {
    for (const reload of [...refreshWhenOnline]) void reload()
    updateShownData()
  })
  window.addEventListener('offline', updateShownData)
}
