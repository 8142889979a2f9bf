/**
 * A pre-rendered page arrives with the CSS its markup uses inline and the full stylesheet as
 * media="print" (api/src/http/critical-css.ts): fetched without blocking the first paint. The entry
 * applies it to the screen at once, and waits for it before hydrating, so whatever the app draws that
 * the server did not (the cookie notice, menus opening, data arriving) is styled from its first frame.
 * The Content-Security-Policy allows no inline script or onload handler, so the switch is made here.
 */
/**
 * How long the app waits for the full stylesheet: a request that hangs (a weak signal) must not keep
 * the app, and every press held for it, waiting for ever. The sheet still applies whenever it comes.
 */
export const FULL_STYLESHEET_WAIT_MS = 8000

export function applyFullStylesheet(): Promise<void> {
  const links = [...document.querySelectorAll<HTMLLinkElement>('link[data-full-css]')]
  return Promise.all(
    links.map((link) => {
      link.media = 'all'
      // Already there (it is requested with the page, so usually it is); a failed one is not waited for either.
      if (link.sheet) return undefined
      return new Promise<void>((resolve) => {
        link.addEventListener('load', () => resolve(), { once: true })
        link.addEventListener('error', () => resolve(), { once: true })
        setTimeout(resolve, FULL_STYLESHEET_WAIT_MS)
      })
    }),
  ).then(() => undefined)
}
