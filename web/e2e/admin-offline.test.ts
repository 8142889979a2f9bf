/**
 * Offline staff edits in a real Chromium against the real server (temp DATA_DIR, demo content):
 * changes made with the network off are kept on the device (across a reload), sent when the
 * connection returns, exactly once and in order; a server that dies mid-replay loses or doubles
 * nothing; an edit that meets a change made elsewhere is merged field by field, and a field changed on
 * both sides is asked about, never silently applied.
 * Build first (npm run build).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { DESKTOP, PHONE, useServerAndBrowser, type RunningServer } from './harness'
import { go, load, logIn, NOTHING_PENDING, pendingCount, prepare, QUEUED, useServerAndPhone, waitUntilSynced } from './staff-pages'

const SHOTS = process.env.SHOTS_DIR || join(tmpdir(), 'shots')
const nextYear = new Date().getFullYear() + 1

let files: string
beforeAll(() => {
  files = mkdtempSync(join(tmpdir(), 'offline-e2e-files-'))
  mkdirSync(SHOTS, { recursive: true })
})
afterAll(() => rmSync(files, { recursive: true, force: true }))

interface EventItem {
  id: number
  title: string
  start_datetime: string
  updated_at: string
}

async function getJson<T>(server: RunningServer, path: string, token?: string): Promise<T> {
  const res = await server.api(path, token ? { headers: { authorization: `Bearer ${token}` } } : undefined)
  expect(res.status).toBe(200)
  return (await res.json()) as T
}

/** A picture made here, written to a temp file for setInputFiles (noise makes it realistically heavy). */
async function pngFile(name: string, colour: { r: number; g: number; b: number }, size = { width: 640, height: 480 }, noise = false): Promise<string> {
  const path = join(files, name)
  const image = noise
    ? sharp({ create: { width: size.width, height: size.height, channels: 3, background: colour, noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    : sharp({ create: { width: size.width, height: size.height, channels: 3, background: colour } })
  writeFileSync(path, await image.png().toBuffer())
  return path
}

async function createEvent(page: Page, title: string, image: string): Promise<void> {
  await go(page, '/createEvent')
  await page.getByLabel('Title').fill(title)
  await page.getByLabel('Description').fill('Teams of four, questions by the fire.')
  await page.getByLabel('Start Date/Time').fill(`${nextYear}-03-14T19:30`)
  await page.getByLabel('Image', { exact: true }).setInputFiles(image)
  await page.getByAltText('Preview of the selected event image').waitFor()
  await page.getByRole('button', { name: 'Upload event' }).click()
}

async function uploadGallery(page: Page, images: string[], label: string): Promise<void> {
  await go(page, '/manageGalleries')
  await page.getByLabel('Images', { exact: true }).setInputFiles(images)
  await page.getByLabel('Gallery').selectOption({ label })
  await page.getByRole('button', { name: 'Upload', exact: true }).click()
}

describe('a morning of edits with the network off', () => {
  const suite = useServerAndPhone()

  test('queued offline, kept across a reload, sent once each when back online, and shown on the public pages', async () => {
    const { server, persistent } = suite
    const token = await server.token()
    const venue = await getJson<{ hotelName: string }>(server, '/api/venue')
    const eventsBefore = await getJson<EventItem[]>(server, '/api/admin/events', token)
    const cafeBefore = await getJson<unknown[]>(server, '/api/gallery/cafe')
    const attractionsBefore = await getJson<{ id: number; name: string }[]>(server, '/api/around')
    const doomed = attractionsBefore[0]!
    const { context } = persistent
    const page = await prepare(context)

    // Online: log in; the service worker takes charge; each screen is opened once (its list is kept for offline use).
    await logIn(page, server.url)
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
    })
    await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 15_000 })
    for (const [path, ready] of [
      ['/manageEvent', 'table.admin-table--events'],
      ['/manageTimes', '.admin-times'],
      ['/manageGalleries', '[data-category="2"]'],
      ['/manageAttractions', '.admin-rows'],
    ] as const) {
      await go(page, path)
      await page.waitForSelector(ready)
    }

    // The Wi-Fi drops.
    await context.setOffline(true)
    await page.waitForFunction(() => navigator.onLine === false)

    // 1. A new event with an image.
    const title = `Lantern Quiz ${Date.now()}`
    await createEvent(page, title, await pngFile('quiz.png', { r: 30, g: 60, b: 90 }))
    await page.getByText(QUEUED).waitFor()

    // 2. The hotel's Saturday opening hours.
    await go(page, '/manageTimes')
    await page.getByLabel('Business').selectOption({ label: venue.hotelName })
    await page.getByLabel('Days').selectOption('saturday')
    await page.getByLabel('Opens').fill('08:15')
    await page.getByLabel('Closes').fill('23:15')
    await page.getByRole('button', { name: 'Save times' }).click()
    await page.getByText(QUEUED).waitFor()
    const saturday = page.locator('[data-venue="hotel"] tr[data-group="saturday"]')
    expect(await saturday.getAttribute('data-pending')).toBe('waiting')
    expect(await saturday.textContent()).toContain('08:15 - 23:15')

    // 3. Two gallery images for the cafe.
    await uploadGallery(page, [await pngFile('cafe-1.png', { r: 200, g: 150, b: 90 }), await pngFile('cafe-2.png', { r: 90, g: 150, b: 200 })], 'Eat')
    await page.getByText(QUEUED).waitFor()
    expect(await page.locator('[data-category="2"] [data-queued-upload]').count()).toBe(2)

    // 4. An attraction deleted.
    await go(page, '/manageAttractions')
    await page.getByRole('button', { name: `Delete ${doomed.name}` }).click()
    await page.getByText(QUEUED).waitFor()
    await page.locator(`[data-attraction-id="${doomed.id}"][data-pending="waiting"]`).getByText('Deletion waiting to sync').waitFor()

    // 5. The event just created, edited before it ever reached the server.
    await go(page, '/manageEvent')
    const queuedRow = page.locator('tr[data-pending="waiting"]', { hasText: title })
    await queuedRow.getByText('New waiting to sync').waitFor()
    await queuedRow.getByRole('button', { name: `Edit ${title}` }).click()
    const edited = `${title} (edited)`
    await page.getByRole('dialog', { name: 'Edit event' }).getByLabel('Title').fill(edited)
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await page.getByText(QUEUED).waitFor()
    await page.locator('tr[data-pending="waiting"]', { hasText: edited }).waitFor()
    expect(await pendingCount(page)).toBe(5)

    // Nothing reached the server.
    expect((await getJson<EventItem[]>(server, '/api/admin/events', token)).length).toBe(eventsBefore.length)

    // The tab is reloaded while still offline: everything is still there.
    await page.reload()
    await page.waitForSelector('#main')
    await page.waitForSelector('[data-testid="splash"]', { state: 'detached', timeout: 10_000 })
    await page.locator('tr[data-pending="waiting"]', { hasText: edited }).waitFor()
    expect(await pendingCount(page)).toBe(5)
    await go(page, '/admin')
    const items = page.locator('.admin-pending__item')
    await items.first().waitFor()
    expect(await items.count()).toBe(5)
    expect(await page.locator('.admin-pending__item[data-state="waiting"]').count()).toBe(5)
    expect(await page.locator('.admin-pending__label').allTextContents()).toEqual([
      `New event: ${title}`,
      `${venue.hotelName}, Saturday: opening hours`,
      'Upload 2 gallery image(s)',
      `Delete attraction ${doomed.name}`,
      `Edit event: ${edited}`,
    ])
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    await page.locator('.admin-pending').screenshot({ path: join(SHOTS, 'outbox-pending-phone.png') })
    await page.setViewportSize(DESKTOP)
    await page.screenshot({ path: join(SHOTS, 'outbox-pending-desktop.png'), fullPage: true })
    await page.setViewportSize(PHONE)

    // Back online: the queue is sent.
    await context.setOffline(false)
    await waitUntilSynced(page)

    // Exactly those changes, once each.
    const eventsAfter = await getJson<(EventItem & { image_url: string | null })[]>(server, '/api/admin/events', token)
    expect(eventsAfter.length).toBe(eventsBefore.length + 1)
    const mine = eventsAfter.filter((e) => e.title.startsWith(title))
    expect(mine.map((e) => e.title)).toEqual([edited])
    expect(mine[0]!.image_url).toMatch(/^\/files\//)
    const times = await getJson<{ monsal: { saturday: { hours: unknown } } }>(server, '/api/opening-times')
    expect(times.monsal.saturday.hours).toEqual({ open_time: '08:15', close_time: '23:15' })
    expect((await getJson<unknown[]>(server, '/api/gallery/cafe')).length).toBe(cafeBefore.length + 2)
    const attractionsAfter = await getJson<{ id: number }[]>(server, '/api/around')
    expect(attractionsAfter.length).toBe(attractionsBefore.length - 1)
    expect(attractionsAfter.some((a) => a.id === doomed.id)).toBe(false)

    // The public pages show them.
    await load(page, `${server.url}/events`)
    await page.getByText(edited).first().waitFor()
    await load(page, `${server.url}/around`)
    await page.locator('h2, h3').first().waitFor()
    expect(await page.getByText(doomed.name, { exact: true }).count()).toBe(0)
    await load(page, `${server.url}/contact`)
    await page.getByText('08:15 - 23:15').first().waitFor()
    await load(page, `${server.url}/eat`)
    expect((await getJson<{ image_url: string }[]>(server, '/api/gallery/cafe')).length).toBe(cafeBefore.length + 2)
  })
})

