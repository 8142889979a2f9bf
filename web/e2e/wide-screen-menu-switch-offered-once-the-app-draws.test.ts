/**
 * On a wide screen the served menu page shows the drawing's place ("Loading menu...") and hides the
 * text with its view switch until the app draws the drawing (menu.css, .menu-first--text): before then
 * the switch cannot be focused, so no press on it can be held and lost (an outside tester's press of
 * the hidden switch never reached it: focus was on <body> from the start). Once the app has drawn the
 * page, the switch is there, "Original PDF" is the view shown, and "Text" pressed by keyboard keeps focus.
 */
import { expect, test } from 'bun:test'
import { appOnDemand, DESKTOP, useServerAndBrowser } from './harness'

const suite = useServerAndBrowser()

const focusedName = () => {
  const active = document.activeElement
  return active === document.body || active === null ? 'body' : `${active.tagName.toLowerCase()}: ${(active.textContent ?? '').trim()}`
}

test('/menu/menu1 at 1440 px with the app held back: the switch is not offered; once drawn, Text pressed by keyboard keeps focus on the switch', async () => {
  const context = await suite.browser.newContext({ viewport: DESKTOP, serviceWorkers: 'block' })
  try {
    await appOnDemand(context)
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
    expect(await served.isVisible()).toBe(false)
    await served.focus()
    expect(await page.evaluate(focusedName)).toBe('body')
    await page.getByText('Loading menu...').first().waitFor()
    release()
    await page.waitForSelector('#root[data-app-drawn]', { timeout: 30_000 })
    const pdf = page.getByRole('button', { name: 'Original PDF' })
    await pdf.waitFor()
    expect(await pdf.getAttribute('aria-pressed')).toBe('true')
    const text = page.getByRole('button', { name: 'Text', exact: true })
    await text.focus()
    await page.keyboard.press('Enter')
    await page.waitForFunction(() => document.querySelector('.menu-view-switch__option[aria-pressed="true"]')?.textContent === 'Text')
    expect(await page.evaluate(focusedName)).toBe('button: Text')
  } finally {
    await context.close()
  }
}, 60_000)
