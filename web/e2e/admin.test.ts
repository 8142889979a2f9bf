/**
 * The staff area in a real browser against the real server (temp DATA_DIR, demo content): every screen
 * performs its action, and the result is checked in the admin list, through the public API and on the
 * public page that shows it. Build first (npm run build).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import sharp from 'sharp'
import { DEMO_ADMIN, DESKTOP, launchBrowser, PHONE, startServer, type RunningServer } from './harness'

let server: RunningServer
let browser: Browser
let files: string
let venue: { hotelName: string; barName: string }
const nextYear = new Date().getFullYear() + 1

beforeAll(async () => {
  server = await startServer()
  browser = await launchBrowser()
  files = mkdtempSync(join(tmpdir(), 'admin-e2e-files-'))
  venue = (await (await server.api('/api/venue')).json()) as typeof venue
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
  if (files) rmSync(files, { recursive: true, force: true })
})

/** A fresh token (logging out revokes every earlier token of the user, so tests never share one). */
async function freshToken(): Promise<string> {
  const res = await server.api('/api/admin/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO_ADMIN) })
  expect(res.status).toBe(200)
  return ((await res.json()) as { token: string }).token
}

async function getJson<T>(path: string, token?: string): Promise<T> {
  const res = await server.api(path, token ? { headers: { authorization: `Bearer ${token}` } } : undefined)
  expect(res.status).toBe(200)
  return (await res.json()) as T
}

/** A small picture made here, written to a temp file for setInputFiles. */
async function pngFile(name: string, colour: { r: number; g: number; b: number }): Promise<string> {
  const path = join(files, name)
  writeFileSync(
    path,
    await sharp({ create: { width: 640, height: 480, channels: 3, background: colour } })
      .png()
      .toBuffer(),
  )
  return path
}

async function pdfFile(name: string, text: string): Promise<string> {
  const doc = await PDFDocument.create()
  const page = doc.addPage([595, 842])
  page.drawText(text, { x: 60, y: 760, size: 24, font: await doc.embedFont(StandardFonts.Helvetica) })
  const path = join(files, name)
  writeFileSync(path, await doc.save())
  return path
}

interface Opened {
  context: BrowserContext
  page: Page
}

/** A browser context (third parties blocked, cookie notice agreed, reduced motion), optionally signed in. */
async function openContext(viewport = PHONE, token?: string | null): Promise<Opened> {
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce' })
  await context.addInitScript((t) => {
    localStorage.setItem('cookiesAgreed', 'true')
    // Seed the token once per tab, so a sign-out in the test is not undone by the next navigation.
    if (t && !sessionStorage.getItem('e2e-seeded')) {
      localStorage.setItem('adminToken', t)
      sessionStorage.setItem('e2e-seeded', '1')
    }
  }, token ?? null)
  const page = await context.newPage()
  page.on('dialog', (dialog) => void dialog.accept())
  return { context, page }
}

async function signedIn(viewport = PHONE): Promise<Opened> {
  return openContext(viewport, await freshToken())
}

/**
 * The signed-in page for `viewport` that the staff screens' tests share, each test opening its screen
 * with a full load: a context and a login per test had cost each a new renderer. Logging out ends every
 * session of the user, so the two tests that do (last in the file) sign in on their own.
 */
const sharedPages = new Map<string, Promise<Opened>>()
async function signedInPage(viewport = PHONE): Promise<Page> {
  const key = `${viewport.width}x${viewport.height}`
  const opened = sharedPages.get(key) ?? signedIn(viewport)
  sharedPages.set(key, opened)
  return (await opened).page
}

/** A full page load, waiting until the splash has gone. */
async function load(page: Page, path: string): Promise<void> {
  await page.goto(`${server.url}${path}`)
  await page.waitForSelector('#main')
  await page.waitForSelector('[data-testid="splash"]', { state: 'detached', timeout: 10_000 })
}

/** In-app navigation (no reload, no splash), as a click on a link would do. */
async function go(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => history.pushState(null, '', p), path)
  await page.waitForFunction((p) => location.pathname === p, path)
}

const pathname = (page: Page) => new URL(page.url()).pathname

