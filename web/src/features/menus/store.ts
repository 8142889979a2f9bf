import { api, ApiError } from '../../api/client'
import type { MenuInfo } from '../../api/types'
import { forgetSaved, readSaved, resourceFamily, writeSaved } from '../../stores'
import { MENU_PDF_KEY_PREFIX } from '../../storage-keys'

import type { BusinessId } from '../../../../api/src/shared/rules/venues'

export type { BusinessId }
export { menuPath } from '../../../../api/src/shared/rules/venues'

/** `menu` is null when the server says no menu has been uploaded yet (a 404), so "no menu" is saved like any other answer. */
export interface MenuEntry {
  menu: MenuInfo | null
}

/** The menu metadata of each business (GET /api/get-menu/:businessId). */
export const menuStore = resourceFamily<BusinessId, MenuEntry>('menu', async (businessId, request) => {
  try {
    return { menu: await api.get<MenuInfo>(`/api/get-menu/${businessId}`, request) }
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      // The menu was taken down: its saved file is no use any more.
      await forgetMenuPdf(businessId)
      return { menu: null }
    }
    throw error
  }
})

export interface MenuPdf {
  bytes: Uint8Array
  /** True when the network failed and these are the bytes saved on the device earlier. */
  fromCache: boolean
  savedAt: number
}

interface SavedPdf {
  url: string
  bytes: ArrayBuffer
  savedAt: number
}

const pdfKey = (businessId: BusinessId) => `${MENU_PDF_KEY_PREFIX}${businessId}`

/**
 * The PDF file of a menu. File URLs are content-addressed, so a saved copy of the same URL is the same
 * file and is used without asking the network; a new URL is fetched and replaces the saved copy (one per
 * business, so old menus do not pile up on the phone). Offline, the last saved menu is returned even
 * if the metadata now names a newer file.
 */
export async function loadMenuPdf(businessId: BusinessId, url: string, signal?: AbortSignal): Promise<MenuPdf> {
  const saved = await readSaved<SavedPdf>(pdfKey(businessId))
  if (saved && saved.url === url) return { bytes: new Uint8Array(saved.bytes), fromCache: false, savedAt: saved.savedAt }
  let response: Response
  try {
    response = await fetch(url, { signal })
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error
    if (saved) return { bytes: new Uint8Array(saved.bytes), fromCache: true, savedAt: saved.savedAt }
    throw new ApiError(0, 'You appear to be offline.')
  }
  if (!response.ok) {
    if (saved) return { bytes: new Uint8Array(saved.bytes), fromCache: true, savedAt: saved.savedAt }
    throw new ApiError(response.status, `The menu file could not be loaded (${response.status}).`)
  }
  const bytes = await response.arrayBuffer()
  const savedAt = Date.now()
  // Stored as its own copy: pdf.js transfers the buffer it is given to its worker.
  await writeSaved(pdfKey(businessId), { url, bytes: bytes.slice(0), savedAt } satisfies SavedPdf)
  return { bytes: new Uint8Array(bytes), fromCache: false, savedAt }
}

/** Forgets a business's saved PDF (when the server says it has no menu any more). */
export function forgetMenuPdf(businessId: BusinessId): Promise<void> {
  return forgetSaved(pdfKey(businessId))
}

/**
 * Whether the menu's file at `url` can be opened without the network: kept by the service worker
 * (which answers the page's Open and Download links), or, where there is no Cache Storage, saved
 * on the device by loadMenuPdf.
 */
export async function menuPdfKept(businessId: BusinessId, url: string): Promise<boolean> {
  if (typeof caches !== 'undefined') return (await caches.match(url).catch(() => undefined)) !== undefined
  const saved = await readSaved<SavedPdf>(pdfKey(businessId))
  return saved?.url === url
}
