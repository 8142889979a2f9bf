/**
 * Staff form errors as a keyboard or screen-reader user meets them, at phone
 * and desktop sizes, in Chromium against the real server (build first): each staff form sent empty
 * or wrong marks exactly the fields at fault with aria-invalid and puts focus on the first; the event
 * edit dialog shows its error inside the dialog's view; after sending the contact form or a staff
 * upload, focus is on the status message, not the page's body.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import type { Locator, Page } from 'playwright-core'
import { DEMO_ADMIN, DESKTOP, PHONE, useServerAndBrowser } from './harness'
import { contextsOf, settled, SHOTS } from './a11y-helpers'
import { acrossTabs } from './parallel-pages'
import { contextPool } from './context-pool'

const suite = useServerAndBrowser()
const visit = contextsOf(suite)
let files = ''
beforeAll(() => {
  files = mkdtempSync(join(tmpdir(), 'a11y-staff-forms-'))
})
afterAll(() => {
  if (files) rmSync(files, { recursive: true, force: true })
})

/**
 * Signed-in pages at a viewport, each in a context kept for the file's later tests (context-pool.ts):
 * the demo owner's token and the cookie answer are in its storage from the start, and stay there.
 */
const staffContexts = contextPool(() => suite.server.url, { keepStorage: true })
afterEach(() => staffContexts.giveBack())
afterAll(() => staffContexts.closeAll())

function signedInPage(viewport: { width: number; height: number }): Promise<Page> {
  return staffContexts.take(`${viewport.width}x${viewport.height}`, async () => {
    const { server, browser } = suite
    const localStorage = [
      { name: 'cookiesAgreed', value: 'true' },
      { name: 'adminToken', value: await server.token() },
    ]
    const context = await browser.newContext({
      viewport,
      serviceWorkers: 'block',
      bypassCSP: true,
      reducedMotion: 'reduce',
      storageState: { cookies: [], origins: [{ origin: server.url, localStorage }] },
    })
    return { context, page: await context.newPage() }
  })
}

/** A staff page opened logged in (in `page`, or a signed-in page of the pool), once `ready` (its form) is there. */
async function staffPage(viewport: { width: number; height: number }, path: string, ready = 'main form', given?: Page): Promise<Page> {
  const page = given ?? (await signedInPage(viewport))
  await page.goto(`${suite.server.url}${path}`)
  await page.waitForSelector(ready)
  await page.waitForSelector('[data-testid="splash"]', { state: 'detached', timeout: 10_000 })
  return page
}

/** The labels of the fields marked aria-invalid, and the label (or text) of what has focus. */
function errorState(page: Page) {
  return page.evaluate(() => {
    const labelOf = (element: Element | null) =>
      (element as HTMLInputElement | null)?.labels?.[0]?.textContent?.trim() ?? element?.textContent?.trim() ?? element?.tagName ?? ''
    const invalid = Array.from(document.querySelectorAll('[aria-invalid="true"]')).map(labelOf)
    // Each marked field names an existing element holding the message.
    const describedMissing = Array.from(document.querySelectorAll('[aria-invalid="true"]')).filter((field) =>
      (field.getAttribute('aria-describedby') ?? '')
        .split(/\s+/)
        .filter(Boolean)
        .every((id) => !document.getElementById(id)?.textContent?.trim()),
    ).length
    return { invalid, focused: document.activeElement === document.body ? 'BODY' : labelOf(document.activeElement), describedMissing }
  })
}

/** Presses a form's button and waits until a field is marked (or `message` shows). */
async function submitAndWait(page: Page, button: string, message: string): Promise<void> {
  await page.getByRole('button', { name: button, exact: true }).first().click()
  await page.getByText(message, { exact: true }).first().waitFor()
  await page.waitForFunction(() => document.activeElement !== document.body)
}

/** Whether `element` is wholly inside both the window and its dialog's box (runs in the page). */
function inDialogView(element: Element): boolean {
  const box = element.getBoundingClientRect()
  const frame = (element.closest('dialog') as HTMLElement).getBoundingClientRect()
  return box.top >= Math.max(0, frame.top) && box.bottom <= Math.min(innerHeight, frame.bottom)
}

/** Presses Save Changes as a keyboard user would (from the bottom of the dialog) and waits for `message` and focus on a field at fault. */
async function saveWithError(page: Page, dialog: Locator, message: string): Promise<Locator> {
  await dialog.getByRole('button', { name: 'Save Changes' }).focus()
  await page.keyboard.press('Enter')
  const shown = dialog.getByText(message)
  await shown.waitFor()
  await page.waitForFunction(() => document.activeElement?.getAttribute('aria-invalid') === 'true')
  return shown
}

