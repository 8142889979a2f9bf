/**
 * The contact form on a bad signal, in real Chromium against the real server (build first: npm run
 * build). A server error is reported as a failure and nothing is queued; a network failure keeps the
 * message on the device (saying so honestly) and sends it later, the status under the form turning
 * into the delivered message; a send that hangs is given up after a timeout, and a message whose tab
 * was closed mid-send reaches the server exactly once on a later visit.
 *
 * Service workers are blocked: these tests are about the page's own sending (the outbox), and
 * Playwright routes only the page's requests.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page, Route } from 'playwright-core'
import { DESKTOP, launchBrowser, PHONE, startServer, type RunningServer, waitForChunk } from './harness'

const SHOTS = process.env.SHOTS_DIR || join(tmpdir(), 'shots')

const SEND_FAILED = 'Failed to send email.'
const DELIVERED = 'Thank you — your message has been received. We will reply soon.'
const SEND_PATH = '**/api/email/send-email'

let server: RunningServer
let browser: Browser
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  // Several messages from one address within minutes: lift the per-address limit for this run.
  server = await startServer({ CONTACT_RATE_LIMIT: '100' })
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

async function newContext(viewport = PHONE): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, serviceWorkers: 'block' })
  await context.addInitScript(() => localStorage.setItem('cookiesAgreed', 'true'))
  return context
}

/** Opens a page and waits until React has hydrated the contact form (a click before that would submit natively). */
async function openContact(context: BrowserContext): Promise<Page> {
  const page = await context.newPage()
  await page.goto(`${server.url}/contact`)
  await page.waitForFunction(() => {
    const form = document.querySelector('.contact-form form')
    return !!form && Object.keys(form).some((key) => key.startsWith('__reactProps'))
  })
  return page
}

async function fillAndSend(page: Page, text: string): Promise<void> {
  const form = page.locator('.contact-form').first()
  await form.getByLabel('Name').fill('Ada Walker')
  await form.getByLabel('Phone').fill('07700 900123')
  await form.getByLabel('Email').fill('ada@example.org')
  await form.getByLabel('Message').fill(text)
  await form.getByRole('button', { name: 'Send message' }).click()
}

const statusText = async (page: Page) => ((await page.locator('.contact-form .form__status').first().textContent()) ?? '').trim()

/** Messages the server stored with exactly this text. */
async function stored(text: string): Promise<number> {
  const res = await server.api('/api/admin/messages', { headers: { authorization: `Bearer ${await server.token()}` } })
  expect(res.status).toBe(200)
  return ((await res.json()) as { message: string }[]).filter((m) => m.message === text).length
}

/** Entries in the page's outbox (IndexedDB), without creating the database when the app has not. */
function queued(page: Page): Promise<number> {
  return page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((db) => db.name === 'venue-outbox')) return 0
    return new Promise<number>((resolve, reject) => {
      const open = indexedDB.open('venue-outbox')
      open.onerror = () => reject(open.error)
      open.onsuccess = () => {
        const db = open.result
        if (!db.objectStoreNames.contains('entries')) return (db.close(), resolve(0))
        const count = db.transaction('entries').objectStore('entries').count()
        count.onsuccess = () => (db.close(), resolve(count.result))
        count.onerror = () => reject(count.error)
      }
    })
  })
}

/** Polls `check` until it returns `want` (bounded), then returns the last value seen. */
async function until<T>(check: () => Promise<T>, want: T, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let value = await check()
  while (value !== want && Date.now() < deadline) {
    await Bun.sleep(250)
    value = await check()
  }
  return value
}

/** Routes off before a page closes (microsoft/playwright#22210), a handler still hanging included. */
async function closeAll(context: BrowserContext): Promise<void> {
  await context.unrouteAll({ behavior: 'ignoreErrors' })
  await context.close()
}

