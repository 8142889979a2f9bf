/**
 * The data a page was served with. When the server renders a public page with the database's current
 * data (api/src/http/rendered-pages.ts, through entry-server.tsx), it embeds what the stores held in
 * one <script type="application/json" id="initial-data">: the browser's stores start from it, so
 * hydration finds the same tree and the first visit does not fetch it again. A page without it (the
 * build's pre-rendered file, the service worker's saved copy) starts empty and loads as before.
 */

export const PAGE_DATA_ID = 'initial-data'

export interface PageData {
  /** When the server rendered the page (ISO): the clock of the first render (open now, upcoming events). */
  renderedAt: string
  /** Each store's data, by its cache key ('opening-times', 'gallery:cafe', 'menu:1', …), as the API answers it. */
  stores: Record<string, unknown>
}

/** undefined: not read yet (the browser reads the page once); null: the page has none. */
let current: PageData | null | undefined

function readFromDocument(): PageData | null {
  if (typeof document === 'undefined') return null
  const text = document.getElementById(PAGE_DATA_ID)?.textContent
  if (!text) return null
  try {
    const data = JSON.parse(text) as PageData
    return data && typeof data === 'object' && data.stores && typeof data.renderedAt === 'string' ? data : null
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
