// The address of an uploaded picture, on its own: the public pages and the service worker need only this,
// and a module the staff screens share with them is carried whole in the public bundle. Pure.
/**
 * The address of an uploaded picture or one of its resized copies: /files/<content hash>[-<width>].<format>.
 * Content-addressed, so a copy kept once is never stale (the service worker and the web app's prefetch rely on it).
 */
export const UPLOADED_PICTURE_PATH = /^\/files\/[a-f0-9]+(-\d+)?\.(jpg|png|gif|webp|avif)$/

/** The logo the site ships with (web/public), shown until an owner uploads their own. */
export const SHIPPED_LOGO = '/logo.svg'
