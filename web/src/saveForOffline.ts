import { PAGE_KEYS, type PageKey } from '../../api/src/shared/rules/pages'
import { useAttractions } from './features/attractions/store'
import { useEvents } from './features/events/store'
import { GALLERY_TYPES, galleryStore } from './features/galleries/store'
import { useHolidays } from './features/opening-times/holidaysStore'
import { menuStore, type BusinessId } from './features/menus/store'
import { useOpeningTimes } from './features/opening-times/store'
import { useNotices } from './features/notices'
import { pageContentStore } from './features/pages'

const BUSINESSES: readonly BusinessId[] = [1, 2]
const PAGES_WITH_CONTENT: readonly PageKey[] = PAGE_KEYS

/**
 * Saves the data of every public page on the device while the visitor reads the first one, so that
 * after one visit with a signal the whole site opens without one (README "Offline and installing").
 * Every public store is loaded in the background (each lands in IndexedDB with its time). A menu's
 * data carries its text (read on the server), so a menu page never opened shows its text offline;
 * the PDF files and the pdf.js viewer are not fetched here (they would cost a first visit several
 * times all the rest): the drawn menu is kept once it has been seen. Pictures not seen yet are not
 * fetched either: a missing picture shows its placeholder offline.
 */
export async function saveEveryPublicPage(): Promise<void> {
  const stores = [
    useOpeningTimes,
    useHolidays,
    useEvents,
    useAttractions,
    useNotices,
    ...GALLERY_TYPES.map((type) => galleryStore(type)),
    ...BUSINESSES.map((id) => menuStore(id)),
    // Every public page's words and hero (api/src/features/pages).
    ...PAGES_WITH_CONTENT.map((page) => pageContentStore(page)),
  ]
  await Promise.all(stores.map((store) => store.getState().load({ background: true })))
}
