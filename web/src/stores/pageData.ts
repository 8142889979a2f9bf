/**
 * The data a page was served with. When the server renders a public page with the database's current
 * data (api/src/http/rendered-pages.ts, through entry-server.tsx), it embeds what the stores held in
 * one <script type="application/json" id="initial-data">: the browser's stores start from it, so
 * hydration finds the same tree and the first visit does not fetch it again. A page without it (the
 * build's pre-rendered file) starts empty and loads as before. A page the service worker opened from
 * the copy it kept of an earlier visit (offline, the server gone or slow) is marked so
 * (SAVED_COPY_ATTRIBUTE): its data is a saved copy from when it was rendered, labelled as such.
 */

import { PAGE_DATA_ID, SAVED_COPY_ATTRIBUTE } from './pageDataIds'

export { PAGE_DATA_ID }

export interface PageData {
  /** When the server rendered the page (ISO): the clock of the first render (open now, upcoming events). */
  renderedAt: string
  /** Each store's data, by its cache key ('opening-times', 'gallery:cafe', 'menu:1', …), as the API answers it. */
  stores: Record<string, unknown>
  /** The page is the copy kept from an earlier visit, not one the server has just sent. */
  savedCopy?: boolean
}

/** undefined: not read yet (the browser reads the page once); null: the page has none. */
let current: PageData | null | undefined

function readFromDocument(): PageData | null {
  if (typeof document === 'undefined') return null
  const script = document.getElementById(PAGE_DATA_ID)
  const text = script?.textContent
  if (!text) return null
  try {
    const data = JSON.parse(text) as PageData
    if (!data || typeof data !== 'object' || !data.stores || typeof data.renderedAt !== 'string') return null
    return { renderedAt: data.renderedAt, stores: data.stores, savedCopy: script!.hasAttribute(SAVED_COPY_ATTRIBUTE) }
  } catch {
    return null
  }
}

export function pageData(): PageData | null {
  if (current === undefined) current = readFromDocument()
  return current
}

/** The server, before rendering a page: the data that page is rendered with (null: none). */
export function setPageDataForRender(data: PageData | null): void {
  current = data
}

/** The clock the page was rendered at, so the first render in the browser shows what the server showed; null without page data. */
export function pageRenderedAt(): Date | null {
  const at = pageData()?.renderedAt
  return at ? new Date(at) : null
}

/**
 * The <script> that carries the data. No '<' is left in the JSON (nor U+2028/2029), so no value can
 * close the script or open a comment: the text is JSON that parses back to the same data.
 */
export function pageDataScript(data: PageData): string {
  const json = JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
  return `<script type="application/json" id="${PAGE_DATA_ID}">${json}</script>`
}