describe('contact form on a bad signal', () => {
  test('a server error (500) shows "Failed to send email." with the server’s reason, keeps the fields, and queues nothing', async () => {
    const context = await newContext(DESKTOP)
    try {
      const page = await openContact(context)
      let answered = 0
      await context.route(SEND_PATH, (route) => {
        answered++
        return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'The mail server is down.' }) })
      })
      const text = `Server error ${crypto.randomUUID()}`
      await fillAndSend(page, text)
      await page.locator('.contact-form .form__status--error').first().waitFor({ timeout: 10_000 })
      expect(await statusText(page)).toBe(`${SEND_FAILED} The mail server is down.`)
      expect(await page.locator('.contact-form').first().getByLabel('Message').inputValue()).toBe(text)
      expect(answered).toBe(1)
      expect(await queued(page)).toBe(0)
      await page
        .locator('.contact-form')
        .first()
        .screenshot({ path: join(SHOTS, 'contact-failed-1440.png') })
      // With the server healthy again, every trigger of the outbox sends nothing: nothing was kept.
      await context.unroute(SEND_PATH)
      await page.evaluate(() => {
        window.dispatchEvent(new Event('online'))
        window.dispatchEvent(new Event('focus'))
      })
      // Asserts that nothing is sent for a while: online and focus replay at once, and the outbox's
      // shortest timer is 1 s (MIN_TIMER_MS in offline/sync.ts), so a little over that covers them.
      await page.waitForTimeout(1_200)
      expect(await stored(text)).toBe(0)
      expect(await queued(page)).toBe(0)
    } finally {
      await closeAll(context)
    }
  }, 60_000)

  test('a network failure while the browser thinks it is online queues the message, says so honestly, and the status turns into the delivered message', async () => {
    const context = await newContext()
    try {
      const page = await openContact(context)
      let refused = 0
      await context.route(SEND_PATH, (route) => {
        refused++
        return route.abort('connectionfailed')
      })
      const text = `Network failure ${crypto.randomUUID()}`
      await fillAndSend(page, text)
      await page.locator('.contact-form .form__status--ok').first().waitFor({ timeout: 10_000 })
      const saying = await statusText(page)
      expect(saying).toMatch(/connection failed/i)
      expect(saying).toMatch(/saved on this device/)
      expect(saying).not.toMatch(/offline/i)
      expect(await page.locator('.contact-form').first().getByLabel('Message').inputValue()).toBe('')
      expect(refused).toBe(1)
      expect(await queued(page)).toBe(1)
      expect(await stored(text)).toBe(0)
      await page
        .locator('.contact-form')
        .first()
        .screenshot({ path: join(SHOTS, 'contact-connection-failed-390.png') })

      // The signal comes back (no online event: the browser never thought it was gone). The outbox's
      // own retry (after a backoff of about 2 s) sends it, and the form says it was delivered.
      await context.unroute(SEND_PATH)
      expect(await until(() => statusText(page), DELIVERED, 20_000)).toBe(DELIVERED)
      expect(await stored(text)).toBe(1)
      expect(await until(() => queued(page), 0, 10_000)).toBe(0)
      expect(await page.locator('.contact-form').first().textContent()).not.toMatch(/offline|connection failed/i)
      await page
        .locator('.contact-form')
        .first()
        .screenshot({ path: join(SHOTS, 'contact-delivered-390.png') })
    } finally {
      await closeAll(context)
    }
  }, 90_000)

  test('written offline: "You’re offline" while it waits, then the delivered message once the signal returns', async () => {
    const context = await newContext()
    try {
      const page = await openContact(context)
      // The page fetches the form's sending code when idle; without the (blocked) service worker it
      // must have arrived before the signal goes.
      await waitForChunk(page, 'sendEnquiry')
      await page.waitForLoadState('networkidle')
      await context.setOffline(true)
      const text = `Offline ${crypto.randomUUID()}`
      await fillAndSend(page, text)
      await page.locator('.contact-form .form__status--ok').first().waitFor({ timeout: 10_000 })
      expect(await statusText(page)).toMatch(/^You’re offline — your message is saved on this device/)
      expect(await queued(page)).toBe(1)
      await context.setOffline(false)
      expect(await until(() => statusText(page), DELIVERED, 30_000)).toBe(DELIVERED)
      expect(await stored(text)).toBe(1)
      expect(await until(() => queued(page), 0, 10_000)).toBe(0)
    } finally {
      await closeAll(context)
    }
  }, 60_000)

  test('a hanging send: the tab is closed mid-send and a later visit delivers the message', async () => {
    const context = await newContext()
    try {
      const page = await openContact(context)
      let hung!: () => void
      const hanging = new Promise<void>((resolve) => (hung = resolve))
      // A weak signal: the request never gets through and never fails.
      await context.route(SEND_PATH, (_route: Route) => hung())
      const text = `Hanging, tab closed ${crypto.randomUUID()}`
      await fillAndSend(page, text)
      await hanging
      await page.getByRole('button', { name: 'Sending…' }).waitFor()
      // The message is on the device before it is sent.
      expect(await queued(page)).toBe(1)
      await context.unrouteAll({ behavior: 'ignoreErrors' })
      await page.close()

      const later = await context.newPage()
      await later.goto(`${server.url}/`)
      expect(await until(() => stored(text), 1, 30_000)).toBe(1)
      expect(await until(() => queued(later), 0, 10_000)).toBe(0)
      expect(await stored(text)).toBe(1)
    } finally {
      await closeAll(context)
    }
  }, 90_000)

  test('a send that reached the server but whose answer never comes: a timeout, honest wording, and a later visit makes it exactly one message', async () => {
    const context = await newContext()
    try {
      const page = await openContact(context)
      let attempts = 0
      const keys: (string | undefined)[] = []
      await context.route(SEND_PATH, async (route) => {
        attempts++
        keys.push(route.request().headers()['idempotency-key'])
        // The first attempt reaches the server (which stores the message); its answer is lost on the way back.
        if (attempts === 1) await route.fetch().catch(() => undefined)
      })
      const text = `Hanging after delivery ${crypto.randomUUID()}`
      const clicked = Date.now()
      await fillAndSend(page, text)
      await page.getByRole('button', { name: 'Sending…' }).waitFor()
      await page.locator('.contact-form .form__status--ok').first().waitFor({ timeout: 25_000 })
      const waited = Date.now() - clicked
      expect(waited).toBeGreaterThan(10_000)
      expect(waited).toBeLessThan(25_000)
      const saying = await statusText(page)
      expect(saying).toMatch(/connection failed/i)
      expect(saying).not.toMatch(/offline/i)
      expect(await page.getByRole('button', { name: 'Send message' }).isEnabled()).toBe(true)
      expect(await stored(text)).toBe(1)
      expect(await queued(page)).toBe(1)

      await context.unrouteAll({ behavior: 'ignoreErrors' })
      await page.close()
      const later = await context.newPage()
      await later.goto(`${server.url}/eat`)
      expect(await until(() => queued(later), 0, 30_000)).toBe(0)
      expect(await stored(text)).toBe(1)
      // Every attempt carried the same Idempotency-Key.
      expect(new Set(keys).size).toBe(1)
      expect(keys[0]).toBeTruthy()
    } finally {
      await closeAll(context)
    }
  }, 90_000)
})
