/**
 * The staff dashboard after a spell without the server, in real Chromium against the real server
 * (build first: npm run build): "The server cannot be reached" goes as soon as queued changes land;
 * a queued deletion of a record another device already deleted counts as done (not "Failed" with
 * Retry); a session that ends with changes waiting says so on the login page, and they go after it.
 *
 * "Without the server" is every /api request failing while the browser still thinks it is online
 * (a dead Wi-Fi router), so no online event helps. Service workers are blocked: the app is loaded
 * with a connection and moved around in-app.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { DEMO_ADMIN, DESKTOP, launchBrowser, PHONE, startServer, type RunningServer } from './harness'

const SHOTS = process.env.SHOTS_DIR || join(tmpdir(), 'shots')
const UNREACHABLE = 'The server cannot be reached.'
const QUEUED = 'Saved on this device — will sync when you’re back online'
const ALREADY_DELETED = 'Already deleted elsewhere — nothing left to do.'
const API = '**/api/**'

interface EventItem {
  id: number
  title: string
}

let server: RunningServer
let browser: Browser
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  server = await startServer()
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

/** A token of its own (a logout elsewhere in the file revokes every token of the user). */
async function logIn(): Promise<string> {
  const res = await server.api('/api/admin/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO_ADMIN) })
  expect(res.status).toBe(200)
  return ((await res.json()) as { token: string }).token
}

async function events(): Promise<EventItem[]> {
  const res = await server.api('/api/admin/events', { headers: { authorization: `Bearer ${await logIn()}` } })
  expect(res.status).toBe(200)
  return (await res.json()) as EventItem[]
}

async function openStaff(token: string, path: string, viewport = PHONE): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, serviceWorkers: 'block' })
  await context.addInitScript((t) => {
    localStorage.setItem('cookiesAgreed', 'true')
    if (!sessionStorage.getItem('e2e-seeded')) {
      localStorage.setItem('adminToken', t)
      sessionStorage.setItem('e2e-seeded', '1')
    }
  }, token)
  const page = await context.newPage()
  page.on('dialog', (dialog) => void dialog.accept())
  await page.goto(`${server.url}${path}`)
  await page.waitForSelector('#main')
  return { context, page }
}

/** In-app navigation, as a click on a link would do. */
async function go(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => history.pushState(null, '', p), path)
  await page.waitForFunction((p) => location.pathname === p, path)
}

/** With every API request failing, deletes an event on Manage Events: the change is kept on the device. */
async function deleteWhileUnreachable(context: BrowserContext, page: Page, event: EventItem): Promise<void> {
  await go(page, '/manageEvent')
  await page.getByRole('button', { name: `Delete ${event.title}` }).waitFor()
  await context.route(API, (route) => route.abort('connectionfailed'))
  await page.getByRole('button', { name: `Delete ${event.title}` }).click()
  await page.getByText(QUEUED).first().waitFor({ timeout: 15_000 })
}

async function closeAll(context: BrowserContext): Promise<void> {
  await context.unrouteAll({ behavior: 'ignoreErrors' })
  await context.close()
}

describe('the dashboard after the server was out of reach', () => {
  test('"cannot be reached" clears as the queue drains, and a deletion already made elsewhere shows as done', async () => {
    const [doomed] = await events()
    expect(doomed).toBeTruthy()
    const { context, page } = await openStaff(await logIn(), '/admin')
    try {
      await page.getByText('Access granted!').waitFor()
      await deleteWhileUnreachable(context, page, doomed!)
      // Meanwhile someone else deletes the same event from another device.
      const elsewhere = await server.api('/api/delete-event', {
        method: 'POST',
        headers: { authorization: `Bearer ${await logIn()}`, 'content-type': 'application/json' },
        body: JSON.stringify({ id: doomed!.id }),
      })
      expect(elsewhere.status).toBe(200)

      await go(page, '/admin')
      await page.getByText(UNREACHABLE).waitFor({ timeout: 15_000 })
      // The router comes back; the browser never noticed it was gone (no online event).
      await context.unroute(API)
      const back = Date.now()
      await page.getByText('Access granted!').waitFor({ timeout: 20_000 })
      expect(await page.getByText(UNREACHABLE).count()).toBe(0)
      console.log(`dashboard notice cleared ${Date.now() - back} ms after the server was reachable`)

      const panel = page.locator('#pending-changes')
      const done = panel.locator('.admin-pending__item--sent', { hasText: `Delete event: ${doomed!.title}` })
      await done.waitFor()
      expect(await done.textContent()).toContain('Done')
      expect(await done.textContent()).toContain(ALREADY_DELETED)
      expect(await panel.getByText('Failed', { exact: true }).count()).toBe(0)
      expect(await panel.getByRole('button', { name: /Retry/ }).count()).toBe(0)
      await panel.getByText('Nothing is waiting').waitFor()
      await page.screenshot({ path: join(SHOTS, 'dashboard-done-390.png'), fullPage: true })
    } finally {
      await closeAll(context)
    }
  }, 90_000)

  test('a session that ends with a change waiting: the login page says so, and the change goes after the login', async () => {
    const all = await events()
    const doomed = all[all.length - 1]!
    const token = await logIn()
    const { context, page } = await openStaff(token, '/admin')
    try {
      await page.getByText('Access granted!').waitFor()
      await deleteWhileUnreachable(context, page, doomed)
      // The session ends meanwhile (signed out from another device: every token stops working).
      const out = await server.api('/api/admin/logout', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: '{}',
      })
      expect(out.status).toBe(200)
      await context.unroute(API)
      await page.evaluate(() => window.dispatchEvent(new Event('online')))

      await page.waitForURL(/\/login$/, { timeout: 20_000 })
      const waiting = page.getByText('1 change is waiting and will be sent after you log in')
      await waiting.waitFor()
      expect((await events()).some((e) => e.id === doomed.id)).toBe(true)
      await page.screenshot({ path: join(SHOTS, 'login-waiting-390.png'), fullPage: true })
      await page.setViewportSize(DESKTOP)
      await page.screenshot({ path: join(SHOTS, 'login-waiting-1440.png') })

      await page.getByLabel('Username').fill(DEMO_ADMIN.username)
      await page.getByLabel('Password').fill(DEMO_ADMIN.password)
      await page.getByRole('button', { name: 'Log in' }).click()
      await page.waitForURL(/\/admin$/)
      await page.getByText('Access granted!').waitFor()
      const deadline = Date.now() + 20_000
      while ((await events()).some((e) => e.id === doomed.id) && Date.now() < deadline) await Bun.sleep(250)
      expect((await events()).some((e) => e.id === doomed.id)).toBe(false)
      await page.locator('#pending-changes').getByText('Nothing is waiting').waitFor()
    } finally {
      await closeAll(context)
    }
  }, 90_000)
})
