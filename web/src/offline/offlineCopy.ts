/**
 * The one copy of each shipped picture the service worker saves up front (its smallest WebP, see
 * web/build/static-images.ts): offline, it stands in for any size or format of that picture not seen
 * online. The originals and the other copies are kept only once a page has shown them.
 */
export const OFFLINE_COPY_EXTENSION = 'webp'

/** The public pages as the server last sent them (swPages.ts): emptied when a new version takes over. */
export const SERVED_PAGES_CACHE = 'served-pages-v1'
