import { expect, test } from 'bun:test'
import { PHONE, useServerAndBrowser } from './harness'

const suite = useServerAndBrowser()

test('the built app is served on one port with the API', async () => {
  const { server, browser } = suite
  const context = await browser.newContext({ viewport: PHONE, serviceWorkers: 'block' })
  const page = await context.newPage()
  const res = await page.goto(`${server.url}/`)
  expect(res?.status()).toBe(200)
  await page.waitForSelector('#main')
  const times = await server.api('/api/opening-times')
  expect(times.status).toBe(200)
  await context.close()
})