describe('the server dies in the middle of a replay', () => {
  const suite = useServerAndBrowser()

  test('after a crash and restart on the same DATA_DIR the replay finishes: nothing duplicated, nothing lost', async () => {
    const { server, browser } = suite
    const token = await server.token()
    const stablesBefore = (await getJson<unknown[]>(server, '/api/gallery/stables')).length
    const eventsBefore = (await getJson<EventItem[]>(server, '/api/admin/events', token)).length
    const context = await browser.newContext({ viewport: DESKTOP, reducedMotion: 'reduce' })
    const page = await prepare(context, token)
    await load(page, `${server.url}/admin`)
    await page.getByText('Access granted!').waitFor()

    await context.setOffline(true)
    await page.waitForFunction(() => navigator.onLine === false)
    const uploads = 4
    for (let i = 0; i < uploads; i++) {
      await uploadGallery(page, [await pngFile(`bar-${i}.png`, { r: 0, g: 0, b: 0 }, { width: 1600, height: 1200 }, true)], 'Drink')
      await page.getByText(QUEUED).waitFor()
    }
    const titles = [`Crash Supper ${Date.now()}`, `Crash Ceilidh ${Date.now()}`]
    for (const title of titles) {
      await createEvent(page, title, await pngFile(`${title}.png`, { r: 80, g: 20, b: 20 }))
      await page.getByText(QUEUED).waitFor()
    }
    expect(await pendingCount(page)).toBe(uploads + titles.length)

    // Back online; as soon as the first change has landed, the server is killed.
    await context.setOffline(false)
    const deadline = Date.now() + 30_000
    let landed = 0
    while (landed === 0 && Date.now() < deadline) {
      landed = (await getJson<unknown[]>(server, '/api/gallery/stables')).length - stablesBefore
      if (landed === 0) await Bun.sleep(10)
    }
    await server.kill()
    expect(landed).toBeGreaterThan(0)
    // The replay was cut short: some changes are still waiting on the device.
    expect(await pendingCount(page)).toBeGreaterThan(0)
    // The server stays down a moment, as after a real crash: the scenario, not a wait for something.
    await Bun.sleep(1500)
    await server.restart()

    await waitUntilSynced(page)
    expect((await getJson<unknown[]>(server, '/api/gallery/stables')).length).toBe(stablesBefore + uploads)
    const events = await getJson<EventItem[]>(server, '/api/admin/events', token)
    expect(events.length).toBe(eventsBefore + titles.length)
    for (const title of titles) expect(events.filter((e) => e.title === title)).toHaveLength(1)
    await context.close()
  })
})

