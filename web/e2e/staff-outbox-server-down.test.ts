/**
 * Staff changes made while the venue's server is down (build first: npm run build): they wait on the
 * device; the dashboard still offers Log out, and the login page then says what is waiting; a
 * change whose retries have backed off for minutes goes as soon as the server answers again; and one made
 * in a second tab shows in the first tab's Pending changes and is sent from there after its own tab closed.
 */
import { afterEach, expect, test } from 'bun:test'
import type { BrowserContext, Page } from 'playwright-core'
import { DESKTOP, staffContext, useServerAndBrowser } from './harness'

const suite = useServerAndBrowser()
/** Contexts still open; closed after each test even when it fails. */
const contexts = new Set<BrowserContext>()
afterEach(async () => {
  for (const context of contexts) {
    await context.unrouteAll({ behavior: 'ignoreErrors' }).catch(() => undefined)
    await context.close().catch(() => undefined)
  }
  contexts.clear()
})

async function open(viewport = DESKTOP): Promise<{ page: Page }> {
  const context = await suite.browser.newContext({ viewport, serviceWorkers: 'block' })
  contexts.add(context)
  await context.addInitScript(() => localStorage.setItem('cookiesAgreed', 'true'))
  return { page: await context.newPage() }
}

test('with the server down, the dashboard still offers Log out; after it, the login page says the change made meanwhile is waiting', async () => {
  const { server } = suite
  const { page } = await open(DESKTOP)
  page.on('dialog', (dialog) => void dialog.accept())
  await page.goto(`${server.url}/login`)
  await page.getByLabel('Username').fill('admin')
  await page.getByLabel('Password').fill('change-me-please')
  await page.getByRole('button', { name: /log in/i }).click()
  await page.getByText('Access granted!').waitFor({ timeout: 20_000 })
  await page.getByRole('link', { name: /Create Events/ }).click()
  await page.getByLabel('Title').waitFor()
  await server.kill()
  try {
    await page.getByLabel('Title').fill('Lantern Walk')
    await page.getByLabel('Description').fill('Up the beck by lantern light.')
    await page.getByLabel('Start Date/Time').fill('2027-03-05T19:30')
    await page.getByLabel('Image').setInputFiles({ name: 'lantern.png', mimeType: 'image/png', buffer: await tinyPng() })
    await page.getByRole('button', { name: 'Upload event' }).click()
    await page.getByText('Saved on this device').first().waitFor({ timeout: 20_000 })
    await page.getByRole('link', { name: /Back to dashboard/ }).click()
    await page.getByText('The server cannot be reached').waitFor({ timeout: 20_000 })
    const logOut = page.getByRole('button', { name: 'Log out' })
    await logOut.waitFor({ timeout: 5_000 })
    await logOut.click()
    await page.waitForURL('**/login', { timeout: 10_000 })
    await page.getByText('1 change is waiting and will be sent after you log in').waitFor({ timeout: 10_000 })
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull()
  } finally {
    await server.restart()
  }
})

test('a change that waited out several failed tries goes as soon as the server answers again, not when its backoff (minutes) ends', async () => {
  const { server } = suite
  const { page } = await open(DESKTOP)
  await page.goto(`${server.url}/login`)
  await page.getByLabel('Username').fill('admin')
  await page.getByLabel('Password').fill('change-me-please')
  await page.getByRole('button', { name: /log in/i }).click()
  await page.getByText('Access granted!').waitFor({ timeout: 20_000 })
  await page.getByRole('link', { name: /Add Opening Times Exception/ }).click()
  await page.getByLabel('Date').waitFor()
  await server.kill()
  let restarted = false
  try {
    await closeTheStablesOn(page, '2027-01-02')
    await page.getByRole('link', { name: /Back to dashboard/ }).click()
    await page.getByText('The server cannot be reached').waitFor({ timeout: 20_000 })
    // Staff try again a few times while the server is still down: each failure doubles the wait (7 tries: ≥ 96 s).
    const item = page.locator('.admin-pending__item[data-state="waiting"]').first()
    for (let attempt = 0; attempt < 7; attempt++) {
      await item.getByRole('button', { name: 'Try now' }).click()
      await item.getByRole('button', { name: 'Try now' }).and(page.locator(':enabled')).waitFor({ timeout: 10_000 })
    }
    // The device has its connection; only the venue's server is down, and the panel says so.
    await item.getByText('Last try: The server could not be reached.').waitFor({ timeout: 5_000 })
    expect(await page.getByText('You appear to be offline').count()).toBe(0)
    await server.restart()
    restarted = true
    // The server answers the dashboard again; what waits must go now.
    await page.getByRole('button', { name: 'Try again' }).click()
    await page.getByText('Access granted!').waitFor({ timeout: 20_000 })
    await page.getByText('Nothing is waiting').waitFor({ timeout: 15_000 })
    const holidays = (await (await server.api('/api/bank-holiday-exceptions')).json()) as { holiday_date: string }[]
    expect(holidays.some((holiday) => holiday.holiday_date.startsWith('2027-01-02'))).toBe(true)
  } finally {
    if (!restarted) await server.restart()
  }
})

test('a change made in a second tab with the server down shows in the first tab’s Pending changes, which sends it once the server is back, its own tab closed', async () => {
  const { server } = suite
  const { context } = await staffContext(suite, DESKTOP)
  contexts.add(context)
  const first = await context.newPage()
  await first.goto(`${server.url}/admin`)
  await first.getByText('Nothing is waiting').waitFor({ timeout: 20_000 })
  const second = await context.newPage()
  await second.goto(`${server.url}/admin`)
  await second.getByRole('link', { name: /Add Opening Times Exception/ }).click()
  await second.getByLabel('Date').waitFor()
  await server.kill()
  let restarted = false
  try {
    await closeTheStablesOn(second, '2027-01-09')
    // Told by the second tab, not by a reload.
    const waiting = first.locator('#pending-changes .admin-pending__list:not(.admin-pending__list--sent) > li')
    await waiting.first().waitFor({ timeout: 10_000 })
    expect(await waiting.count()).toBe(1)
    await second.close()
    await server.restart()
    restarted = true
    // The connection comes back to the first tab (as the browser says when the device had lost it).
    await first.evaluate(() => window.dispatchEvent(new Event('online')))
    await first.getByText('Nothing is waiting').waitFor({ timeout: 20_000 })
    const holidays = (await (await server.api('/api/bank-holiday-exceptions')).json()) as { holiday_date: string }[]
    expect(holidays.filter((holiday) => holiday.holiday_date.startsWith('2027-01-09'))).toHaveLength(1)
  } finally {
    if (!restarted) await server.restart()
  }
})

/** Fills the exception form (open on `page`) to close the Stables all day on `date`, with the server down: it is kept on the device. */
async function closeTheStablesOn(page: Page, date: string): Promise<void> {
  await page.getByLabel('Date').fill(date)
  await page.getByLabel('Location').selectOption({ label: 'The Stables bar' })
  await page.getByLabel('Closed all day').check()
  await page.getByRole('button', { name: 'Add exception' }).click()
  await page.getByText('Saved on this device').first().waitFor({ timeout: 20_000 })
}

/** A valid 1×1 PNG, so the test needs no image file. */
async function tinyPng(): Promise<Buffer> {
  return Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')
}
