/**
 * Public data as pages carry it: the data a page was served with (its embedded copy, pageData.ts),
 * the server's render of a page with current data, and saving for offline use in the background.
 */
import type { StoreApi } from 'zustand'
import { BACKGROUND_REFRESH_MS, EMPTY, keepCopy, PAGE_DATA_FRESH_MS, readCopy, type Resource } from './cache'
import { pageData } from './pageData'
import { keepPicturesOf } from './pictures'

/** The state the page was served with (its embedded data; from an earlier visit's copy: a saved copy of its time), else EMPTY itself. */
export function servedState<T>(cacheKey: string) {
  const page = pageData()
  const served = page?.stores[cacheKey]
  if (served === undefined) return EMPTY
  return { ...EMPTY, data: served as T, savedAt: Date.parse(page!.renderedAt), fromCache: page!.savedCopy === true, status: 'ready' as const }
}

/**
 * The page's data, as good as a reply just fetched: until PAGE_DATA_FRESH_MS after the browser starts
 * from it, a load does not fetch it again but saves it once for offline visits, with its pictures.
 */
export function servedCopy<T>(cacheKey: string, api: Pick<StoreApi<Resource<T>>, 'getState' | 'setState'>) {
  // A copy kept from an earlier visit is never as good as a reply: the server is asked at once.
  let freshUntil = servedState(cacheKey) === EMPTY || typeof window === 'undefined' || pageData()?.savedCopy ? 0 : Date.now() + PAGE_DATA_FRESH_MS
  let kept = false
  return {
    isFresh: () => freshUntil > Date.now(),
    forget: () => {
      freshUntil = 0
    },
    keep: async () => {
      const { data } = api.getState()
      if (kept || data === null) return
      kept = true
      const savedAt = Date.now()
      api.setState({ savedAt })
      await keepCopy(cacheKey, data, savedAt)
      void keepPicturesOf(data)
    },
  }
}

/** A background save has nothing to do: a fresh reply is on screen, or the device saved one recently. */
export async function backgroundSaveIsRecent<T>(cacheKey: string, state: Resource<T>): Promise<boolean> {
  if (state.status === 'ready' && !state.fromCache) return true
  const saved = await readCopy<T>(cacheKey)
  return !!saved && Date.now() - saved.savedAt < BACKGROUND_REFRESH_MS
}

/** A load shows as 'loading', but not the idle offline save retrying a list shown as failed: placeholders back, then gone, moved the page twice. */
export const showsLoading = (background: boolean, status: Resource<unknown>['status']) => !(background && status === 'error')

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

/**
 * React renders on the server, and hydrates, from a store's initial state: the data of the page being
 * rendered (the server renders page after page with the same stores), the same object while it is.
 */
export function renderFromServedData<T>(cacheKey: string, api: StoreApi<Resource<T>>, fetch: () => Promise<unknown>) {
  let initial = { for: pageData(), state: api.getInitialState() }
  api.getInitialState = () => {
    readByRender.add(cacheKey)
    if (initial.for !== pageData()) initial = { for: pageData(), state: { ...api.getState(), ...servedState<T>(cacheKey) } }
    return initial.state
  }
  publicStores.set(cacheKey, { fetch })
}
