/**
 * A visitor's browser as the served page first meets it: the app starts on the first action (not at
 * once, as other browser tests have it), third parties unreachable, the cookie notice agreed, no
 * service worker; and the contact form filled in as a visitor would.
 */
import type { BrowserContext, Page } from 'playwright-core'
import { appOnDemand, PHONE, type ServerAndBrowser } from './harness'

export async function visitorBeforeTheApp(suite: ServerAndBrowser, viewport: { width: number; height: number } = PHONE): Promise<BrowserContext> {
  const phone = viewport.width === PHONE.width && viewport.height === PHONE.height
  const context = await suite.browser.newContext({ viewport, hasTouch: phone, isMobile: phone, serviceWorkers: 'block' })
  await appOnDemand(context)
  await context.addInitScript(() => localStorage.setItem('cookiesAgreed', 'true'))
  return context
}

export async function writeContactMessage(page: Page, message: string): Promise<void> {
  await page.getByLabel('Name').fill('Ada Walker')
  await page.getByLabel('Phone').fill('07700 900123')
  await page.getByLabel('Email').fill('ada@example.org')
  await page.getByLabel('Message').fill(message)
}
