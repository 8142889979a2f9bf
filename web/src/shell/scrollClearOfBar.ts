/**
 * Scrolls what the keyboard is on up clear of a bar drawn over the foot of the view (the cookie notice,
 * the offline banner, the words about a held press), never so far that its top goes under the site
 * header. Without React: the page's own script uses it before the app starts.
 */
export function scrollClearOfBar(focused: HTMLElement, bar: HTMLElement, doc: Document = document): void {
  const box = focused.getBoundingClientRect()
  const header = doc.querySelector('.site-header')?.getBoundingClientRect().bottom ?? 0
  const under = box.bottom + 12 - bar.getBoundingClientRect().top
  if (under > 0) doc.defaultView?.scrollBy(0, Math.min(under, Math.max(0, box.top - header - 8)))
}
