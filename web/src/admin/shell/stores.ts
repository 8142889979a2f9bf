/**
 * Zustand stores for what staff screens list (one per kind of data). Screens call `load()` in an
 * effect and again after a change; the stores fetch through adminApi, so a 401 signs out.
 */
import { clear, createStore, get, set as put } from 'idb-keyval'
import { create } from 'zustand'
import { ApiError } from '../../api/client'
import type { AdminHoliday, Attraction, ContactMessage, DashboardReply, GalleryGrouped, MenuInfo, OpeningTimes, VenueEvent } from '../../api/types'
import { adminGet, onChangeLanded } from '../adminApi'

export interface AdminResource<T> {
  data: T | null
  status: 'idle' | 'loading' | 'ready' | 'error'
  error: ApiError | null
  /** True when `data` is the copy saved on this device (the server could not be reached). */
  fromCache: boolean
  load(): Promise<void>
  reset(): void
}

/**
 * The last copy of each content list, so staff can keep working offline after a reload (contact
 * messages are personal data and are never kept). Cleared on logout.
 */
let cacheDb: ReturnType<typeof createStore> | null = null
const cache = () => (cacheDb ??= createStore('venue-admin-cache', 'lists'))
export const clearAdminCache = () => clear(cache()).catch(() => undefined)

export function createAdminResource<T>(fetcher: () => Promise<T>, cacheKey?: string) {
  let running: Promise<void> | null = null
  return create<AdminResource<T>>((set) => ({
    data: null,
    status: 'idle',
    error: null,
    fromCache: false,
    load() {
      if (running) return running
      running = (async () => {
        set({ status: 'loading' })
        try {
          const data = await fetcher()
          set({ data, status: 'ready', error: null, fromCache: false })
          if (cacheKey) await put(cacheKey, data, cache()).catch(() => undefined)
        } catch (error) {
          const failure = error instanceof ApiError ? error : new ApiError(0, String(error))
          const saved = cacheKey && failure.isNetwork ? await get<T>(cacheKey, cache()).catch(() => undefined) : undefined
          if (saved !== undefined) {
            set({ data: saved, status: 'ready', error: null, fromCache: true })
            return
          }
          console.error('Admin list failed to load:', error)
          set({ status: 'error', error: failure })
        }
      })().finally(() => {
        running = null
      })
      return running
    },
    reset() {
      running = null
      set({ data: null, status: 'idle', error: null, fromCache: false })
    },
  }))
}

export const useGalleryGrouped = createAdminResource(() => adminGet<GalleryGrouped & Record<string, GalleryGrouped['1']>>('/api/galleryGrouped'), 'galleries')
export const useAdminAttractions = createAdminResource(() => adminGet<Attraction[]>('/api/around'), 'attractions')
export const useAdminOpeningTimes = createAdminResource(() => adminGet<OpeningTimes>('/api/opening-times'), 'times')
export const useAdminHolidays = createAdminResource(() => adminGet<AdminHoliday[]>('/api/bank-admin-holiday-exceptions'), 'holidays')
export const useAdminEvents = createAdminResource(() => adminGet<VenueEvent[]>('/api/admin/events'), 'events')
export const useAdminMessages = createAdminResource(() => adminGet<ContactMessage[]>('/api/admin/messages'))

async function menuOrNone(businessId: 1 | 2): Promise<MenuInfo | null> {
  try {
    return await adminGet<MenuInfo>(`/api/get-menu/${businessId}`)
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null
    throw error
  }
}

/** The current menu of each business (null: none uploaded yet). */
export const useAdminMenus = createAdminResource(async () => {
  const [stables, hotel] = await Promise.all([menuOrNone(1), menuOrNone(2)])
  return { 1: stables, 2: hotel } as Record<1 | 2, MenuInfo | null>
}, 'menus')

/** Which list shows what a change (by its path) alters. */
const LIST_OF_PATH: [RegExp, { getState(): { status: string; load(): Promise<void> } }][] = [
  [/^\/api\/(upload|delete)-gallery/, useGalleryGrouped],
  [/^\/api\/(upload|edit|delete)-around/, useAdminAttractions],
  [/^\/api\/update-times/, useAdminOpeningTimes],
  [/^\/api\/(add|remove)-bank-holiday-times/, useAdminHolidays],
  [/^\/api\/(upload|update|delete)-event/, useAdminEvents],
  [/^\/api\/upload-pdf/, useAdminMenus],
]

// A queued change landed (perhaps long after it was made): the list that shows it is read again.
onChangeLanded((entry) => {
  for (const [pattern, store] of LIST_OF_PATH) {
    if (pattern.test(entry.path) && store.getState().status !== 'idle') void store.getState().load()
  }
})

export type DashboardState =
  | { status: 'loading' }
  | { status: 'granted'; message: string; username: string }
  | { status: 'denied' }
  | { status: 'offline' }

/** The dashboard's server check: 401 is the dashboard's own business (it shows 'Access denied...'). */
export const useDashboard = create<DashboardState & { check(options?: { quiet?: boolean }): Promise<void> }>((set) => ({
  status: 'loading',
  /** `quiet`: no "Loading…" in between (a re-check because the server answered something else). */
  async check({ quiet = false } = {}) {
    if (!quiet) set({ status: 'loading' })
    try {
      const reply = await adminGet<DashboardReply>('/api/admin/dashboard', { signOutOn401: false })
      if (reply?.message === 'Access granted!') set({ status: 'granted', message: reply.message, username: reply.username })
      else set({ status: 'denied' })
    } catch (error) {
      if (error instanceof ApiError && error.isNetwork) set({ status: 'offline' })
      else set({ status: 'denied' })
    }
  },
}))

/** Every admin store back to empty (tests, and signing out). */
export function resetAdminStores(): void {
  for (const store of [useGalleryGrouped, useAdminAttractions, useAdminOpeningTimes, useAdminHolidays, useAdminEvents, useAdminMessages, useAdminMenus]) {
    store.getState().reset()
  }
  useDashboard.setState({ status: 'loading' })
}