const EMPTY_FORMS: { path: string; button: string; message: string; invalid: string[] }[] = [
  {
    path: '/createEvent',
    button: 'Upload event',
    message: 'Please fill in all required fields (Title, Description, Start Date/Time).',
    invalid: ['Title', 'Description', 'Start Date/Time'],
  },
  { path: '/manageGalleries', button: 'Upload', message: 'Please select images and provide a type.', invalid: ['Images', 'Gallery'] },
  {
    path: '/manageAttractions',
    button: 'Upload attraction',
    message: 'Please fill in all fields and select an image to upload.',
    invalid: ['Name', 'Web address', 'Description', 'Image'],
  },
  { path: '/manageAttractions', button: 'Save changes', message: 'Please select a business to edit.', invalid: ['Attraction'] },
  { path: '/manageTimes', button: 'Save times', message: 'Please choose a business and the days to change.', invalid: ['Business'] },
  { path: '/addHoliday', button: 'Add exception', message: 'All fields are required', invalid: ['Date', 'Location', 'Opens', 'Closes'] },
  { path: '/uploadMenus', button: 'Upload menu', message: 'Please fill in all fields and select a file.', invalid: ['Menu (PDF)', 'Business'] },
  { path: '/staff', button: 'Add member', message: 'Enter a username.', invalid: ['Username'] },
  { path: '/account', button: 'Change password', message: 'Enter your current password and a new one.', invalid: ['Current password', 'New password'] },
]

