/**
 * While the notice about a held press shows (shell/heldPressNotice.ts: fixed at the foot of the view),
 * whatever the keyboard moves to must stay clear of it, also the page's last links. The notice's
 * height goes into scroll-padding-bottom, but the page gets no room to scroll past its end (the
 * cookie notice's height is added to the body's padding, this one's is not): in Chromium on /contact,
 * Send pressed while the app's code never came, then Tab on to the footer's last link ("Staff login"),
 * left that link entirely under the notice at 1440×900 (857–880 under 809–884), 390×844 and 320×256.
 */
import { expect, test } from 'bun:test'
import { visitorBeforeTheApp, writeContactMessage } from './before-the-app'
import { DESKTOP, PHONE, useServerAndBrowser } from './harness'

const suite = useServerAndBrowser()

for (const viewport of [DESKTOP, PHONE, { width: 320, height: 256 }])
  test(`at ${viewport.width}×${viewport.height}, Send held while the app's code never comes: Tab to the footer's last link keeps it clear of the notice`, async () => {
    const context = await visitorBeforeTheApp(suite, viewport)
    try {
      await context.route(/\/assets\/app-[^/]+\.js$/, () => {
        // A weak signal: never answered.
      })
      const page = await context.newPage()
      await page.goto(`${suite.server.url}/contact`, { waitUntil: 'domcontentloaded' })
      await writeContactMessage(page, 'Held while the signal is weak')
      await page.getByRole('button', { name: 'Send message' }).press('Enter')
      const notice = page.locator('body > .held-press-notice')
      await notice.waitFor({ state: 'visible', timeout: 10_000 })
      // The keyboard on to the page's last link.
      let last = ''
      for (let i = 0; i < 40 && last !== 'Staff login'; i++) {
        await page.keyboard.press('Tab')
        last = await page.evaluate(() => (document.activeElement as HTMLElement).innerText?.trim() ?? '')
      }
      expect(last).toBe('Staff login')
      // The scroll that keeps focus clear is made in the next frame.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
      const { focused, under } = await page.evaluate(() => {
        const r = (document.activeElement as HTMLElement).getBoundingClientRect()
        const n = document.querySelector('body > .held-press-notice')!.getBoundingClientRect()
        return { focused: { top: Math.round(r.top), bottom: Math.round(r.bottom) }, under: Math.round(n.top) }
      })
      // Before: at 1440×900 { top: 857, bottom: 880 } with the notice from 809: the link wholly under it.
      expect(focused.bottom).toBeLessThanOrEqual(under)
    } finally {
      await context.close()
    }
  }, 60_000)
