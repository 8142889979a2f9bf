// React's resource hints for a page (its hero's and logo's preloads) sit in <head> between two markers,
// so the server can put in the hints of the page as it renders it now (web/build/prerender.ts writes
// them; api/src/http/rendered-pages.ts replaces them). Pure: the build and the server import it.

const START = '<!--render-hints-->'
const END = '<!--/render-hints-->'

/** The hints as the build writes them into <head>, marked. */
export const markedHints = (hints: string) => `${START}${hints}${END}`

/** The page with `hints` in place of the marked ones; a page built without the markers is left as it is. */
export function withRenderHints(html: string, hints: string): string {
  const start = html.indexOf(START)
  const end = html.indexOf(END, start)
  if (start < 0 || end < 0) return html
  return `${html.slice(0, start)}${markedHints(hints)}${html.slice(end + END.length)}`
}

/** React puts the hints it emits while rendering at the start of its output: split them from the markup. */
export function splitHints(markup: string): { hints: string; body: string } {
  const hints = /^(?:<link [^>]*\/?>)+/.exec(markup)?.[0] ?? ''
  return { hints, body: markup.slice(hints.length) }
}
