/**
 * Staff accounts in a real browser against the real server: an owner adds an editor; the editor logs
 * in, is led to choose their own password, edits an event and has no Staff screen; the owner sees
 * both in Activity; a message marked handled says who handled it. Screenshots of the new screens at
 * both sizes go to /tmp/shots. Build first (npm run build).
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { mkdirSync } from 'node:fs'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { DEMO_ADMIN, DESKTOP, launchBrowser, PHONE, startServer, type RunningServer } from './harness'

let server: RunningServer
let browser: Browser
const SHOTS = '/tmp/shots'
const EDITOR = { username: 'sam', first: 'hedgerow-lantern-42', own: 'a quiet lane by the river' }

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  server = await startServer()
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

async function openContext(viewport: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce' })
  await context.addInitScript(() => localStorage.setItem('cookiesAgreed', 'true'))
  const page = await context.newPage()
  page.on('dialog', (dialog) => void dialog.accept())
  return { context, page }
}

async function logIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto(`${server.url}/login`)
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
}

/** In-app navigation, as a link would do. */
async function go(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => history.pushState(null, '', p), path)
  await page.waitForFunction((p) => location.pathname === p, path)
}

async function shoot(page: Page, name: string): Promise<void> {
  for (const [label, size] of [
    ['390', PHONE],
    ['1440', DESKTOP],
  ] as const) {
    await page.setViewportSize(size)
    await page.screenshot({ path: `${SHOTS}/staff-${name}-${label}.png`, fullPage: true })
  }
}

test('an owner adds an editor, who must choose a password, edits an event and has no Staff screen; the owner sees it in Activity; a handled message says who', async () => {
  const owner = await openContext(DESKTOP)
  await logIn(owner.page, DEMO_ADMIN.username, DEMO_ADMIN.password)
  await owner.page.getByText('Access granted!').waitFor()
  await owner.page.getByRole('link', { name: /^Staff Add staff/ }).click()
  await owner.page.getByRole('heading', { level: 1, name: 'Staff' }).waitFor()
  await owner.page.getByLabel('Username').fill(EDITOR.username)
  await owner.page.getByLabel('Role').selectOption('editor')
  // A weak first password: the rule's message, nothing sent.
  await owner.page.getByLabel('First password').fill('short')
  await owner.page.getByRole('button', { name: 'Add member' }).click()
  await owner.page.getByText('The password must be at least 12 characters long.').waitFor()
  await owner.page.getByLabel('First password').fill(EDITOR.first)
  await owner.page.getByRole('button', { name: 'Add member' }).click()
  await owner.page.getByText(`${EDITOR.username} added.`, { exact: false }).waitFor()
  const samRow = owner.page.locator(`[data-username="${EDITOR.username}"]`)
  await samRow.getByText('Must choose a password at next login', { exact: false }).waitFor()
  await shoot(owner.page, 'members')

  // The editor: straight from the login to My account, and held there until the password is theirs.
  const editor = await openContext(PHONE)
  await logIn(editor.page, EDITOR.username, EDITOR.first)
  await editor.page.waitForURL(`${server.url}/account`)
  await editor.page.getByText('Please choose your own password before anything else.', { exact: false }).waitFor()
  await shoot(editor.page, 'account-first-login')
  // Another screen leads straight back here.
  await editor.page.evaluate(() => history.pushState(null, '', '/manageEvent'))
  await editor.page.waitForFunction(() => location.pathname === '/account')
  await editor.page.getByText('Please choose your own password before anything else.', { exact: false }).waitFor()
  await editor.page.getByLabel('Current password').fill(EDITOR.first)
  await editor.page.getByLabel('New password', { exact: true }).fill(EDITOR.own)
  await editor.page.getByLabel('New password again').fill(EDITOR.own)
  await editor.page.getByRole('button', { name: 'Change password' }).click()
  await editor.page.getByText('Your password is changed.', { exact: false }).waitFor()
  await editor.page.getByRole('link', { name: 'Continue to the dashboard' }).click()
  await editor.page.getByText('Access granted!').waitFor()
  expect(await editor.page.getByRole('link', { name: /^Manage Events/ }).count()).toBe(1)
  expect(await editor.page.getByRole('link', { name: /^My Account/ }).count()).toBe(1)
  expect(await editor.page.getByRole('link', { name: /^Staff Add staff/ }).count()).toBe(0)
  expect(await editor.page.getByRole('link', { name: /^Activity/ }).count()).toBe(0)

  // The editor edits an event.
  await editor.page.getByRole('link', { name: /^Manage Events/ }).click()
  await editor.page
    .getByRole('button', { name: /^Edit / })
    .first()
    .click()
  const dialog = editor.page.getByRole('dialog', { name: 'Edit event' })
  const renamed = 'Quiz night, renamed by sam'
  await dialog.getByLabel('Title').fill(renamed)
  await dialog.getByRole('button', { name: 'Save Changes' }).click()
  await editor.page.getByText('Event updated.').waitFor()

  // Staff reached anyway: the server's 403, in words.
  await go(editor.page, '/staff')
  await editor.page.getByText('Only an owner can see staff accounts.', { exact: false }).waitFor()
  await shoot(editor.page, 'editor-on-staff')
  await editor.context.close()

  // The owner sees both changes in Activity, newest first, with who made them.
  await owner.page.getByRole('link', { name: /Back to dashboard/ }).click()
  await owner.page.getByRole('link', { name: /^Activity/ }).click()
  const edited = owner.page.locator('.activity-entry', { hasText: `Edited the event “${renamed}”` })
  await edited.waitFor()
  expect(await edited.textContent()).toContain(EDITOR.username)
  const ownPassword = owner.page.locator('.activity-entry', { hasText: `${EDITOR.username} changed their own password` })
  expect(await ownPassword.count()).toBe(1)
  const summaries = await owner.page.locator('.activity-entry__summary').allTextContents()
  expect(summaries.indexOf(`Edited the event “${renamed}”`)).toBeLessThan(summaries.indexOf(`${EDITOR.username} changed their own password`))
  await shoot(owner.page, 'activity')

  // A message marked handled says who handled it.
  const sent = await server.api('/api/email/send-email', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Ada Visitor', phone: '01632 960000', email: 'ada@example.org', message: 'Do you have a room on Friday?' }),
  })
  expect(sent.status).toBe(200)
  await go(owner.page, '/messages')
  const item = owner.page.locator('.admin-message', { hasText: 'Ada Visitor' })
  await item.getByRole('button', { name: /^Mark handled/ }).click()
  await item.getByText(`Handled by ${DEMO_ADMIN.username}`, { exact: false }).waitFor()
  await shoot(owner.page, 'messages')
  await go(owner.page, '/account')
  await owner.page.getByRole('heading', { name: 'Where you are logged in' }).waitFor()
  await owner.page.getByText('This device').waitFor()
  await shoot(owner.page, 'account')
  await owner.context.close()
})
