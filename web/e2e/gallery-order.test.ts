/**
 * Gallery order and alt text in a real Chromium against the real server (demo content): staff reorder
 * the Home gallery online, with the network off by keyboard, and by drag and drop; the queued order
 * syncs when the connection returns, and the public home gallery follows; a description written on the staff screen
 * is the public <img alt>. Screenshots of the staff gallery screen at phone and desktop sizes.
 * Build first (npm run build).
 */
import { expect, test } from 'bun:test'
import { mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { DESKTOP, PHONE, type RunningServer } from './harness'
import { go, load, logIn, prepare, useServerAndPhone, waitUntilSynced } from './staff-pages'

const SHOTS = process.env.SHOTS_DIR || join(tmpdir(), 'shots')
mkdirSync(SHOTS, { recursive: true })

interface PublicImage {
  id: number
  alt: string
  alt_text: string | null
}

const publicHome = async (server: RunningServer) => (await (await server.api('/api/gallery/generic')).json()) as PublicImage[]

/** Polls the public home page until its gallery's first tiles are `ids` (fresh data replaces what the device saved). */
async function homeTilesAre(page: Page, ids: number[]): Promise<void> {
  await load(page, page.url().replace(/\/[^/]*$/, '/'))
  await page.waitForFunction(
    (wanted) =>
      Array.from(document.querySelectorAll('.gallery__tile'))
        .map((tile) => tile.getAttribute('data-image-id'))
        .join() === wanted.join(),
    ids.map(String),
    { timeout: 20_000 },
  )
}

const suite = useServerAndPhone()

test('staff reorder the Home gallery online and offline; the public gallery follows; a description becomes the public alt', async () => {
  const { server, persistent } = suite
  const { context } = persistent
  const page = await prepare(context)
  const before = await publicHome(server)
  expect(before.length).toBe(8)
  expect(before.every((image) => image.alt_text)).toBe(true)

  await logIn(page, server.url)
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 15_000 })
  await go(page, '/manageGalleries')
  const home = page.locator('[data-category="1"]')
  await home.locator('[data-image-id]').first().waitFor()

  // Online: the first picture one place down; the whole order is sent and the public API follows.
  const [first, second] = before
  const saved = page.waitForResponse((res) => res.url().endsWith('/api/gallery/1/order') && res.request().method() === 'PUT')
  await home.getByRole('button', { name: `Move down “${first!.alt_text}”` }).click()
  expect((await saved).status()).toBe(200)
  await home.getByText(`“${first!.alt_text}” moved to position 2 of 8 in Home.`).waitFor()
  const online = [second!.id, first!.id, ...before.slice(2).map((image) => image.id)]
  expect((await publicHome(server)).map((image) => image.id)).toEqual(online)

  // Offline: the last picture moved to the top by keyboard (focus stays on its button as it climbs).
  await context.setOffline(true)
  await page.waitForFunction(() => navigator.onLine === false)
  const last = before[7]!
  const moveUp = home.getByRole('button', { name: `Move up “${last.alt_text}”` })
  await moveUp.focus()
  for (let step = 0; step < 7; step++) {
    await page.keyboard.press('Enter')
    await home.locator(`[data-image-id]:nth-child(${7 - step})[data-image-id="${last.id}"]`).waitFor()
  }
  const offline = [last.id, ...online.filter((id) => id !== last.id)]
  expect(await home.locator('[data-image-id]').evaluateAll((tiles) => tiles.map((tile) => Number(tile.getAttribute('data-image-id'))))).toEqual(offline)
  await home.getByText(/New order:\s*Change waiting to sync/).waitFor()
  await home.getByText(`“${last.alt_text}” moved to position 1 of 8 in Home.`).waitFor()
  // Nothing reached the server yet.
  expect((await publicHome(server)).map((image) => image.id)).toEqual(online)

  await page.setViewportSize(PHONE)
  await page.screenshot({ path: `${SHOTS}/staff-gallery-order-390.png`, fullPage: false })
  await context.setOffline(false)
  await waitUntilSynced(page)
  expect((await publicHome(server)).map((image) => image.id)).toEqual(offline)

  // Drag and drop (native HTML5): the second picture dropped on the first takes its place.
  await page.setViewportSize(DESKTOP)
  await go(page, '/manageGalleries')
  await home.locator(`[data-image-id="${offline[1]}"]`).waitFor()
  const dropped = page.waitForResponse((res) => res.url().endsWith('/api/gallery/1/order') && res.request().method() === 'PUT')
  await home.locator(`[data-image-id="${offline[1]}"]`).dragTo(home.locator(`[data-image-id="${offline[0]}"]`))
  expect((await dropped).status()).toBe(200)
  const dragged = [offline[1]!, offline[0]!, ...offline.slice(2)]
  expect((await publicHome(server)).map((image) => image.id)).toEqual(dragged)

  // A description written on the staff screen is what the public gallery's <img alt> says.
  const description = 'Stars above the valley, the Milky Way over the fells on a clear night'
  await home.getByRole('button', { name: `Edit description “${last.alt_text}”` }).click()
  await home.getByLabel('Description (alt text)').fill(description)
  await home.getByRole('button', { name: 'Save description' }).click()
  await page.getByText('Description saved.').waitFor()
  expect((await publicHome(server)).find((image) => image.id === last.id)!.alt).toBe(description)
  await home.scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${SHOTS}/staff-gallery-order-1440.png`, fullPage: false })

  // A picture uploaded without a description is flagged on the staff screen, and counted per gallery.
  const form = new FormData()
  form.append(
    'images',
    new File([await Bun.file(join(import.meta.dir, '../../web/public/images/tile-eat.jpg')).arrayBuffer()], 'plate.jpg', { type: 'image/jpeg' }),
  )
  form.append('type', 'cafe')
  const uploaded = await server.api('/api/upload-gallery', { method: 'POST', body: form, headers: { authorization: `Bearer ${await server.token()}` } })
  expect(uploaded.status).toBe(201)
  await load(page, `${server.url}/manageGalleries`)
  const eat = page.locator('[data-category="2"]')
  await eat.getByText('1 picture with no description').waitFor()
  await eat.locator('[data-image-id]').last().getByText('No description').waitFor()
  await eat.scrollIntoViewIfNeeded()
  await eat.screenshot({ path: `${SHOTS}/staff-gallery-eat-1440.png` })

  // The public home page: its six tiles are the first six in staff's order, the first with the new alt.
  const visitor = await context.newPage()
  await load(visitor, `${server.url}/`)
  await homeTilesAre(visitor, dragged.slice(0, 6))
  await visitor.locator(`.gallery__tile[data-image-id="${last.id}"] img[alt="${description}"]`).waitFor({ timeout: 20_000 })
  await visitor.close()
})