describe('guard', () => {
  test('without a stored adminToken every admin route redirects to /', async () => {
    const { context, page } = await openContext(PHONE, null)
    for (const path of ['/admin', '/manageGalleries', '/manageEvent', '/messages']) {
      await page.goto(`${server.url}${path}`)
      await page.waitForFunction(() => location.pathname === '/')
    }
    await context.close()
  })

  test('a tampered token: the dashboard says access is denied and ends at /login; other screens too', async () => {
    const token = await freshToken()
    const [head, body] = token.split('.')
    const tampered = `${head}.${body}.${'A'.repeat(43)}`
    const { context, page } = await openContext(PHONE, tampered)
    await page.goto(`${server.url}/admin`)
    await page.getByText('Access denied. Redirecting to login...').waitFor()
    expect(await page.getByRole('link', { name: /Manage Galleries/ }).count()).toBe(0)
    await page.waitForURL(`${server.url}/login`, { timeout: 5000 })
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull()

    await page.evaluate((t) => localStorage.setItem('adminToken', t), tampered)
    await page.goto(`${server.url}/manageTimes`)
    await page.waitForURL(`${server.url}/login`, { timeout: 5000 })
    await context.close()
  })
})

describe('staff screens', () => {
  test('log in through /login: the dashboard shows Access granted! and every link', async () => {
    const { context, page } = await openContext(PHONE, null)
    await load(page, '/login')
    await page.getByLabel('Username').fill(DEMO_ADMIN.username)
    await page.getByLabel('Password').fill(DEMO_ADMIN.password)
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.waitForURL(`${server.url}/admin`)
    await page.getByText('Access granted!').waitFor()
    for (const label of [
      'Manage Galleries',
      'Manage Attractions',
      'Manage Opening Times',
      'Add Opening Times Exception',
      'Remove Opening Times Exception',
      'Upload Menus',
      'Create Events',
      'Manage Events',
      'Messages',
    ]) {
      expect(await page.getByRole('link', { name: new RegExp(`^${label}`) }).count()).toBe(1)
    }
    // Each screen has a way back to the dashboard.
    await page.getByRole('link', { name: /^Manage Attractions/ }).click()
    await page.getByRole('heading', { level: 1, name: 'Manage Attractions' }).waitFor()
    await page.getByRole('link', { name: /Back to dashboard/ }).click()
    await page.getByText('Access granted!').waitFor()
    await context.close()
  })

  test('galleries: a double-clicked upload adds one image, shown in the admin list, the API and on /drink; delete removes it', async () => {
    const before = await getJson<{ id: number }[]>('/api/gallery/stables')
    const page = await signedInPage()
    await load(page, '/manageGalleries')
    const drink = page.locator('[data-category="4"]')
    await drink.getByRole('heading', { name: `Drink (${before.length})` }).waitFor()
    await page.getByLabel('Images', { exact: true }).setInputFiles(await pngFile('bar.png', { r: 120, g: 60, b: 30 }))
    await page.getByLabel('Gallery').selectOption({ label: 'Drink' })
    await page.getByRole('button', { name: 'Upload' }).dblclick()
    await page.getByText('Upload successful!').waitFor()
    const after = await getJson<{ id: number; image_url: string }[]>('/api/gallery/stables')
    expect(after.length).toBe(before.length + 1)
    // New uploads go to the end of the gallery (staff set the order).
    const added = after[after.length - 1]!
    expect(before.some((image) => image.id === added.id)).toBe(false)
    await drink.getByRole('heading', { name: `Drink (${after.length})` }).waitFor()
    expect(await drink.locator(`img[src="${added.image_url}"]`).count()).toBe(1)

    await go(page, '/drink')
    await page.locator(`.gallery img[src="${added.image_url}"]`).first().waitFor({ state: 'attached' })

    await go(page, '/manageGalleries')
    await page
      .locator(`li[data-image-id="${added.id}"]`)
      .getByRole('button', { name: /^Delete “.+” from Drink$/ })
      .click()
    await page.getByText('Image deleted.').waitFor()
    const final = await getJson<{ id: number }[]>('/api/gallery/stables')
    expect(final.some((image) => image.id === added.id)).toBe(false)
  })

  test('attractions: upload, edit and delete; the attraction appears on /around', async () => {
    const name = `Lantern Cave ${Date.now()}`
    const page = await signedInPage()
    await load(page, '/manageAttractions')
    const add = page.getByRole('region', { name: 'Add an attraction' })
    await add.getByLabel('Name').fill(name)
    await add.getByLabel('Web address').fill('https://example.org/lantern-cave')
    await add.getByLabel('Description').fill('A show cave lit by lanterns.')
    await add.getByLabel('Image').setInputFiles(await pngFile('cave.png', { r: 40, g: 40, b: 60 }))
    await add.getByRole('button', { name: 'Upload attraction' }).click()
    await add.getByText('Attraction uploaded successfully!').waitFor()
    await page.getByRole('button', { name: `Delete ${name}` }).waitFor()
    let list = await getJson<{ id: number; name: string; description: string }[]>('/api/around')
    const created = list.find((a) => a.name === name)!
    expect(created.description).toBe('A show cave lit by lanterns.')

    await go(page, '/around')
    await page.getByRole('heading', { level: 3, name }).waitFor()

    await go(page, '/manageAttractions')
    const edit = page.getByRole('region', { name: 'Edit an attraction' })
    await edit.getByLabel('Attraction').selectOption({ label: name })
    expect(await edit.getByLabel('Name').inputValue()).toBe(name)
    await edit.getByLabel('Description').fill('A show cave lit by lanterns, open at weekends.')
    await edit.getByRole('button', { name: 'Save changes' }).click()
    await edit.getByText('Attraction updated.').waitFor()
    list = await getJson('/api/around')
    expect(list.find((a) => a.id === created.id)?.description).toBe('A show cave lit by lanterns, open at weekends.')

    await page.getByRole('button', { name: `Delete ${name}` }).click()
    await page.getByText(`${name} deleted.`).waitFor()
    list = await getJson('/api/around')
    expect(list.some((a) => a.id === created.id)).toBe(false)
  })

  test('opening times: an edit shows in the admin table and in the right column on /contact', async () => {
    const page = await signedInPage(DESKTOP)
    await load(page, '/manageTimes')
    await page.getByLabel('Business').selectOption({ label: venue.barName })
    expect(await page.getByLabel('Days').locator('option').allTextContents()).toEqual([
      'Choose the days…',
      'Monday-Tuesday',
      'Wednesday-Friday',
      'Saturday',
      'Sunday',
    ])
    await page.getByLabel('Days').selectOption({ label: 'Saturday' })
    await page.getByLabel('Times for').selectOption('opening')
    await page.getByLabel('Opens').fill('10:15')
    await page.getByLabel('Closes').fill('23:45')
    await page.getByRole('button', { name: 'Save times' }).click()
    await page.getByText('Opening times updated.').waitFor()
    await page.locator('.admin-times__venue[data-venue="stables"] tr', { hasText: 'Saturday' }).getByText('10:15 - 23:45').waitFor()

    // The hotel's breakfast (its food type) on Sundays.
    await page.getByLabel('Business').selectOption({ label: venue.hotelName })
    await page.getByLabel('Days').selectOption({ label: 'Sunday' })
    await page.getByLabel('Times for').selectOption({ label: 'Breakfast' })
    await page.getByLabel('Opens').fill('07:45')
    await page.getByLabel('Closes').fill('10:45')
    await page.getByRole('button', { name: 'Save times' }).click()
    await page.locator('.admin-times__venue[data-venue="hotel"] tr', { hasText: 'Sunday' }).getByText('07:45 - 10:45').waitFor()
    // The table shows a change as soon as it is queued; wait until it has reached the server.
    await page.locator('.admin-times__venue [data-pending-state]').first().waitFor({ state: 'detached' })

    const times = await getJson<{ stables: { saturday: { hours: unknown } }; monsal: { sunday: { breakfast: unknown } } }>('/api/opening-times')
    expect(times.stables.saturday.hours).toEqual({ open_time: '10:15', close_time: '23:45' })
    expect(times.monsal.sunday.breakfast).toEqual({ open_time: '07:45', close_time: '10:45' })

    await go(page, '/contact')
    await page.locator('.opening-times__venue[data-venue="stables"] tr', { hasText: 'Saturday' }).getByText('10:15 - 23:45').waitFor()
    await page.locator('.opening-times__venue[data-venue="hotel"] tr', { hasText: 'Sunday' }).getByText('07:45 - 10:45').waitFor()
  })

  test('holidays: an added exception is listed, shows in the Stables column of /contact only, and can be removed', async () => {
    const date = `${nextYear}-08-31`
    const page = await signedInPage()
    await load(page, '/addHoliday')
    await page.getByLabel('Date').fill(date)
    await page.getByLabel('Location').selectOption({ label: venue.barName })
    await page.getByLabel('Opens').fill('12:00')
    await page.getByLabel('Closes').fill('16:00')
    await page.getByRole('button', { name: 'Add exception' }).click()
    await page.getByText('Bank holiday times added.').waitFor()
    await page.locator('.admin-row[data-venue="stables"]', { hasText: '12:00 - 16:00' }).first().waitFor()
    const publicList = await getJson<{ holiday_date: string; venue: string }[]>('/api/bank-holiday-exceptions')
    expect(publicList.filter((h) => h.holiday_date === date).map((h) => h.venue)).toEqual(['stables'])

    await go(page, '/contact')
    const stables = page.locator('.opening-times__venue[data-venue="stables"] .opening-times__holiday-list li', { hasText: ': 12:00 - 16:00' })
    await stables.filter({ hasText: `31 August ${nextYear}` }).waitFor()
    expect(await page.locator('.opening-times__venue[data-venue="hotel"]', { hasText: `31 August ${nextYear}` }).count()).toBe(0)

    await go(page, '/deleteHoliday')
    await page.getByRole('button', { name: new RegExp(`^Remove ${venue.barName} on \\w+ 31 August ${nextYear}$`) }).click()
    await page.getByText('Bank holiday times removed.').waitFor()
    const left = await getJson<{ holiday_date: string; venue: string }[]>('/api/bank-holiday-exceptions')
    expect(left.some((h) => h.holiday_date === date && h.venue === 'stables')).toBe(false)
    await go(page, '/contact')
    await page.locator('.opening-times__venue[data-venue="stables"]').waitFor()
    // The list may first show what it held before the removal; it must then lose the removed day.
    const removed = page.locator('.opening-times__venue', { hasText: `31 August ${nextYear}` })
    await removed.first().waitFor({ state: 'detached', timeout: 10_000 })
    expect(await removed.count()).toBe(0)
  })

  test('menus: a PDF uploaded for the Stables is returned by /api/get-menu/1 and opens from /drink', async () => {
    const page = await signedInPage()
    await load(page, '/uploadMenus')
    await page.getByLabel('Menu (PDF)').setInputFiles(await pdfFile('stables-menu.pdf', 'Stables test menu'))
    await page.getByLabel('Business').selectOption('1')
    expect(await page.getByLabel('Menu type').inputValue()).toBe('1')
    await page.getByRole('button', { name: 'Upload menu' }).click()
    const message = await page.getByText(/^Upload successful! PDF ID: \d+$/).textContent()
    const id = Number(message!.replace(/\D+/g, ''))
    const menu = await getJson<{ id: number; pdf_url: string }>('/api/get-menu/1')
    expect(menu.id).toBe(id)
    const pdf = await server.api(menu.pdf_url)
    expect(pdf.headers.get('content-type')).toContain('pdf')
    await page.locator(`.admin-row[data-business="1"] a[href="${menu.pdf_url}"]`).waitFor()

    await go(page, '/drink')
    await page.getByRole('link', { name: 'View The Menu' }).click()
    await page.waitForURL(`${server.url}/menu/menu1`)
    await page.locator(`a[href="${menu.pdf_url}"]`).first().waitFor({ state: 'attached' })

    // A non-PDF is refused on the device.
    await go(page, '/uploadMenus')
    await page.getByLabel('Menu (PDF)').setInputFiles(await pngFile('not-a-menu.png', { r: 1, g: 2, b: 3 }))
    await page.getByText('Please choose a PDF file.').waitFor()
  })

  test('events: created, edited and deleted; each step shows on /events', async () => {
    const title = `Harvest Supper ${Date.now()}`
    const renamed = `${title} (moved)`
    const page = await signedInPage(DESKTOP)
    await load(page, '/createEvent')
    await page.getByLabel('Title').fill(title)
    await page.getByLabel('Description').fill('Three courses from the valley farms.')
    await page.getByLabel('Start Date/Time').fill(`${nextYear}-09-18T19:30`)
    await page.getByLabel('Ticket link (optional)').fill('https://tickets.example/harvest')
    await page.getByLabel('Image').setInputFiles(await pngFile('harvest.png', { r: 200, g: 140, b: 40 }))
    await page.getByAltText('Preview of the selected event image').waitFor()
    await page.getByRole('button', { name: 'Upload event' }).click()
    await page.getByText('Event uploaded successfully!').waitFor()
    expect(await page.getByLabel('Title').inputValue()).toBe('')

    await go(page, '/events')
    await page.getByRole('heading', { name: title }).waitFor()

    await go(page, '/manageEvent')
    const row = page.locator('tr', { hasText: title })
    await row.waitFor()
    expect(await row.textContent()).toContain(`18 September ${nextYear}`)
    await row.getByRole('button', { name: `Edit ${title}` }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit event' })
    expect(await dialog.getByLabel('Start Date/Time').inputValue()).toBe(`${nextYear}-09-18T19:30`)
    await dialog.getByLabel('Title').fill(renamed)
    await dialog.getByLabel('Replace Image').setInputFiles(await pngFile('harvest2.png', { r: 90, g: 120, b: 40 }))
    await dialog.getByAltText('Preview of the replacement image').waitFor()
    await dialog.getByRole('button', { name: 'Save Changes' }).click()
    await dialog.waitFor({ state: 'detached' })
    await page.getByText('Event updated.').waitFor()
    await page.locator('tr', { hasText: renamed }).waitFor()

    await go(page, '/events')
    await page.getByRole('heading', { name: renamed }).waitFor()
    expect(await page.getByRole('heading', { name: title, exact: true }).count()).toBe(0)

    await go(page, '/manageEvent')
    await page.getByRole('button', { name: `Delete ${renamed}` }).click()
    await page.getByText('Event deleted.').waitFor()
    const upcoming = await getJson<{ title: string }[]>('/api/events')
    expect(upcoming.some((e) => e.title === renamed)).toBe(false)
    await go(page, '/events')
    await page.getByRole('heading', { name: 'Events We Are Running' }).waitFor()
    // The list may first show what it held before the delete; it must then lose the deleted event.
    await page.getByRole('heading', { name: renamed }).first().waitFor({ state: 'detached', timeout: 10_000 })
    expect(await page.getByRole('heading', { name: renamed }).count()).toBe(0)
  })

  test('the event modal works with the keyboard: Enter opens it, focus stays inside, Escape closes it', async () => {
    const page = await signedInPage(DESKTOP)
    await load(page, '/manageEvent')
    const edit = page.getByRole('button', { name: /^Edit / }).first()
    await edit.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Edit event' })
    await dialog.waitFor()
    expect(await page.evaluate(() => document.activeElement?.closest('dialog[open], [role="dialog"]') !== null)).toBe(true)
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press('Tab')
      expect(await page.evaluate(() => document.activeElement?.closest('dialog[open], [role="dialog"]') !== null)).toBe(true)
    }
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    expect(await edit.evaluate((el) => el === document.activeElement)).toBe(true)
  })

  test('messages: a message sent through the contact form is listed with its delivery state', async () => {
    const name = `Walker ${Date.now()}`
    const sent = await server.api('/api/email/send-email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name, phone: '01632 960 111', email: 'walker@example.org', message: 'Do you allow dogs in the bar?' }),
    })
    expect(sent.status).toBe(200)
    const page = await signedInPage()
    await load(page, '/messages')
    const card = page.locator('.admin-message', { hasText: name })
    await card.waitFor()
    expect(await card.textContent()).toContain('Do you allow dogs in the bar?')
    expect(await card.locator('.admin-badge').textContent()).toMatch(/Emailed|Stored|Sending|failed/)
    // Newest first.
    expect(await page.locator('.admin-message__name').first().textContent()).toBe(name)
  })

  test('an expired session keeps the unsaved form: 401 goes to /login, and the text is back after signing in again', async () => {
    const { context, page } = await signedIn()
    await load(page, '/createEvent')
    await page.getByLabel('Title').fill('Half-written quiz night')
    await page.getByLabel('Description').fill('Teams of six.')
    await page.getByLabel('Start Date/Time').fill(`${nextYear}-10-02T20:00`)
    await page.getByLabel('Image').setInputFiles(await pngFile('quiz.png', { r: 10, g: 90, b: 160 }))
    await page.getByAltText('Preview of the selected event image').waitFor()
    // Logging out anywhere revokes every token of the user: this tab's token is now refused.
    const other = await freshToken()
    expect((await server.api('/api/admin/logout', { method: 'POST', headers: { authorization: `Bearer ${other}` } })).status).toBe(200)
    await page.getByRole('button', { name: 'Upload event' }).click()
    await page.waitForURL(`${server.url}/login`)
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull()

    await page.getByLabel('Username').fill(DEMO_ADMIN.username)
    await page.getByLabel('Password').fill(DEMO_ADMIN.password)
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.getByText('Access granted!').waitFor()
    await page.getByRole('link', { name: /Continue on Create Events/ }).click()
    expect(await page.getByLabel('Title').inputValue()).toBe('Half-written quiz night')
    expect(await page.getByLabel('Description').inputValue()).toBe('Teams of six.')
    expect(await page.getByLabel('Start Date/Time').inputValue()).toBe(`${nextYear}-10-02T20:00`)
    await page.getByText('Your unsaved input was restored. Please choose the image again.').waitFor()
    await context.close()
  })

  test('Log out ends the session on the server and goes to /login', async () => {
    const { context, page } = await signedIn()
    await load(page, '/admin')
    const token = await page.evaluate(() => localStorage.getItem('adminToken'))
    await page.getByRole('button', { name: 'Log out' }).click()
    await page.waitForURL(`${server.url}/login`)
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull()
    const after = await server.api('/api/admin/dashboard', { headers: { authorization: `Bearer ${token}` } })
    expect(after.status).toBe(401)
    expect(pathname(page)).toBe('/login')
    await context.close()
  })
})
