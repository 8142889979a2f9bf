// Where a served page carries its data (pageData.ts), named once for the page and for the service worker, which has no DOM.

export const PAGE_DATA_ID = 'initial-data'
/** Set by the service worker on the data script of a page it serves from an earlier visit's copy (offline/swPages.ts). */
export const SAVED_COPY_ATTRIBUTE = 'data-saved-copy'
