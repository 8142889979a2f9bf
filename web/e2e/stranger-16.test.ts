/**
 * Issue 16 as a stranger finds it (build first: npm run build): a keyboard user opening an event's
 * share link, and the shared card they land on.
 */
import { expect, test } from 'bun:test'
import { blockThirdParties, DESKTOP, PHONE, useServerAndBrowser } from './harness'
import { poll } from './saved-data-helpers'

const suite = useServerAndBrowser()

for (const [size, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test(`${size}: opened at an event's share link, the next Tab goes into that event's card, not back to the top of the page`, async () => {
    const { server, browser } = suite
    const context = await browser.newContext({ viewport, serviceWorkers: 'block', ...(size === 'phone' ? { hasTouch: true, isMobile: true } : {}) })
    try {
      await blockThirdParties(context, server.url)
      await context.addInitScript(() => localStorage.setItem('cookiesAgreed', 'true'))
      const events = (await (await server.api('/api/events')).json()) as { id: number; title: string }[]
      const shared = events[2]!
      const page = await context.newPage()
      await page.goto(`${server.url}/events?event=${shared.id}`)
      const card = page.locator(`#event-${shared.id}`)
      await poll(async () => (await card.getAttribute('class'))?.includes('event-card--shared') ?? false, 'the shared card is marked')
      await page.keyboard.press('Tab')
      const inCard = await card.evaluate((article) => article.contains(document.activeElement) && document.activeElement !== article)
      const focused = await page.evaluate(() => document.activeElement?.textContent?.trim())
      expect({ inCard, focused }).toEqual({ inCard: true, focused: expect.any(String) })
      // …and the card stays where the visitor can see it.
      const box = await card.boundingBox()
      expect(box !== null && box.y < viewport.height && box.y + box.height > 0).toBe(true)
    } finally {
      await context.unrouteAll({ behavior: 'ignoreErrors' })
      await context.close()
    }
  })
}
