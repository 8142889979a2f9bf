/**
 * The page's code (the app and the page's own chunks, listed by the build in `<meta name="page-code">`,
 * web/build/prerender.ts) is fetched once the page is painted, at low priority, so the first tap finds
 * it here but the first paint never shares the signal with it. Requested from the HTML itself, 77 KB of
 * app on a slow link arrived before the page's words were counted as shown: Lighthouse's simulated
 * phone put the largest paint 0.5–0.7 s later (1.7–1.9 s against 1.2–1.4 s without it).
 */
import { afterNextPaint } from '../lib/idle'

export const PAGE_CODE_META = 'page-code'

/** The files the build listed for this page; none on the app shell or a page built without the list. */
export function pageCodeOf(doc: Document): string[] {
  const content = doc.querySelector<HTMLMetaElement>(`meta[name="${PAGE_CODE_META}"]`)?.content ?? ''
  return content.split(/\s+/).filter((file) => file.startsWith('/') && !file.startsWith('//'))
}

/** Adds a low-priority module preload for each file not already asked for. */
export function preloadPageCode(doc: Document, files: readonly string[]): void {
  const asked = new Set([...doc.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => link.getAttribute('href')))
  for (const file of files) {
    if (asked.has(file)) continue
    const link = doc.createElement('link')
    link.rel = 'modulepreload'
    link.setAttribute('fetchpriority', 'low')
    link.crossOrigin = ''
    link.href = file
    doc.head.append(link)
  }
}

export function fetchPageCodeAfterFirstPaint(doc: Document = document): void {
  const files = pageCodeOf(doc)
  if (files.length > 0) void afterNextPaint().then(() => preloadPageCode(doc, files))
}
