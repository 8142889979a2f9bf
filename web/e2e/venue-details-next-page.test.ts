/**
 * An owner changes the venue's phone number in Venue details with the network off; back online, the
 * change lands, and a new visitor's first HTML (scripts off) shows the new number in the page and in
 * the structured data. Real Chromium against the real server and build (npm run build first).
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