describe('an offline edit meets a change made elsewhere', () => {
  const suite = useServerAndBrowser()

  test('on sync the field changed elsewhere only is merged, and staff are asked only about the field both changed', async () => {
    const { server, browser } = suite
    const token = await server.token()
    const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 60, g: 90, b: 60 } } })
      .png()
      .toBuffer()
    const created = await server.api('/api/upload-event', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: 'Harvest Supper',
        description: 'Three courses from the valley.',
        startDatetime: `${nextYear}-09-20T19:00`,
        image_base64: `data:image/png;base64,${png.toString('base64')}`,
      }),
    })
    expect(created.status).toBe(201)
    const event = ((await created.json()) as { event: EventItem }).event

    const context = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' })
    const page = await prepare(context, token)
    await load(page, `${server.url}/manageEvent`)
    await page.getByRole('button', { name: 'Edit Harvest Supper' }).waitFor()

    // Offline, staff edit the event…
    await context.setOffline(true)
    await page.waitForFunction(() => navigator.onLine === false)
    await page.getByRole('button', { name: 'Edit Harvest Supper' }).click()
    await page.getByRole('dialog', { name: 'Edit event' }).getByLabel('Title').fill('Harvest Supper by Candlelight')
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await page.getByText(QUEUED).waitFor()

    // …while someone else changes it from another device.
    const elsewhere = new FormData()
    for (const [k, v] of Object.entries({
      id: String(event.id),
      title: 'Harvest Supper (moved to Friday)',
      description: 'Three courses from the valley.',
      start_datetime: `${nextYear}-09-19T19:00`,
    }))
      elsewhere.append(k, v)
    const other = await server.api('/api/update-event', { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: elsewhere })
    expect(other.status).toBe(200)
    const movedTo = ((await other.json()) as { event: EventItem }).event.start_datetime

    // Back online: the start, changed elsewhere only, is merged; the title, changed on both sides, waits for staff.
    await context.setOffline(false)
    const row = page.locator(`tr[data-event-id="${event.id}"][data-pending="conflict"]`)
    await row.getByText('Conflict — see Pending changes').waitFor({ timeout: 60_000 })
    const stored = async () => (await getJson<EventItem[]>(server, '/api/admin/events', token)).find((e) => e.id === event.id)!
    expect((await stored()).title).toBe('Harvest Supper (moved to Friday)')

    await row.getByRole('link', { name: 'Conflict — see Pending changes' }).click()
    const item = page.locator('.admin-pending__item[data-state="conflict"]')
    await item.waitFor()
    expect(await item.textContent()).toContain('This event was changed by someone else since you opened it.')
    // One question, about the title only, with both values.
    const question = item.getByRole('group', { name: /choose which value to keep/ })
    expect(await question.locator('legend').allTextContents()).toEqual(['Title'])
    const mine = question.getByRole('radio', { name: 'Your version: Harvest Supper by Candlelight' })
    await mine.waitFor()
    await question.getByRole('radio', { name: 'On the website now: Harvest Supper (moved to Friday)' }).waitFor()
    await item.scrollIntoViewIfNeeded()
    // Both values fit a phone: nothing runs off the side.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    await item.screenshot({ path: join(SHOTS, 'outbox-conflict-phone.png') })
    await page.setViewportSize(DESKTOP)
    await item.scrollIntoViewIfNeeded()
    await page.screenshot({ path: join(SHOTS, 'outbox-conflict-desktop.png') })

    // Still nothing overwritten, however long it waits: a conflict is never retried, and the outbox's
    // shortest timer is 1 s (MIN_TIMER_MS in offline/sync.ts), so a little over that shows it.
    await Bun.sleep(1_200)
    expect((await stored()).title).toBe('Harvest Supper (moved to Friday)')

    // Staff keep their title (by keyboard): only now is it applied, beside the start the other device set.
    await mine.focus()
    await page.keyboard.press('Space')
    await item.getByRole('button', { name: /Save my choices/ }).click()
    await page.getByText(NOTHING_PENDING).waitFor({ timeout: 30_000 })
    const after = await stored()
    expect(after.title).toBe('Harvest Supper by Candlelight')
    expect(after.start_datetime).toBe(movedTo)
    await context.close()
  })
})
