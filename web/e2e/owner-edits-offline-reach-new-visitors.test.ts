/**
 * An owner changes the venue's phone number in Venue details, and About's text and Stay's hero in Page
 * words and pictures, with the network off; back online, the changes land, and a new visitor's first
 * HTML (scripts off) shows them: in the page, the structured data and the share tags; a visitor's
 * offline copy holds them too. Real Chromium against the real server and build (npm run build first).
 */
import { expect, test } from 'bun:test'
import { PHONE, staffContext, useServerAndBrowser } from './harness'
import { QUEUED, waitUntilSynced } from './staff-pages'

const suite = useServerAndBrowser()
const NEW_PHONE = '015394 32000'

test('a phone number changed offline is in the next page a new visitor is sent, without a script', async () => {
  const { server, browser } = suite
  const before = (await (await server.api('/api/venue')).json()) as { phone: string }
  const { context } = await staffContext(suite, PHONE)
  const page = await context.newPage()
  await page.goto(`${server.url}/venueDetails`)
  const phone = page.getByLabel('Phone', { exact: true })
  expect(await phone.inputValue()).toBe(before.phone)

  await context.setOffline(true)
  await page.waitForFunction(() => navigator.onLine === false)
  await page.getByText('New booking or map addresses take effect only then').waitFor()
  await phone.fill(NEW_PHONE)
  await page.getByRole('button', { name: 'Save venue details' }).click()
  await page.getByText(QUEUED).waitFor()
  expect(((await (await server.api('/api/venue')).json()) as { phone: string }).phone).toBe(before.phone)

  await context.setOffline(false)
  await waitUntilSynced(page)
  await context.close()

  const visitor = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false, serviceWorkers: 'block' })
  const first = await visitor.newPage()
  await first.goto(`${server.url}/contact`)
  const footer = (await first.locator('footer').textContent()) ?? ''
  expect(footer).toContain(NEW_PHONE)
  expect(footer).not.toContain(before.phone)
  expect(await first.locator('footer a[href^="tel:"]').first().getAttribute('href')).toBe('tel:01539432000')
  const data = JSON.parse((await first.locator('#venue-structured-data').textContent()) ?? '[]') as { telephone: string }[]
  expect(data.map((node) => node.telephone)).toEqual([NEW_PHONE, NEW_PHONE])
  await visitor.close()
})

const ABOUT_TEXT = 'Under new owners since the spring: the same fires, a new kitchen.'
const STAY_TITLE = 'Sleep in the dale'
const STAY_PICTURE = 'Breakfast laid out by the window'

test("About's text and Stay's hero changed offline are what a new visitor is sent, and what a visitor's offline copy holds", async () => {
  const { server, browser } = suite
  const { context } = await staffContext(suite, PHONE)
  const page = await context.newPage()
  await page.goto(`${server.url}/managePages?page=about`)
  const text = page.getByLabel('Text of the page')
  await text.waitFor()
  await context.setOffline(true)
  await page.waitForFunction(() => navigator.onLine === false)
  await text.fill(`${ABOUT_TEXT}\n\n## The Stables\n\nStill the best pint in the dale.`)
  await page.getByRole('button', { name: 'Save the About page' }).click()
  await page.getByText(QUEUED).waitFor()

  await page.getByRole('link', { name: 'All pages' }).click()
  await page.getByRole('link', { name: 'Edit the Stay page' }).click()
  await page.getByLabel('Title').first().fill(STAY_TITLE)
  await page.getByLabel('Picture', { exact: true }).first().selectOption('/images/hero-eat.jpg')
  await page.getByLabel('What the picture shows').first().fill(STAY_PICTURE)
  await page.getByRole('button', { name: 'Save the Stay page' }).click()
  await page.getByText(QUEUED).waitFor()
  expect(await (await server.api('/api/pages/about')).text()).not.toContain('Under new owners')

  await context.setOffline(false)
  await waitUntilSynced(page)
  await context.close()

  const visitor = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false, serviceWorkers: 'block' })
  const first = await visitor.newPage()
  await first.goto(`${server.url}/about`)
  expect(await first.locator('main').textContent()).toContain(ABOUT_TEXT)
  await first.goto(`${server.url}/stay`)
  expect(await first.locator('h1').textContent()).toBe(STAY_TITLE)
  expect(await first.locator('.hero img').first().getAttribute('alt')).toBe(STAY_PICTURE)
  expect(await first.locator('meta[property="og:image"]').getAttribute('content')).toContain('hero-eat')
  expect(await first.locator('meta[property="og:image:alt"]').getAttribute('content')).toBe(STAY_PICTURE)
  await visitor.close()

  const reader = await browser.newContext({ viewport: PHONE })
  const saved = await reader.newPage()
  await saved.goto(`${server.url}/about`)
  await saved.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 })
  await saved.getByText(ABOUT_TEXT).waitFor()
  await reader.setOffline(true)
  await saved.reload()
  // The copy the device keeps: the page itself was first sent before the service worker took charge, so its words come from the device's saved data.
  await saved.locator('main').getByText(ABOUT_TEXT).waitFor({ timeout: 15_000 })
  await reader.close()
})

test('a returning visitor, the service worker in charge, is sent the current phone number first; with the server gone, the copy last served', async () => {
  const { server, browser } = suite
  const RETURN_PHONE = '015394 32111'
  const context = await browser.newContext({ viewport: PHONE })
  const page = await context.newPage()
  await page.goto(`${server.url}/contact`)
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 })

  // Another owner changes the phone number meanwhile.
  const headers = { authorization: `Bearer ${await server.token()}`, 'content-type': 'application/json' }
  const { venue, updated_at } = (await (await server.api('/api/admin/venue', { headers })).json()) as { venue: { phone: string }; updated_at: string }
  const saved = await server.api('/api/admin/venue', {
    method: 'PUT',
    headers: { ...headers, 'if-match': `"${updated_at}"` },
    body: JSON.stringify({ ...venue, phone: RETURN_PHONE }),
  })
  expect(saved.status).toBe(200)
  // The page rendered once with the new details, as any visitor's request would have it: the service
  // worker waits 1 s for the network, and a first render on a machine busy with the rest of the suite can take longer.
  expect((await server.api('/contact')).status).toBe(200)

  const again = await page.goto(`${server.url}/contact`)
  expect(again!.fromServiceWorker()).toBe(true)
  const html = await again!.text()
  // Booleans, not the page: a failure would print the whole document.
  expect([html.includes(RETURN_PHONE), html.includes(venue.phone)]).toEqual([true, false])

  await server.kill()
  try {
    const kept = await page.goto(`${server.url}/contact`)
    expect((await kept!.text()).includes(RETURN_PHONE)).toBe(true)
  } finally {
    await server.restart()
    await context.close()
  }
})
