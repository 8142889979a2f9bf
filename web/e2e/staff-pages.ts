/**
 * Staff pages in a browser test: a context prepared like a returning visitor's (cookies agreed,
 * third parties unreachable, confirm dialogs accepted), full loads, in-app navigation that works
 * offline, logging in, and waiting for the outbox to empty. Shared by the staff offline tests.
 */
import { afterAll, beforeAll } from 'bun:test'
import type { BrowserContext, Page } from 'playwright-core'
import { DEMO_ADMIN, launchPersistent, PHONE, startServer, type RunningServer } from './harness'

export const QUEUED = 'Saved on this device — will sync when you’re back online'
/** What a queued change's note says once the change has landed. */
export const SYNCED = 'Synced: the change has reached the server.'
export const NOTHING_PENDING = 'Nothing is waiting: every change made on this device has reached the website.'

export async function prepare(context: BrowserContext, token: string | null = null): Promise<Page> {
  await context.addInitScript((t) => {
    localStorage.setItem('cookiesAgreed', 'true')
    if (t && !sessionStorage.getItem('e2e-seeded')) {
      localStorage.setItem('adminToken', t)
      sessionStorage.setItem('e2e-seeded', '1')
    }
  }, token)
  const page = context.pages()[0] ?? (await context.newPage())
  page.on('dialog', (dialog) => void dialog.accept())
  return page
}

/** A full page load, waiting until the splash has gone. */
export async function load(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await page.waitForSelector('#main')
  await page.waitForSelector('[data-testid="splash"]', { state: 'detached', timeout: 10_000 })
}

/** In-app navigation (no reload), as a click on a link would do: works offline. */
export async function go(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => history.pushState(null, '', p), path)
  await page.waitForFunction((p) => location.pathname === p, path)
}

export const pendingCount = async (page: Page) => {
  const badge = page.getByTestId('pending-count')
  return (await badge.count()) === 0 ? 0 : Number((await badge.locator('.admin-count-badge').textContent()) ?? '0')
}

/** Waits until every queued change has landed (the Pending changes panel on the dashboard says so). */
export async function waitUntilSynced(page: Page, timeout = 90_000): Promise<void> {
  await go(page, '/admin')
  await page.getByText(NOTHING_PENDING).waitFor({ timeout })
}

export async function logIn(page: Page, url: string): Promise<void> {
  await load(page, `${url}/login`)
  await page.getByLabel('Username').fill(DEMO_ADMIN.username)
  await page.getByLabel('Password').fill(DEMO_ADMIN.password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.waitForURL(`${url}/admin`)
  await page.getByText('Access granted!').waitFor()
}

export interface ServerAndPhone {
  readonly server: RunningServer
  readonly persistent: Awaited<ReturnType<typeof launchPersistent>>
}

/** A server with demo content and one persistent phone-sized Chromium profile (service worker, storage kept) for a describe block. */
export function useServerAndPhone(): ServerAndPhone {
  const suite = {} as { server: RunningServer; persistent: Awaited<ReturnType<typeof launchPersistent>> }
  beforeAll(async () => {
    suite.server = await startServer()
    suite.persistent = await launchPersistent(PHONE)
  })
  afterAll(async () => {
    await suite.persistent?.close()
    await suite.server?.stop()
  })
  return suite
}
