/**
 * The read cache's core, shared by public data and staff lists: the state every store keeps, the
 * timings that make a copy fresh, overdue or old enough to fetch again, and the copy saved on the device.
 */
import { useStore, type StoreApi, type UseBoundStore } from 'zustand'
import { ApiError } from '../api/client'
import { readSaved, writeSaved } from './storage'

export interface Resource<T> {
  data: T | null
  /** When `data` was fetched from the server (ms since epoch); null before the first success. */
  savedAt: number | null
  status: 'idle' | 'loading' | 'ready' | 'error'
  /** True while `data` is the device's saved copy rather than a reply the server gave on this visit. */
  fromCache: boolean
  /** The server has not answered for SLOW_MS: what is shown may be all there is for now. */
  overdue: boolean
  /** The device's saved copy is being looked for: until then nothing can be called missing. */
  checkingDevice?: boolean
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
  /**
   * False: a public store the offline banner does not speak for: what shows it on every page labels
   * its own saved copy (the notice for visitors) or is not what the banner speaks of (the venue's
   * details); counted, it would turn every page's banner into "showing information saved on …".
   */
  banner?: boolean
}

export interface LoadOptions {
  /**
   * Saving for offline use while the visitor reads another page: no pictures are fetched ahead, and
   * a copy saved within BACKGROUND_REFRESH_MS is kept as it is.
   */
  background?: boolean
  /** For a page whose code is still coming (its route's loadData): see fetchAhead.ts. */
  ahead?: boolean
  /**
   * A staff list read because a change landed: a read already under way may have been answered before
   * the change, so this one is made after it (one such read however many changes land meanwhile).
   */
  afterChange?: boolean
}

export type ResourceStore<T> = UseBoundStore<StoreApi<Resource<T>>>

/** Every request for public data gives up after this long (then the saved copy, if any, stays). */
export const READ_TIMEOUT_MS = 15_000
/** After this long without a reply, a saved copy on screen is announced as saved data. */
export const SLOW_MS = 3_000
/** A background save skips data saved more recently than this (moving between pages re-downloads nothing). */
export const BACKGROUND_REFRESH_MS = 30 * 60 * 1000
/** Data the page was served with (pageData.ts) counts as just fetched for this long: the first visit does not fetch it again. */
export const PAGE_DATA_FRESH_MS = 5 * 60 * 1000

/** A store before its first load. */
export const EMPTY = { data: null, savedAt: null, status: 'idle', fromCache: false, overdue: false, error: null } as const

/** What the device keeps of a reply: the data and when the server gave it, however often it is shown again. */
interface SavedCopy<T> {
  data: T
  savedAt: number
}

export const readCopy = <T>(cacheKey: string) => readSaved<SavedCopy<T>>(cacheKey)

export const keepCopy = <T>(cacheKey: string, data: T, savedAt: number) => writeSaved(cacheKey, { data, savedAt } satisfies SavedCopy<T>)

/** The text a failed load leaves in `error`. */
export const failureText = (error: unknown) => (error instanceof ApiError ? error.message : String(error))

/**
 * The store as the app uses it: a React hook (optionally with a selector) that is also the store.
 * Made last, once `api` has all its methods: they are copied onto the hook.
 */
export function asHook<T>(api: StoreApi<Resource<T>>): ResourceStore<T> {
  const useResource = (<U>(selector?: (state: Resource<T>) => U) => useStore(api, selector!)) as ResourceStore<T>
  return Object.assign(useResource, api)
}
