/**
 * Keyboard, zoom and touch on the public pages (build first): the cookie notice is among the first
 * Tabs and Agree leaves focus on the page; on short screens the fixed parts leave most of the view
 * free; touch targets are at least 44 px on touch screens; opened at an event's share link, the first
 * Tab goes into that event's card. (The Tab walk of every page, and that nothing scrolls sideways,
 * are public-pages-axe-focus-reflow.test.ts's.)
 */
import { describe, expect, test } from 'bun:test'
import { DESKTOP, PHONE, useServerAndBrowser } from './harness'
import { contextsOf, LANDSCAPE_PHONE, settled, SHOTS, ZOOM_400 } from './a11y-helpers'
import { acrossTabs } from './parallel-pages'
import { poll } from './saved-data-helpers'

const suite = useServerAndBrowser()
const visit = contextsOf(suite)

describe('cookie notice', () => {
  for (const viewport of [PHONE, DESKTOP])
    test(`"Agree" is within the first three Tabs at ${viewport.width} px, and focus goes to the page after it`, async () => {
      const page = await visit({ viewport })
      await page.goto(`${suite.server.url}/contact`)
      await settled(page)
      // It comes once the page is idle after the scripts start, not with the page's data.
      await page.locator('.cookie-notice').waitFor()
      let presses = 0
      while (
        presses < 3 &&
        !(await page.evaluate(() => document.activeElement?.closest('.cookie-notice') !== null && document.activeElement?.tagName === 'BUTTON'))
      ) {
        await page.keyboard.press('Tab')
        presses++
      }
      expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Agree')
      await page.screenshot({ path: `${SHOTS}/cookie-notice-${viewport.width}.png` })
      await page.keyboard.press('Enter')
      expect(await page.locator('.cookie-notice').count()).toBe(0)
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true)
      expect(await page.evaluate(() => Math.round(scrollY))).toBe(0)
    }, 30_000)

  for (const viewport of [LANDSCAPE_PHONE, ZOOM_400])
    test(`header and notice together cover at most 30 % of a ${viewport.width}×${viewport.height} view`, async () => {
      await acrossTabs(
        () => visit({ viewport }),
        ['/', '/contact'],
        async (page, path) => {
          await page.goto(`${suite.server.url}${path}`)
          await settled(page)
          await page.mouse.wheel(0, 600)
          await page.waitForFunction(() => scrollY > 100)
          const share = await page.evaluate(() => {
            let covered = 0
            for (const element of document.querySelectorAll('.site-header, .cookie-notice')) {
              if (getComputedStyle(element).position !== 'fixed') continue
              const box = element.getBoundingClientRect()
              covered +=
                Math.max(0, Math.min(box.bottom, innerHeight) - Math.max(box.top, 0)) * Math.max(0, Math.min(box.right, innerWidth) - Math.max(box.left, 0))
            }
            return covered / (innerWidth * innerHeight)
          })
          await page.screenshot({ path: `${SHOTS}/short-${viewport.width}x${viewport.height}${path.replace('/', '-')}.png` })
          expect({ path, covered: share <= 0.3 ? 'at most 30 %' : `${Math.round(share * 100)} %` }).toEqual({ path, covered: 'at most 30 %' })
          return []
        },
      )
    }, 60_000)
})

describe('touch targets', () => {
  test('links and buttons on every public page are at least 44 px tall on a touch screen', async () => {
    const small = await acrossTabs(
      () => visit({ viewport: PHONE, agreed: true, hasTouch: true, isMobile: true }),
      ['/', '/about', '/eat', '/drink', '/stay', '/events', '/around', '/contact', '/menu/menu1', '/menu/menu2'],
      async (page, path) => {
        await page.goto(`${suite.server.url}${path}`)
        await settled(page)
        expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true)
        const found = await page.evaluate(() =>
          Array.from(document.querySelectorAll<HTMLElement>('main a, main button, footer a, footer button'))
            // A link inside a sentence is exempt (WCAG 2.5.8's inline exception); one in a paragraph of only links and buttons is not.
            .filter((element) => {
              const paragraph = element.closest('p')
              const words = (node: Node): string =>
                node instanceof HTMLElement && node.matches('a, button')
                  ? ''
                  : Array.from(node.childNodes, (child) => (child.nodeType === Node.TEXT_NODE ? (child.textContent ?? '') : words(child))).join('')
              return element.getClientRects().length > 0 && (!paragraph || words(paragraph).trim() === '')
            })
            .filter((element) => element.getBoundingClientRect().height < 44)
            .map(
              (element) =>
                `${element.tagName.toLowerCase()} "${element.textContent?.trim().slice(0, 30)}" ${Math.round(element.getBoundingClientRect().height)} px`,
            ),
        )
        return found.map((item) => `${path}: ${item}`)
      },
    )
    expect(small).toEqual([])
  }, 60_000)
})

describe('opening an event’s share link', () => {
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    test(`${size}: opened at an event's share link, the next Tab goes into that event's card, not back to the top of the page`, async () => {
      const { server, browser } = suite
      const context = await browser.newContext({ viewport, serviceWorkers: 'block', ...(size === 'phone' ? { hasTouch: true, isMobile: true } : {}) })
      try {
        await context.addInitScript(() => localStorage.setItem('cookiesAgreed', 'true'))
        const events = (await (await server.api('/api/events')).json()) as { id: number; title: string }[]
        const shared = events[2]!
        const page = await context.newPage()
        await page.goto(`${server.url}/events?event=${shared.id}`)
        const card = page.locator(`#event-${shared.id}`)
        await poll(async () => (await card.getAttribute('class'))?.includes('event-card--shared') ?? false, 'the shared card is marked')
        // The card takes focus in an effect after it is marked: a Tab pressed in between started from the page's top.
        await poll(() => card.evaluate((article) => document.activeElement === article), 'the shared card has focus')
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
})
