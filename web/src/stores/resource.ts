/**
 * The read cache's stores: one per piece of data, saved on the device (IndexedDB) so the last known copy
 * shows instantly (and offline), then refreshed from the network. Nothing here runs at import time, so
 * components using them render on the server too.
 *
 * The service worker never answers API requests, so a reply is always the server's, and the saved
 * copy is the only other source: the store knows which one it shows, and a saved copy keeps the
 * time it was fetched, however often it is shown again.
 */
import { createStore } from 'zustand/vanilla'
import type { RequestOptions } from '../api/client'
import { STAFF_SAVED_PREFIX } from '../storage-keys'
import {
  asHook,
  EMPTY,
  failureText,
  keepCopy,
  READ_TIMEOUT_MS,
  readCopy,
  SLOW_MS,
  type LoadOptions,
  type Resource,
  type ResourceOptions,
  type ResourceStore,
} from './cache'
import { fetchesAhead } from './fetchAhead'
import { keepPicturesOf } from './pictures'
import { backgroundSaveIsRecent, renderFromServedData, servedCopy, servedState, showsLoading } from './publicPages'
import { countOnScreen, refreshOnReconnect, watchConnection } from './shownData'
import { createStaffResource } from './staffResource'

/** A store for one piece of data: public unless `options.staff` (staffResource.ts). */
export function createResource<T>(cacheKey: string, fetcher: (request: RequestOptions) => Promise<T>, options: ResourceOptions = {}): ResourceStore<T> {
  if (options.staff === true) return createStaffResource(STAFF_SAVED_PREFIX + cacheKey, fetcher, options.keep !== false)
  const api = createStore<Resource<T>>()((setState, getState) => {
    const served = servedCopy<T>(cacheKey, { getState, setState })
    let inFlight: Promise<void> | null = null
    let inFlightBackground = false
    /** The saved copy on screen at once while the server is asked; overdue after SLOW_MS (at once after a failure); the reply saved. */
    const fetchAndKeep = async (background: boolean) => {
      if (background && (await backgroundSaveIsRecent(cacheKey, getState()))) return
      // A store whose last try failed stays overdue while it asks again: the banner that said so stays until a reply comes.
      const { status, overdue } = getState()
      // Offline, a store with nothing on screen counts as missing at once: not while its saved copy is still being read.
      const lookup = getState().data === null ? { checkingDevice: true } : {}
      if (showsLoading(background, status)) setState({ status: 'loading', overdue: overdue || status === 'error', ...lookup })
      else if (getState().data === null) setState(lookup)
      // A saved copy on screen (a page kept from an earlier visit) gives way to a newer one on the device.
      if (getState().data === null || getState().fromCache) {
        try {
          const saved = await readCopy<T>(cacheKey)
          const { data, savedAt } = getState()
          if (saved && (data === null || (getState().fromCache && saved.savedAt > (savedAt ?? 0))))
            setState({ data: saved.data, savedAt: saved.savedAt, fromCache: true })
        } finally {
          setState({ checkingDevice: false })
        }
      }
      const slow = getState().status === 'loading' ? setTimeout(() => setState({ overdue: true }), SLOW_MS) : undefined
      try {
        const data = await fetcher({ timeoutMs: READ_TIMEOUT_MS })
        const savedAt = Date.now()
        setState({ data, savedAt, fromCache: false, status: 'ready', overdue: false, error: null })
        refreshOnReconnect(load, false)
        await keepCopy(cacheKey, data, savedAt)
        if (!background) void keepPicturesOf(data)
      } catch (error) {
        // Public fetch failures are only logged (SPEC §8); the saved copy, if any, stays on screen with its own time.
        console.error(`Could not load ${cacheKey}:`, error)
        setState({ status: 'error', overdue: false, error: failureText(error) })
        refreshOnReconnect(load, true)
      } finally {
        clearTimeout(slow)
      }
    }
    const load = (options: LoadOptions = {}): Promise<void> => {
      const background = options.background === true
      if (inFlight) {
        // A background save may end without loading anything (a recent copy is kept as it is), so a
        // page that asks meanwhile waits for it and then loads for itself rather than sharing it.
        if (background || !inFlightBackground) return inFlight
        return inFlight.then(() => (getState().status === 'ready' && !getState().fromCache ? undefined : load(options)))
      }
      watchConnection()
      if (served.isFresh()) return served.keep()
      inFlightBackground = background
      inFlight = fetchAndKeep(background).finally(() => {
        inFlight = null
      })
      return inFlight
    }
    const reset = () => {
      inFlight = null
      served.forget()
      setState({ ...EMPTY })
    }
    return { ...servedState<T>(cacheKey), load: fetchesAhead(load), reset }
  })
  renderFromServedData(cacheKey, api, () => fetcher({}))
  if (options.banner !== false) countOnScreen(api)
  return asHook(api)
}

/** One store per key (e.g. a gallery per type), made on first use. */
export function resourceFamily<K extends string | number, T>(prefix: string, fetcher: (key: K, request: RequestOptions) => Promise<T>) {
  const stores = new Map<K, ResourceStore<T>>()
  return (key: K) => {
    let store = stores.get(key)
    if (!store) {
      store = createResource<T>(`${prefix}:${key}`, (request) => fetcher(key, request))
      stores.set(key, store)
    }
    return store
  }
}
