/**
 * A first visit whose signal goes as /contact has just loaded. The page's code is fetched by the entry
 * once the page is painted (shell/pageCodeAfterFirstPaint.ts), so it may still be on its way at `load`
 * (an outside tester found it first asked for 15–140 ms after loadEventEnd, and a message written
 * offline then was not kept, with advice to press Send again that could not help while offline).
 * Once the page's code has come (all of it: the app's and the page's own), a message written offline is
 * kept on the device; before it has come, Send says in words that the message is not sent and to try
 * again once there is a signal, the words stay, and with the signal back one more press sends it, once.
 */
import { expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { HELD_FAILED_OFFLINE } from '../src/shell/heldPressNotice'
import { visitorBeforeTheApp, writeContactMessage } from './before-the-app'
import { useServerAndBrowser } from './harness'

const suite = useServerAndBrowser()
const APP_CODE = /\/assets\/app-[^/]+\.js$/

/** Every file of the page's code list (`<meta name="page-code">`) has arrived. */
function pageCodeArrived(page: Page) {
  return page.waitForFunction(() => {
    const files = document.querySelector<HTMLMetaElement>('meta[name="page-code"]')?.content.split(' ') ?? []
    const arrived = new Set(
      performance
        .getEntriesByType('resource')
        .filter((entry) => (entry as PerformanceResourceTiming).responseEnd > 0)
        .map((entry) => new URL(entry.name).pathname),
    )
    return files.length > 0 && files.every((file) => arrived.has(file))
  })
}

test('offline once the first visit to /contact has its code: a message written then is kept on the device', async () => {
  const context = await visitorBeforeTheApp(suite)
  try {
    const page = await context.newPage()
    await page.goto(`${suite.server.url}/contact`, { waitUntil: 'load' })
    await pageCodeArrived(page)
    await context.setOffline(true)
    await writeContactMessage(page, `Written as the signal went ${crypto.randomUUID()}`)
    await page.getByRole('button', { name: 'Send message' }).press('Enter')
    await page.locator('.contact-form .form__status', { hasText: 'saved on this device' }).waitFor({ timeout: 20_000 })
  } finally {
    await context.close()
  }
}, 60_000)

test('offline before the page has its code: Send says it is not sent and to press again with a signal; the words stay; back online it is sent once', async () => {
  const context = await visitorBeforeTheApp(suite)
  try {
    // The signal goes before the page's code arrives.
    await context.route(APP_CODE, (route) => route.abort('internetdisconnected'))
    const page = await context.newPage()
    await page.goto(`${suite.server.url}/contact`, { waitUntil: 'load' })
    await context.setOffline(true)
    const message = `Written before the code came ${crypto.randomUUID()}`
    await writeContactMessage(page, message)
    await page.getByRole('button', { name: 'Send message' }).press('Enter')
    const notice = page.locator('body > .held-press-notice')
    await notice.filter({ hasText: HELD_FAILED_OFFLINE.form }).waitFor({ timeout: 20_000 })
    expect(await page.getByLabel('Message').inputValue()).toBe(message)
    await context.unroute(APP_CODE)
    await context.setOffline(false)
    await page.getByRole('button', { name: 'Send message' }).press('Enter')
    await page.locator('.contact-form .form__status', { hasText: /thank you/i }).waitFor({ timeout: 30_000 })
    await notice.waitFor({ state: 'hidden' })
    const { server } = suite
    const reply = await server.api('/api/admin/messages', { headers: { authorization: `Bearer ${await server.token()}` } })
    expect(((await reply.json()) as { message: string }[]).filter((stored) => stored.message === message)).toHaveLength(1)
  } finally {
    await context.close()
  }
}, 60_000)
