import { create, useStore, type StoreApi, type UseBoundStore } from 'zustand'
import { createStore } from 'zustand/vanilla'
import { ApiError, type RequestOptions } from '../api/client'
import { fetchesAhead } from './fetchAhead'
import { pageData } from './pageData'
import { keepPicturesOf } from './pictures'
import { readSaved, writeSaved } from './storage'
import { STAFF_SAVED_PREFIX } from '../storage-keys'

export interface Resource<T> {
  data: T | null
  /** When `data` was fetched from the server (ms since epoch); null before the first success. */
  savedAt: number | null
  status: 'idle' | 'loading' | 'ready' | 'error'
  /** True while `data` is the device's saved copy rather than a reply the server gave on this visit. */
  fromCache: boolean
  /** The server has not answered for SLOW_MS: what is shown may be all there is for now. */
  overdue: boolean
  error: string | null
  load(options?: LoadOptions): Promise<void>
  /** Back to empty, as before the first load (staff lists on sign-out, tests). */
  reset(): void
}

export interface ResourceOptions {
  /**
   * A staff list (admin/features/<feature>/store.ts): it is shown only once the server answers, and its
   * saved copy only when the server cannot be reached; the offline banner and picture saving are
   * for public pages and leave it out. Its key is kept under STAFF_SAVED_PREFIX, cleared on sign-out.
   */
  staff?: boolean
  /** False: never written to the device (personal data such as contact messages). */
  keep?: boolean
}

export interface LoadOptions {
  /**
   * Saving for offline use while the visitor reads another page: no pictures are fetched ahead, and
   * a copy saved within BACKGROUND_REFRESH_MS is kept as it is.
   */
  background?: boolean
  /** For a page whose code is still coming (its route's loadData): see fetchAhead.ts. */
  ahead?: boolean
}

/** Every request for public data gives up after this long (then the saved copy, if any, stays). */
export const READ_TIMEOUT_MS = 15_000
/** After this long without a reply, a saved copy on screen is announced as saved data. */
export const SLOW_MS = 3_000
/** A background save skips data saved more recently than this (moving between pages re-downloads nothing). */
export const BACKGROUND_REFRESH_MS = 30 * 60 * 1000
/** Data the page was served with (pageData.ts) counts as just fetched for this long: the first visit does not fetch it again. */
export const PAGE_DATA_FRESH_MS = 5 * 60 * 1000

interface SavedCopy<T> {
  data: T
  savedAt: number
}

/** What the data on screen is, for the one banner that says so (OfflineBanner.tsx). */
export interface ShownData {
  /** The oldest saved copy on screen in place of a reply the server did not give; null when there is none. */
  savedAt: number | null
  /** Some data on screen could neither be fetched nor found saved on this device. */
  missing: boolean
}

export const useShownData = create<ShownData>(() => ({ savedAt: null, missing: false }))

function knownOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false
}

/** Every resource store and its subscribers: one nobody renders is not on screen, so not in the banner. */
const registry = new Set<{ api: StoreApi<Resource<unknown>>; watchers: number }>()

/** Public stores by cache key, for the server's render (storesForRender). */
const publicStores = new Map<string, { fetch: () => Promise<unknown> }>()
/** The keys whose data a server render read (zustand reads a store's initial state when rendering on the server). */
const readByRender = new Set<string>()

/**
 * For the server's render of a page with current data (entry-server.tsx): which stores the last render
 * read, and each one's fetcher (the same code the browser runs, through the API client's transport).
 */
export const storesForRender = {
  read: (): string[] => [...readByRender],
  forget: () => readByRender.clear(),
  fetch: (key: string): Promise<unknown> | null => publicStores.get(key)?.fetch() ?? null,
}

function updateShownData() {
  let savedAt: number | null = null
  let missing = false
  for (const { api, watchers } of registry) {
    if (watchers === 0) continue
    const { data, fromCache, status, overdue, savedAt: at } = api.getState()
    const failed = status === 'error' || (status === 'loading' && (overdue || knownOffline()))
    if (!failed) continue
    if (data !== null && fromCache && at !== null) savedAt = savedAt === null ? at : Math.min(savedAt, at)
    // Nothing saved and no reply for SLOW_MS (or none possible): the page is missing it now, not in 15 s.
    else if (data === null) missing = true
  }
  const current = useShownData.getState()
  if (current.savedAt !== savedAt || current.missing !== missing) useShownData.setState({ savedAt, missing })
}

