/**
 * The read cache's one entry for the rest of the app: stores of public data and staff lists
 * (resource.ts), the hook that shows one (useResource.ts), what the data on screen is for the offline
 * banner (shownData.ts), the page's embedded data and the server's render (pageData.ts,
 * publicPages.ts), and the device storage they share (storage.ts).
 */
export {
  BACKGROUND_REFRESH_MS,
  PAGE_DATA_FRESH_MS,
  READ_TIMEOUT_MS,
  SLOW_MS,
  type LoadOptions,
  type Resource,
  type ResourceOptions,
  type ResourceStore,
} from './cache'
export { pageData, pageDataScript, pageRenderedAt, setPageDataForRender, type PageData } from './pageData'
export { storesForRender } from './publicPages'
export { createResource, resourceFamily } from './resource'
export { useShownData, type ShownData } from './shownData'
export { forgetSaved, forgetSavedStartingWith, readSaved, writeSaved } from './storage'
export { useResource } from './useResource'
