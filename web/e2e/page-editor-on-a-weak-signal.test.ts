/**
 * Page words and pictures on a weak signal, in real Chromium against the real server and build (npm run
 * build first): a second save after an offline one synced lands without a conflict with the first (the
 * editor moves onto the version its own change made); a save the server never answers leaves focus, and
 * the words typed meanwhile, where staff moved on to; a picture uploaded offline survives a later offline
 * save of the page (the save meets the newer version and merges field by field); and offline, before the
 * cookie notice is agreed, tabbing through an editor never hides focus under the notice or the banner
 * (the notice floats above the banner, and the room kept clear follows it).
 */
import { afterAll, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { PHONE, staffContext, useServerAndBrowser } from './harness'
import { QUEUED, SYNCED, waitUntilSynced } from './staff-pages'

const suite = useServerAndBrowser()
const files = mkdtempSync(join(tmpdir(), 'page-editor-signal-'))
afterAll(() => rmSync(files, { recursive: true, force: true }))

const aboutTitle = async (suiteServer: typeof suite.server, token: string) => {
  const pages = (await (await suiteServer.api('/api/admin/pages', { headers: { authorization: `Bearer ${token}` } })).json()) as {
    page: string
    title: string
  }[]
  return pages.find((page) => page.page === 'about')?.title
}

test('a second save of a page, after the first was saved offline and has synced, lands without a conflict', async () => {
  const { server } = suite
  const { context, token } = await staffContext(suite, PHONE)
  const replies: number[] = []
  context.on('requestfinished', async (request) => {
    if (request.method() === 'PUT' && request.url().endsWith('/api/admin/pages/about')) replies.push((await request.response())?.status() ?? 0)
  })
  const page = await context.newPage()
  await page.goto(`${server.url}/managePages?page=about`)
  const title = page.getByLabel('Title', { exact: true })
  await title.waitFor()
  const save = page.getByRole('button', { name: 'Save the About page' })

  await context.setOffline(true)
  await page.waitForFunction(() => navigator.onLine === false)
  await title.fill('About us, first change')
  await save.click()
  await page.getByText(QUEUED).waitFor()
  await context.setOffline(false)
  await page.getByText(SYNCED).waitFor({ timeout: 60_000 })
  expect(await aboutTitle(server, token)).toBe('About us, first change')

  await title.fill('About us, second change')
  const answered = page.waitForResponse((response) => response.request().method() === 'PUT' && response.url().endsWith('/api/admin/pages/about'))
  await save.click()
  expect((await answered).status()).toBe(200)
  await page.getByText('The About page is saved.').waitFor()
  expect(await page.getByText('Conflict — see Pending changes').count()).toBe(0)
  expect(replies).toEqual([200, 200])
  expect(await aboutTitle(server, token)).toBe('About us, second change')
  await context.close()
})

test('a save that times out leaves focus, and the words typed, in the text staff moved on to', async () => {
  const { server } = suite
  const { context } = await staffContext(suite, PHONE)
  const page = await context.newPage()
  // The signal drops every page save: no answer, ever.
  await context.route(/\/api\/admin\/pages\/[a-z]+$/, (route) => (route.request().method() === 'PUT' ? undefined : route.continue()))
  await page.goto(`${server.url}/managePages?page=about`)
  const text = page.getByLabel('Text of the page')
  await text.waitFor()
  await page.getByLabel('Title', { exact: true }).fill('About us, on a weak signal')
  await page.getByRole('button', { name: 'Save the About page' }).focus()
  await page.keyboard.press('Enter')
  await page.getByRole('button', { name: 'Saving…' }).waitFor()

  await text.focus()
  await page.keyboard.press('Control+End')
  await page.keyboard.type(' Written while it waited.')
  await page.getByText('the venue’s server did not answer', { exact: false }).waitFor({ timeout: 30_000 })
  await page.keyboard.type(' And after.')

  expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('body')
  expect((await text.inputValue()).endsWith(' Written while it waited. And after.')).toBe(true)
  await context.close()
})

test('a picture uploaded offline, then a title saved offline: back online, the page has both', async () => {
  const { server } = suite
  const photo = join(files, 'door.png')
  writeFileSync(
    photo,
    await sharp({ create: { width: 800, height: 500, channels: 3, background: { r: 30, g: 90, b: 140 } } })
      .png()
      .toBuffer(),
  )
  const { context } = await staffContext(suite, PHONE)
  const page = await context.newPage()
  await page.goto(`${server.url}/managePages?page=contact`)
  await page.getByLabel('Text of the page').waitFor()
  const upload = page.locator('form', { has: page.getByRole('button', { name: 'Upload the picture' }) })

  await context.setOffline(true)
  await page.waitForFunction(() => navigator.onLine === false)
  await upload.getByLabel('Picture', { exact: true }).setInputFiles(photo)
  await upload.getByLabel('What the picture shows').fill('Our front door in the snow')
  await upload.getByRole('button', { name: 'Upload the picture' }).click()
  await page.getByText(QUEUED).first().waitFor()
  await page.getByLabel('Title', { exact: true }).fill('Find us')
  await page.getByRole('button', { name: 'Save the Contact page' }).click()
  // Both kept on the device: the upload and the save.
  await page.locator('[data-testid="pending-count"] .admin-count-badge', { hasText: '2' }).waitFor()

  await context.setOffline(false)
  await waitUntilSynced(page)
  const contact = (await (await server.api('/api/pages/contact')).json()) as { title: string; picture: string; pictureDescription: string }
  expect(contact.title).toBe('Find us')
  expect(contact.picture.startsWith('/files/')).toBe(true)
  expect(contact.pictureDescription).toBe('Our front door in the snow')
  await context.close()
})

test('tabbing through a page editor offline, before cookies are agreed, never hides focus under the notice or the banner', async () => {
  const { server, browser } = suite
  const res = await server.api('/api/admin/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'change-me-please' }),
  })
  const { token } = (await res.json()) as { token: string }
  const context = await browser.newContext({ viewport: PHONE, serviceWorkers: 'block' })
  await context.addInitScript((t) => localStorage.setItem('adminToken', t), token)
  const page = await context.newPage()
  await page.goto(`${server.url}/managePages?page=stay`)
  await page.getByLabel('Text of the page').waitFor()
  await page.locator('.cookie-notice').waitFor()
  await context.setOffline(true)
  await page.locator('.offline-banner').waitFor()

  const hidden: string[] = []
  for (let stop = 0; stop < 90; stop++) {
    await page.keyboard.press('Tab')
    const found = await page.evaluate(() => {
      const active = document.activeElement as HTMLElement
      if (active === document.body) return { end: true, hidden: null }
      const box = active.getBoundingClientRect()
      for (const selector of ['.cookie-notice', '.offline-banner']) {
        const cover = document.querySelector(selector)?.getBoundingClientRect()
        if (!cover || cover.height === 0 || active.closest(selector)) continue
        const overlap = Math.min(box.bottom, cover.bottom) - Math.max(box.top, cover.top)
        const across = Math.min(box.right, cover.right) - Math.max(box.left, cover.left)
        if (overlap > box.height / 2 && across > 0) {
          const name = active.getAttribute('aria-label') || active.getAttribute('name') || active.textContent?.trim().slice(0, 30)
          return {
            end: false,
            hidden: `${name} (${Math.round(box.top)}–${Math.round(box.bottom)} px) under ${selector} (${Math.round(cover.top)}–${Math.round(cover.bottom)} px)`,
          }
        }
      }
      return { end: false, hidden: null }
    })
    if (found.end) break
    if (found.hidden) hidden.push(found.hidden)
  }
  expect(hidden).toEqual([])
  await context.close()
})