/** Loads of stores showing a saved copy: run again when the connection returns, so fresh data replaces it. */
const refreshWhenOnline = new Set<() => Promise<void>>()
function refreshOnReconnect(load: () => Promise<void>, waiting: boolean) {
  if (waiting) refreshWhenOnline.add(load)
  else refreshWhenOnline.delete(load)
}

let watchingConnection = false
/** From the first load on (never at import time): the connection's changes update the stores and the banner. */
function watchConnection() {
  if (watchingConnection || typeof window === 'undefined') return
  watchingConnection = true
  window.addEventListener('online', () => {
    for (const reload of [...refreshWhenOnline]) void reload()
    updateShownData()
  })
  window.addEventListener('offline', updateShownData)
}

/** A load shows as 'loading', but not the idle offline save retrying a list shown as failed: placeholders back, then gone, moved the page twice. */
const showsLoading = (background: boolean, status: Resource<unknown>['status']) => !(background && status === 'error')

export type ResourceStore<T> = UseBoundStore<StoreApi<Resource<T>>>

/**
 * A zustand store for one piece of public data, saved to IndexedDB so the last known copy shows
 * instantly (and offline), then refreshed from the network. Nothing here runs at import time, so
 * components using it render on the server too.
 *
 * The service worker never answers API requests, so a reply is always the server's, and the saved
 * copy is the only other source: the store knows which one it shows, and a saved copy keeps the
 * time it was fetched, however often it is shown again.
 */
