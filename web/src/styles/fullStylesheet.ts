/**
 * A pre-rendered page arrives with the CSS its markup uses inline and the full stylesheet as
 * media="print" (api/src/shared/critical-css.ts): fetched without blocking the first paint. The entry
 * applies it to the screen before hydrating, so whatever the app draws next (menus opening, data
 * arriving, other pages) is styled. The Content-Security-Policy allows no inline script or onload
 * handler, so the switch is made here.
 */
export function applyFullStylesheet(): void {
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[data-full-css]')) link.media = 'all'
}
