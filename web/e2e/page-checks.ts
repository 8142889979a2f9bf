/**
 * Checks a loaded page makes of itself, shared by the accessibility walks: what scrolls sideways
 * (with and without WCAG 1.4.12's text spacing) and the Tab walk of a public page.
 */
import type { Page } from 'playwright-core'
import { focusStop } from './a11y-helpers'

/** WCAG 1.4.12's override, as the usual text-spacing bookmarklet applies it. */
export const TEXT_SPACING = `* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
p { margin-bottom: 2em !important; }`

/**
 * What sticks out sideways: the document's own scroll width, every visible element whose box leaves
 * the viewport (unless a clipping or scrolling ancestor inside the view holds it), and every scroll
 * container whose content is wider than itself (a staff table that scrolls instead of reflowing).
 */
export function overflowOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = []
    const scrolling = document.scrollingElement ?? document.documentElement
    if (scrolling.scrollWidth > innerWidth) problems.push(`the page is ${scrolling.scrollWidth} px wide`)
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).join('.')}` : ''} "${(element.textContent ?? '').trim().slice(0, 30)}"`
    const clipped = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const style = getComputedStyle(parent)
        if (style.overflowX !== 'visible' || style.clip !== 'auto' || style.clipPath !== 'none') return true
      }
      return false
    }
    for (const element of document.body.querySelectorAll('*')) {
      const style = getComputedStyle(element)
      if (style.visibility === 'hidden' || element.getClientRects().length === 0 || style.position === 'fixed') continue
      const box = element.getBoundingClientRect()
      // Wholly left of the page (a visually hidden honeypot at -10000px) can never be scrolled to.
      if (box.width === 0 || box.height === 0 || box.right <= 0) continue
      if ((box.right > innerWidth + 1 || box.left < -1) && !clipped(element))
        problems.push(`${describe(element)} reaches ${Math.round(box.left)}…${Math.round(box.right)} px`)
      if ((style.overflowX === 'auto' || style.overflowX === 'scroll') && element.scrollWidth > element.clientWidth + 1)
        problems.push(`${describe(element)} scrolls sideways (${element.scrollWidth} px in ${element.clientWidth} px)`)
    }
    return problems
  })
}

/** Measures a page as laid out, and again with the text spacing override. */
export async function reflowProblems(page: Page, path: string): Promise<string[]> {
  const plain = (await overflowOf(page)).map((problem) => `${path}: ${problem}`)
  const style = await page.addStyleTag({ content: TEXT_SPACING })
  const spaced = (await overflowOf(page)).map((problem) => `${path} (text spacing): ${problem}`)
  await style.evaluate((element) => (element as Element).remove())
  return [...plain, ...spaced]
}

/** Tabs from the top of the page until focus comes back round; returns every problem found. */
export async function tabThroughPublicPage(page: Page, path: string, limit = 120): Promise<string[]> {
  const problems: string[] = []
  for (let presses = 0; presses < limit; presses++) {
    await page.keyboard.press('Tab')
    const stop = await focusStop(page)
    if (!stop) {
      if (presses > 0) break // round to the browser's own UI: done
      continue
    }
    if (stop.again) break // round to the start of the page: done
    if (!stop.indicator) problems.push(`${path} ${stop.name}: no visible focus indicator`)
    if (!stop.inView) problems.push(`${path} ${stop.name}: focused but outside the view`)
    if (stop.covered > 0.05) problems.push(`${path} ${stop.name}: ${Math.round(stop.covered * 100)} % hidden behind a fixed element`)
  }
  return problems
}
