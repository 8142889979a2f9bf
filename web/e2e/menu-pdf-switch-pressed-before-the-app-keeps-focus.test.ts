/**
 * The menu page's "Original PDF" switch pressed with the keyboard on a wide screen while the app is
 * still starting (its chunk on its way) is held and given to the app (shell/appOnDemand.ts): the PDF
 * view opens, but focus must stay on the switch, never fall to <body>. In Chromium at 1440 × 900 it
 * fell to <body> in 4 tries of 4 (2.5 s after #root[data-app-drawn]); at 390 × 844 it stayed.
 */
import { expect, test } from 'bun:test'
import { appOnDemand, blockThirdParties, DESKTOP, useServerAndBrowser } from './harness'

const suite = useServerAndBrowser()

test('"Original PDF" pressed (Enter) before the app has drawn /menu/menu1 at 1440 px: the PDF view opens and focus stays on the switch, not on <body>', async () => {
  const context = await suite.browser.newContext({ viewport: DESKTOP, serviceWorkers: 'block' })
  try {
    await appOnDemand(context)
    await blockThirdParties(context, suite.server.url)
    await context.addInitScript(() => localStorage.setItem('cookiesAgreed', 'true'))
    let release = () => {}
    const released = new Promise<void>((resolve) => (release = resolve))
    await context.route(/\/assets\/app-[^/]+\.js$/, async (route) => {
      await released
      await route.fallback()
    })
    const page = await context.newPage()
    await page.goto(`${suite.server.url}/menu/menu1`, { waitUntil: 'domcontentloaded' })
    const served = page.locator('main button', { hasText: 'Original PDF' }).first()
    await served.focus()
    await page.keyboard.press('Enter')
    expect(await page.evaluate(() => document.getElementById('root')!.hasAttribute('data-app-drawn'))).toBe(false)
    release()
    await page.waitForSelector('#root[data-app-drawn]', { timeout: 30_000 })
    await page.waitForTimeout(2_500)
    const sw = page.getByRole('button', { name: 'Original PDF' })
    expect(await sw.getAttribute('aria-pressed')).toBe('true')
    const focused = await page.evaluate(() => {
      const active = document.activeElement
      return active === document.body || active === null ? 'body' : `${active.tagName.toLowerCase()}: ${(active.textContent ?? '').trim()}`
    })
    // Before: "body".
    expect(focused).toBe('button: Original PDF')
  } finally {
    await context.close()
  }
}, 60_000)
