import { afterAll, beforeAll, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import { blockThirdParties, launchBrowser, PHONE, startServer, type RunningServer } from './harness'

let server: RunningServer
let browser: Browser
beforeAll(async () => {
  server = await startServer()
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

test('the built app is served on one port with the API', async () => {
  const context = await browser.newContext({ viewport: PHONE, serviceWorkers: 'block' })
  await blockThirdParties(context, server.url)
  const page = await context.newPage()
  const res = await page.goto(`${server.url}/`)
  expect(res?.status()).toBe(200)
  await page.waitForSelector('#main')
  const times = await server.api('/api/opening-times')
  expect(times.status).toBe(200)
  await context.close()
})
