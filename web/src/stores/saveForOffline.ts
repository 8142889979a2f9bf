import { useAttractions } from './attractions'
import { useEvents } from './events'
import { GALLERY_TYPES, galleryStore } from './galleries'
import { useHolidays } from './holidays'
import { loadMenuPdf, menuStore, type BusinessId } from './menus'
import { useOpeningTimes } from './openingTimes'

const BUSINESSES: readonly BusinessId[] = [1, 2]

/**
 * Saves the data of every public page on the device while the visitor reads the first one, so that
 * after one visit with a signal the whole site opens without one (README "Offline and installing").
 * Every public store is loaded in the background (each lands in IndexedDB with its time); for the
 * menus, the PDF file and the pdf.js viewer are fetched once through the service worker, which keeps
 * them. Pictures not seen yet are not fetched: they would cost a first visit far more than all the
 * rest, and a missing picture shows its placeholder offline.
 */
export async function saveEveryPublicPage(): Promise<void> {
  const stores = [useOpeningTimes, useHolidays, useEvents, useAttractions, ...GALLERY_TYPES.map((type) => galleryStore(type)), ...BUSINESSES.map((id) => menuStore(id))]
  await Promise.all(stores.map((store) => store.getState().load({ background: true })))

  const menus = BUSINESSES.flatMap((id) => {
    const url = menuStore(id).getState().data?.menu?.pdf_url
    return url ? [{ id, url }] : []
  })
  if (menus.length === 0) return
  // One at a time: a menu can be a few MB, and the visitor may be using the page meanwhile.
  for (const { id, url } of menus) await loadMenuPdf(id, url).catch(() => undefined)
  await saveMenuViewer().catch(() => undefined)
}

/**
 * pdf.js and its worker, fetched once so the service worker keeps them. The worker is fetched last, so
 * finding it kept means both are: later page loads then skip loading (and parsing) the library again.
 */
async function saveMenuViewer() {
  const worker = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).href
  if (typeof caches !== 'undefined' && (await caches.match(worker).catch(() => undefined))) return
  await import('../lib/pdf')
  await fetch(worker).then((response) => response.arrayBuffer())
}
