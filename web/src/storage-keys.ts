/**
 * Every name the web app stores under on the device, in one place: a key changed here changes for the
 * code that writes it and the code that reads it (or listens for it in another tab) at once.
 * Plain constants, importable from any layer (lib/ included).
 */

// localStorage
/** The staff session's token (SPEC.md §3): the Login page writes it, the session and the outbox read it. */
export const STAFF_TOKEN_KEY = 'adminToken'
/** The signed-in member's role as the server last said, so an owner's dashboard opened offline still has its owner tiles; goes with the token. */
export const STAFF_ROLE_KEY = 'adminRole'
/** 'true' once the visitor has agreed to the cookie notice. */
export const COOKIES_AGREED_KEY = 'cookiesAgreed'

/** Visitors' messages kept on the device and delivered once the page that sent them was gone (offline/outbox/deliveries.ts). */
export const DELIVERED_MESSAGES_KEY = 'deliveredMessages'

// sessionStorage
/** Prefix of an unsaved staff form's values, kept across an expired session (admin/drafts.ts). */
export const DRAFT_KEY_PREFIX = 'adminDraft:'
/** Where staff were when their session ended, to go back after logging in again. */
export const RETURN_TO_KEY = 'adminReturnTo'
/** Scroll positions of recent history entries (lib/scrollRestoration.ts). */
export const SCROLL_POSITIONS_KEY = 'scrollPositions'

// IndexedDB: the saved read data (idb-keyval's default store, stores/storage.ts); each list under its resource's name.
/** Prefix of staff lists' saved copies, all forgotten on sign-out. */
export const STAFF_SAVED_PREFIX = 'staff:'
/** Prefix of a saved menu PDF, followed by the business id. */
export const MENU_PDF_KEY_PREFIX = 'menu-pdf:'

// IndexedDB: the outbox of queued changes, a database of its own (offline/outbox/storage.ts).
export const OUTBOX_DATABASE = 'venue-outbox'
export const OUTBOX_STORE = 'entries'
/** The outbox's word between tabs of the site (offline/outbox/otherTabs.ts): its BroadcastChannel and its Web Lock. */
export const OUTBOX_TABS = 'venue-outbox-tabs'
