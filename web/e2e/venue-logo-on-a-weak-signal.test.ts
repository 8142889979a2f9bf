/**
 * The logo on Venue details on a weak signal, by keyboard, in real Chromium against the real server and
 * build (npm run build first): an upload the server never answers gives up and says why, never
 * "Uploading…" for ever; with the server gone, or the device offline, the message says which; each time
 * the file stays picked, the logo shown stays the one every page has, and focus is on what happened.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { DESKTOP, PHONE, staffContext, useServerAndBrowser } from './harness'

const suite = useServerAndBrowser()
const files = mkdtempSync(join(tmpdir(), 'venue-logo-signal-'))
const logoFile = join(files, 'new-logo.png')
beforeAll(async () => {
  writeFileSync(
    logoFile,
    await sharp({ create: { width: 512, height: 512, channels: 4, background: '#2255bb' } })
      .png()
      .toBuffer(),
  )
})
afterAll(() => rmSync(files, { recursive: true, force: true }))

const LOGO_ROUTE = '**/api/admin/venue/logo'

/** Venue details open, the new logo picked by keyboard (the file input focused, Space opens the chooser) and sent with Enter. */
async function pickAndSend(page: Page) {
  const input = page.getByLabel('New logo')
  await input.focus()
  await page.waitForFunction(() => document.activeElement?.getAttribute('type') === 'file')
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Space')])
  await chooser.setFiles(logoFile)
  await page.getByRole('img', { name: 'The logo chosen' }).waitFor()
  await page.getByRole('button', { name: 'Use this logo' }).focus()
  await page.keyboard.press('Enter')
}

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? document.activeElement?.tagName)
const navbarLogo = (page: Page) => page.locator('.navbar__logo').getAttribute('src')

async function openVenueDetails(viewport: typeof PHONE) {
  const { context } = await staffContext(suite, viewport)
  const page = await context.newPage()
  // Playwright turns on the catching of file choosers when a listener is added, without waiting for it:
  // a waitForEvent beside the Space press lost the race on a loaded machine, and the chooser Chromium
  // opened itself was cancelled at once. A listener for the page's life has it on before any press.
  page.on('filechooser', () => {})
  await page.goto(`${suite.server.url}/venueDetails`)
  await page.getByLabel('New logo').waitFor()
  // The app has drawn the screen (its first effects done): focus put on the file input then stays there.
  await page.waitForSelector('#root[data-app-drawn]', { state: 'attached' })
  return { context, page }
}

test('an upload the server never answers gives up with the reason: the file stays picked, the logo shown is unchanged', async () => {
  const { context, page } = await openVenueDetails(PHONE)
  const before = await navbarLogo(page)
  let held = 0
  // The signal drops the upload: no answer, ever.
  await context.route(LOGO_ROUTE, () => {
    held++
  })
  await pickAndSend(page)
  await page.getByRole('button', { name: 'Uploading…' }).waitFor()
  const status = page.locator('.admin-status--error', { hasText: 'The logo was not changed.' })
  await status.waitFor({ timeout: 60_000 })
  expect(await status.textContent()).toContain('The server did not answer in time.')
  expect(held).toBe(1)
  expect(await page.getByRole('button', { name: 'Use this logo' }).isVisible()).toBe(true)
  expect(await focusedText(page)).toContain('The logo was not changed.')
  expect(await page.getByRole('img', { name: 'The logo chosen' }).count()).toBe(1)
  expect(await navbarLogo(page)).toBe(before)
  await context.close()
})

test('with the server gone mid-upload, then offline: each message says why, and the upload goes once the server is back', async () => {
  const { server } = suite
  const { context, page } = await openVenueDetails(DESKTOP)
  const before = await navbarLogo(page)
  await context.route(LOGO_ROUTE, async (route) => {
    await server.kill()
    await route.continue().catch(() => route.abort('connectionrefused'))
  })
  await pickAndSend(page)
  const status = page.locator('.admin-status--error', { hasText: 'The logo was not changed.' })
  await status.waitFor()
  expect(await status.textContent()).toContain('The server could not be reached.')
  expect(await focusedText(page)).toContain('The logo was not changed.')
  expect(await navbarLogo(page)).toBe(before)
  await context.unroute(LOGO_ROUTE)

  await context.setOffline(true)
  await page.waitForFunction(() => navigator.onLine === false)
  await page.getByRole('button', { name: 'Use this logo' }).focus()
  await page.keyboard.press('Enter')
  await page.locator('.admin-status--error', { hasText: 'You appear to be offline.' }).waitFor()
  expect(await page.getByRole('img', { name: 'The logo chosen' }).count()).toBe(1)

  await context.setOffline(false)
  await server.restart()
  await page.getByRole('button', { name: 'Use this logo' }).focus()
  await page.keyboard.press('Enter')
  await page.getByText('The new logo is saved: every page shows it now.').waitFor()
  expect(await navbarLogo(page)).toMatch(/^\/files\/[a-f0-9]{32}\.png$/)
  await context.close()
})
