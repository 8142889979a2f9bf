/**
 * Where the splash card may lie: in the band between the header and the first words or control below
 * it, when that band holds the card with room to spare (the top of a hero picture). It then hides no
 * heading, no text and no control. Where no page has such a band (a menu, a short window at 400 % zoom)
 * there is no splash.
 */

/** Room kept above and below the card, in CSS pixels. */
const MARGIN = 12

/** An element a visitor reads or uses: it holds words of its own, or it is a control or the cookie notice. */
function readOrUsed(element: Element): boolean {
  if (element.matches('a, button, input, select, textarea, .cookie-notice')) return true
  for (const node of element.childNodes) if (node.nodeType === Node.TEXT_NODE && node.textContent?.trim()) return true
  return false
}

/** The card's top (CSS pixels from the top of the window), or null where it would cover something. */
export function splashTop(card: HTMLElement): number | null {
  const headerBottom = Math.max(0, document.querySelector('.site-header')?.getBoundingClientRect().bottom ?? 0)
  let firstBelow = window.innerHeight
  for (const element of document.body.querySelectorAll('*')) {
    if (card.contains(element) || element.closest('.site-header') || !readOrUsed(element)) continue
    const box = element.getBoundingClientRect()
    if (box.width === 0 || box.height === 0 || box.bottom <= headerBottom) continue
    firstBelow = Math.min(firstBelow, box.top)
  }
  const height = card.getBoundingClientRect().height
  const free = firstBelow - headerBottom
  return free >= height + 2 * MARGIN ? headerBottom + (free - height) / 2 : null
}
