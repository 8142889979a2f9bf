/**
 * The server sends a page's HTML for other spellings of its address (api/src/http/web-app.ts: "//eat,
 * /./eat and /eat// are /eat", and the built file's own name, /eat/index.html). The app must then
 * hydrate that page at its own address (web/src/startApp.tsx), not decide it is an unknown address: today the visitor sees the page, then "We
 * can't find that page" replaces it (React's hydration mismatch, which the console must never report),
 * and a press held for the app on the served page is lost with the nodes React threw away.
 */
import { expect, test } from 'bun:test'
import { PHONE, useServerAndBrowser } from './harness'
import { watchConsoleErrors } from './page-console'

const suite = useServerAndBrowser()

test('/eat//, //eat, /eat/index.html and /index.html, served as their page, hydrate as that page without a mismatch', async () => {
  const context = await suite.browser.newContext({ viewport: PHONE, serviceWorkers: 'block' })
  await context.addInitScript(() => localStorage.setItem('cookiesAgreed', 'true'))
  try {
    const seen: Record<string, { served: string; after: string; mismatch: boolean }> = {}
    for (const path of ['/eat//', '//eat', '/eat/index.html', '/index.html']) {
      const page = await context.newPage()
      const errors = await watchConsoleErrors(page, { serviceWorkersBlocked: true })
      const reply = await page.goto(`${suite.server.url}${path}`, { waitUntil: 'domcontentloaded' })
      expect(reply?.status()).toBe(200)
      const served = await page.locator('h1').first().innerText()
      await page.waitForFunction(() => document.getElementById('root')!.hasAttribute('data-app'), null, { timeout: 30_000 })
      // Hydrated and its data read: a not-found render would be on screen by then.
      await page.waitForLoadState('networkidle')
      seen[path] = { served, after: await page.locator('h1').first().innerText(), mismatch: errors.some((error) => error.includes('Hydration mismatch')) }
      await page.close()
    }
    // The built file's own name is served as built (the service worker keeps those files for offline
    // use): the app then shows the page's current words, as it does on a page opened offline.
    const notFound = /can.t find that page/i
    for (const [path, { served, after, mismatch }] of Object.entries(seen)) {
      expect({ path, notFound: notFound.test(after), mismatch }).toEqual({ path, notFound: false, mismatch: false })
      if (!path.endsWith('index.html')) expect({ path, after }).toEqual({ path, after: served })
    }
  } finally {
    await context.close()
  }
}, 90_000)