export function createResource<T>(cacheKey: string, fetcher: (request: RequestOptions) => Promise<T>, options: ResourceOptions = {}): ResourceStore<T> {
  const staff = options.staff === true
  const keep = options.keep !== false
  if (staff) cacheKey = STAFF_SAVED_PREFIX + cacheKey
  let inFlight: Promise<void> | null = null
  let inFlightBackground = false
  const EMPTY = { data: null, savedAt: null, status: 'idle', fromCache: false, overdue: false, error: null } as const
  /** The state the page was served with (its embedded data), else empty. Staff lists never come with the page. */
  const servedState = () => {
    const served = staff ? undefined : pageData()?.stores[cacheKey]
    if (served === undefined) return EMPTY
    return { ...EMPTY, data: served as T, savedAt: Date.parse(pageData()!.renderedAt), status: 'ready' as const }
  }
  /** Until then a load does not fetch what the page brought (set when the browser starts from page data). */
  let servedFreshUntil = servedState() === EMPTY || typeof window === 'undefined' ? 0 : Date.now() + PAGE_DATA_FRESH_MS
  let servedCopyKept = false
  const api = createStore<Resource<T>>()((setState, getState) => {
    const reset = () => {
      inFlight = null
      servedFreshUntil = 0
      setState({ ...EMPTY })
    }
    /** A staff list: the server's reply, else (unreachable) the saved copy; 401 is adminGet's business. */
    const loadStaffList = (): Promise<void> => {
      if (inFlight) return inFlight
      inFlight = (async () => {
        setState({ status: 'loading' })
        try {
          let shown = getState().data
          let data = await fetcher({})
          // A change's reply put newer data on screen while this read was on its way (sent before the
          // change landed): its answer may be older, so read again rather than undo the change.
          for (let again = 0; getState().data !== shown && again < 2; again++) {
            shown = getState().data
            data = await fetcher({})
          }
          const savedAt = Date.now()
          setState({ data, savedAt, status: 'ready', error: null, fromCache: false })
          if (keep) await writeSaved(cacheKey, { data, savedAt } satisfies SavedCopy<T>)
        } catch (error) {
          const unreachable = error instanceof ApiError ? error.isNetwork : false
          // On screen is at least as new as the saved copy (a change's reply may be there): keep it, not refreshed.
          if (unreachable && getState().data !== null) return setState({ status: 'ready', error: null, fromCache: true })
          const saved = keep && unreachable ? await readSaved<SavedCopy<T>>(cacheKey) : undefined
          if (saved) {
            setState({ data: saved.data, savedAt: saved.savedAt, status: 'ready', error: null, fromCache: true })
            return
          }
          console.error('Admin list failed to load:', error)
          setState({ status: 'error', error: error instanceof ApiError ? error.message : String(error) })
        }
      })().finally(() => {
        inFlight = null
      })
      return inFlight
    }
    const load = (options: LoadOptions = {}): Promise<void> => {
      if (staff) return loadStaffList()
      const background = options.background === true
      if (inFlight) {
        // A background save may end without loading anything (a recent copy is kept as it is), so a
        // page that asks meanwhile waits for it and then loads for itself rather than sharing it.
        if (background || !inFlightBackground) return inFlight
        return inFlight.then(() => (getState().status === 'ready' && !getState().fromCache ? undefined : load(options)))
      }
      watchConnection()
      if (servedFreshUntil > Date.now()) return keepServedCopy()
      inFlightBackground = background
      inFlight = (async () => {
        if (background) {
          if (getState().status === 'ready' && !getState().fromCache) return
          const saved = await readSaved<SavedCopy<T>>(cacheKey)
          if (saved && Date.now() - saved.savedAt < BACKGROUND_REFRESH_MS) return
        }
        if (showsLoading(background, getState().status)) setState({ status: 'loading', overdue: false })
        if (getState().data === null) {
          const saved = await readSaved<SavedCopy<T>>(cacheKey)
          if (saved && getState().data === null) setState({ data: saved.data, savedAt: saved.savedAt, fromCache: true })
        }
        const slow = getState().status === 'loading' ? setTimeout(() => setState({ overdue: true }), SLOW_MS) : undefined
        try {
          const data = await fetcher({ timeoutMs: READ_TIMEOUT_MS })
          const savedAt = Date.now()
          setState({ data, savedAt, fromCache: false, status: 'ready', overdue: false, error: null })
          refreshOnReconnect(load, false)
          await writeSaved(cacheKey, { data, savedAt } satisfies SavedCopy<T>)
          if (!background) void keepPicturesOf(data)
        } catch (error) {
          // Public fetch failures are only logged (SPEC §8); the saved copy, if any, stays on screen with its own time.
          console.error(`Could not load ${cacheKey}:`, error)
          setState({ status: 'error', overdue: false, error: error instanceof ApiError ? error.message : String(error) })
          refreshOnReconnect(load, true)
        } finally {
          clearTimeout(slow)
        }
      })().finally(() => {
        inFlight = null
      })
      return inFlight
    }
    /** The page's data, as good as a reply just fetched: saved once for offline visits, with its pictures. */
    const keepServedCopy = async () => {
      const { data } = getState()
      if (servedCopyKept || data === null) return
      servedCopyKept = true
      const savedAt = Date.now()
      setState({ savedAt })
      await writeSaved(cacheKey, { data, savedAt } satisfies SavedCopy<T>)
      void keepPicturesOf(data)
    }
    return { ...servedState(), load: fetchesAhead(load), reset }
  })
  const useResource = (<U>(selector?: (state: Resource<T>) => U) => useStore(api, selector!)) as ResourceStore<T>
  if (staff) return Object.assign(useResource, api)

  // React renders on the server, and hydrates, from a store's initial state: the data of the page being
  // rendered (the server renders page after page with the same stores), the same object while it is.
  let initial = { for: pageData(), state: api.getInitialState() }
  api.getInitialState = () => {
    readByRender.add(cacheKey)
    if (initial.for !== pageData()) initial = { for: pageData(), state: { ...api.getState(), ...servedState() } }
    return initial.state
  }
  publicStores.set(cacheKey, { fetch: () => fetcher({}) })

  const entry = { api: api as StoreApi<Resource<unknown>>, watchers: 0 }
  registry.add(entry)
  api.subscribe(updateShownData)
  // Subscribers from here on are components on screen (zustand's hook subscribes through `api.subscribe`).
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
  return Object.assign(useResource, api)
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
