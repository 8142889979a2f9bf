import { expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { DESKTOP, useServerAndBrowser } from './harness'

const suite = useServerAndBrowser()

/** Collects every Content-Security-Policy violation the page reports. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = []
  await page.exposeFunction('__reportViolation', (text: string) => violations.push(text))
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { __reportViolation(t: string): void }).__reportViolation(`${event.violatedDirective} ${event.blockedURI}`),
    )
  })
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy')) violations.push(message.text())
  })
  return violations
}

test('every page works under the Content-Security-Policy, with no violation reported', async () => {
  const { server, browser } = suite
  const context = await browser.newContext({ viewport: DESKTOP, serviceWorkers: 'block' })
  await context.addInitScript(() => localStorage.setItem('cookiesAgreed', 'true'))
  const page = await context.newPage()
  const violations = await watchViolations(page)
  const checks: [string, string][] = [
    ['/', 'main h1'],
    ['/drink', 'text=View The Menu'],
    ['/eat', 'text=View The Menu'],
    ['/stay', 'text=The booking service is not available right now'],
    ['/events', 'text=Events We Are Running'],
    ['/around', 'text=Places to visit on your stay'],
    ['/contact', 'text=Holidays & Bank Holidays'],
    ['/menu/menu1', 'canvas'],
    ['/menu/menu2', 'canvas'],
    ['/login', 'input[type=password]'],
  ]
  for (const [path, selector] of checks) {
    await page.goto(`${server.url}${path}`)
    await page.locator(selector).first().waitFor({ timeout: 20_000 })
  }
  await page.evaluate((token) => localStorage.setItem('adminToken', token), await server.token())
  await page.goto(`${server.url}/admin`)
  await page.getByText('Access granted!').waitFor({ timeout: 20_000 })
  await page.goto(`${server.url}/manageEvent`)
  await page.getByRole('columnheader', { name: 'Title' }).waitFor({ timeout: 20_000 })
  expect(violations).toEqual([])
  await context.close()
})

test('an injected inline script is blocked', async () => {
  const { server, browser } = suite
  const context = await browser.newContext()
  const page = await context.newPage()
  const violations = await watchViolations(page)
  await page.goto(`${server.url}/`)
  // The refusal is reported by an event queued after the append: wait for that event, not for a time.
  await page.evaluate(
    () =>
      new Promise<void>((reported) => {
        document.addEventListener('securitypolicyviolation', () => reported(), { once: true })
        const script = document.createElement('script')
        script.textContent = 'window.__injected = true'
        document.body.append(script)
      }),
  )
  expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined()
  expect(violations.some((v) => v.includes('script-src'))).toBe(true)
  await context.close()
})
