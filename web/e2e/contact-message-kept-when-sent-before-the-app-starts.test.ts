/**
 * A contact message written on a served /contact page before the app is there is never lost: not
 * sent by the browser as a plain form while the page's own script (the entry, fetched at low priority)
 * is still on its way, and kept on the device (as README "Offline and installing" promises) when the
 * signal went after the page loaded but before the visitor first acted, so the app, started then,
 * never had the form's sending code.
 */
import { expect, test } from 'bun:test'
import { visitorBeforeTheApp, writeContactMessage } from './before-the-app'
import { useServerAndBrowser } from './harness'

const suite = useServerAndBrowser()

const visitorContext = () => visitorBeforeTheApp(suite)

async function stored(text: string): Promise<number> {
  const res = await suite.server.api('/api/admin/messages', { headers: { authorization: `Bearer ${await suite.server.token()}` } })
  return ((await res.json()) as { message: string }[]).filter((m) => m.message === text).length
}

test("Send pressed before the page's own script has run: no plain form send (no words in the address); the words stay, and Send once the script is there sends the message once", async () => {
  const context = await visitorContext()
  try {
    // The entry (fetchpriority low) still on its way on a weak signal; the page is painted and can be used.
    let release = () => {}
    const released = new Promise<void>((resolve) => (release = resolve))
    let entryServed = () => {}
    const served = new Promise<void>((resolve) => (entryServed = resolve))
    await context.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await released
      await route.fallback()
      entryServed()
    })
    const page = await context.newPage()
    await page.goto(`${suite.server.url}/contact`, { waitUntil: 'commit' })
    await page.getByLabel('Name').waitFor()
    const text = `Before the entry ${crypto.randomUUID()}`
    await writeContactMessage(page, text)
    // Nothing can hold this press: the form does nothing by itself (method="dialog"), the page stays.
    await page.getByRole('button', { name: 'Send message' }).press('Enter')
    expect(page.url()).toBe(`${suite.server.url}/contact`)
    expect(await page.getByLabel('Message').inputValue()).toBe(text)
    release()
    await served
    await page.waitForFunction(() => document.readyState === 'complete')
    await page.getByRole('button', { name: 'Send message' }).click()
    await page.getByText('Thank you', { exact: false }).first().waitFor({ timeout: 15_000 })
    expect(page.url()).toBe(`${suite.server.url}/contact`)
    expect(await stored(text)).toBe(1)
  } finally {
    await context.close()
  }
}, 60_000)

test('the signal gone after the page loaded, before the visitor acted: a message written then is kept on the device, not refused', async () => {
  const context = await visitorContext()
  try {
    const page = await context.newPage()
    await page.goto(`${suite.server.url}/contact`, { waitUntil: 'networkidle' })
    expect(await page.evaluate(() => document.getElementById('root')!.hasAttribute('data-app'))).toBe(false)
    // A valley: the signal goes while the visitor reads.
    await context.setOffline(true)
    const text = `Written after the signal went ${crypto.randomUUID()}`
    await writeContactMessage(page, text)
    await page.getByRole('button', { name: 'Send message' }).click()
    const status = page.locator('.contact-form .form__status')
    await page.waitForFunction(() => (document.querySelector('.contact-form .form__status')?.textContent ?? '').trim() !== '', null, { timeout: 20_000 })
    expect(await status.innerText()).toMatch(/saved on this device/)
  } finally {
    await context.close()
  }
}, 60_000)

test("Send held for the app, then the app's code fails to arrive (the line drops): the held send is not given to the browser as a plain form", async () => {
  const context = await visitorContext()
  try {
    let drop = () => {}
    const dropped = new Promise<void>((resolve) => (drop = resolve))
    await context.route(/\/assets\/app-[^/]+\.js$/, async (route) => {
      await dropped
      await route.abort('connectionreset')
    })
    const page = await context.newPage()
    await page.goto(`${suite.server.url}/contact`, { waitUntil: 'domcontentloaded' })
    await writeContactMessage(page, `Held, then the app failed ${crypto.randomUUID()}`)
    const failed = page.waitForEvent('console', { predicate: (message) => message.text().includes('The app could not start'), timeout: 20_000 })
    await page.getByRole('button', { name: 'Send message' }).press('Enter')
    drop()
    await failed
    // Pressed again with the app's code still missing: nothing is sent by the browser itself either.
    await page.getByRole('button', { name: 'Send message' }).press('Enter')
    // Before: /contact?name=Ada+Walker&phone=…&email=…&message=… (the words in the address and history, the message gone).
    expect(page.url()).toBe(`${suite.server.url}/contact`)
    expect(await page.getByLabel('Message').inputValue()).toMatch(/^Held, then the app failed/)
  } finally {
    await context.close()
  }
}, 60_000)