for (const viewport of [PHONE, DESKTOP])
  describe(`staff form errors at ${viewport.width}×${viewport.height}`, () => {
    test('every staff form sent empty marks exactly the missing fields and focuses the first', async () => {
      // A few signed-in pages side by side, each taking the next form when it is free.
      const found = await acrossTabs(
        () => signedInPage(viewport),
        EMPTY_FORMS,
        async (page, form) => {
          const problems: string[] = []
          await staffPage(viewport, form.path, 'main form', page)
          await submitAndWait(page, form.button, form.message)
          const state = await errorState(page)
          if (JSON.stringify(state.invalid) !== JSON.stringify(form.invalid))
            problems.push(`${form.path} ${form.button}: marked ${JSON.stringify(state.invalid)}`)
          if (state.focused !== form.invalid[0]) problems.push(`${form.path} ${form.button}: focus on ${state.focused}`)
          if (state.describedMissing > 0) problems.push(`${form.path} ${form.button}: a marked field describes nothing`)
          const note = await page.evaluate(() => {
            const shown = document.activeElement?.closest('.admin-field, .admin-check')?.querySelector('.admin-field__error')
            const box = shown?.getBoundingClientRect()
            return box ? { text: getComputedStyle(shown!, '::before').content, inView: box.height > 0 && box.top >= 0 && box.bottom <= innerHeight } : null
          })
          // A long form's message is below its button: the same words must be in view beside the field with focus.
          if (note?.text !== JSON.stringify(form.message) || !note.inView)
            problems.push(`${form.path} ${form.button}: beside the focused field ${JSON.stringify(note)}`)
          if (form.path === '/addHoliday') await page.screenshot({ path: `${SHOTS}/staff-form-error-${viewport.width}.png`, fullPage: true })
          return problems
        },
      )
      expect(found).toEqual([])
    }, 120_000)

    test('login sent empty: both fields marked, focus on Username; a wrong password focuses the message', async () => {
      const page = await visit({ viewport, agreed: true })
      await page.goto(`${suite.server.url}/login`)
      await settled(page)
      await page.getByRole('button', { name: 'Log in' }).click()
      await page.waitForFunction(() => document.querySelectorAll('[aria-invalid="true"]').length === 2)
      expect(await errorState(page)).toMatchObject({ invalid: ['Username', 'Password'], focused: 'Username' })
      await page.getByLabel('Username').fill('nobody-here')
      await page.getByLabel('Password').fill('not the password')
      await page.getByRole('button', { name: 'Log in' }).click()
      await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'alert')
      expect((await errorState(page)).invalid).toEqual([])
    }, 60_000)

    test('logging in on a slow signal: focus stays on Log in until the dashboard is there, then goes to its heading (never to <body>)', async () => {
      const page = await visit({ viewport, agreed: true })
      // The staff screens' code is held back until the login has been answered: the slow second or two of a weak signal.
      let release = () => {}
      const held = new Promise<void>((resolve) => (release = resolve))
      await page.route(/\/assets\/AdminRoutes-[\w-]+\.js$/, async (route) => {
        await held
        await route.continue()
      })
      await page.goto(`${suite.server.url}/login`)
      await settled(page)
      await page.getByLabel('Username').fill(DEMO_ADMIN.username)
      await page.getByLabel('Password').fill(DEMO_ADMIN.password)
      await page.getByRole('button', { name: 'Log in' }).press('Enter')
      await page.waitForFunction(() => localStorage.getItem('adminToken') !== null)
      const focused = () =>
        page.evaluate(async () => {
          await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
          const active = document.activeElement
          return active === document.body || !active ? 'body' : `${active.tagName.toLowerCase()} ${active.textContent?.trim()}`
        })
      expect(await focused()).toBe('button Logging in…')
      release()
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
      await page.waitForFunction(() => document.activeElement?.tagName === 'H1')
      await page.unrouteAll({ behavior: 'ignoreErrors' })
    }, 60_000)

    test('the event edit dialog: the error shows inside the dialog’s view and focus is on the first field at fault', async () => {
      const page = await staffPage(viewport, '/manageEvent', 'main button[aria-label^="Edit "], main button:has-text("Edit")')
      await page
        .getByRole('button', { name: /^Edit / })
        .first()
        .click()
      const dialog = page.getByRole('dialog', { name: 'Edit event' })
      await dialog.getByLabel('Title').fill('')
      await dialog.getByLabel('Start Date/Time').fill('')
      const message = await saveWithError(page, dialog, 'Please fill in all required fields (Title, Description, Start Date/Time).')
      expect(await errorState(page)).toMatchObject({ invalid: ['Title', 'Start Date/Time'], focused: 'Title' })
      expect(await message.evaluate(inDialogView)).toBe(true)
      await page.screenshot({ path: `${SHOTS}/event-dialog-error-${viewport.width}.png` })

      // A field further down (the ticket link): it and the message are both in view.
      await dialog.getByLabel('Title').fill('Folk Night')
      await dialog.getByLabel('Start Date/Time').fill('2099-06-05T19:30')
      await dialog.getByLabel('Ticket link (optional)').fill('tickets.example')
      const ticket = await saveWithError(page, dialog, 'Please enter the ticket link as a full web address starting with http:// or https://.')
      expect(await errorState(page)).toMatchObject({ invalid: ['Ticket link (optional)'], focused: 'Ticket link (optional)' })
      expect(await ticket.evaluate(inDialogView)).toBe(true)
      expect(await dialog.getByLabel('Ticket link (optional)').evaluate(inDialogView)).toBe(true)
    }, 60_000)

    test('after a gallery upload, focus is on the status message, not the page', async () => {
      const page = await staffPage(viewport, '/manageGalleries')
      const image = join(files, `upload-${viewport.width}.png`)
      writeFileSync(
        image,
        await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 40, g: 90, b: 60 } } })
          .png()
          .toBuffer(),
      )
      await page.getByLabel('Images', { exact: true }).setInputFiles(image)
      await page.getByLabel('Gallery').selectOption('cafe')
      await page.getByRole('button', { name: 'Upload', exact: true }).click()
      await page.getByText('Upload successful!').waitFor({ timeout: 30_000 })
      await page.waitForFunction(() => document.activeElement?.textContent?.includes('Upload successful!'))
      expect((await errorState(page)).focused).not.toBe('BODY')
    }, 60_000)

    test('after sending the contact form, focus is on its status message', async () => {
      const page = await visit({ viewport, agreed: true })
      await page.goto(`${suite.server.url}/contact`)
      // The page is pre-rendered: typing before the app has taken it over would be a plain HTML form's submit.
      await settled(page)
      const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Send message' }) })
      await form.getByLabel('Name').fill('Ada Walker')
      await form.getByLabel('Phone').fill('07700 900123')
      await form.getByLabel('Email').fill('ada@example.org')
      await form.getByLabel('Message').fill('A table for four on Saturday?')
      await form.getByRole('button', { name: 'Send message' }).click()
      await page.waitForFunction(() => {
        const status = document.querySelector('.contact-form [role="status"]')
        return !!status?.textContent?.trim() && document.activeElement === status
      })
      expect((await errorState(page)).focused).not.toBe('BODY')
    }, 60_000)
  })
