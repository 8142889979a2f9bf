/**
 * Layout details seen in screenshots, measured in the real browser (getBoundingClientRect) at phone
 * and desktop sizes: the dashboard's Pending changes card keeps its distance from the tile grid, the
 * first-visit cookie notice leaves the hero's buttons free, and a gallery of 4, 5 or 6 photos fills
 * every row.
 */
import { afterEach, describe, expect, test } from 'bun:test'
import type { BrowserContext, Page } from 'playwright-core'
import { DESKTOP, PHONE, useServerAndBrowser } from './harness'

const suite = useServerAndBrowser()
const contexts: BrowserContext[] = []

afterEach(async () => {
  for (const context of contexts.splice(0)) {
    await context.unrouteAll({ behavior: 'ignoreErrors' })
    await context.close().catch(() => undefined)
  }
})

async function openPage(viewport: { width: number; height: number }, { agreed = true } = {}): Promise<Page> {
  const context = await suite.browser.newContext({ viewport, serviceWorkers: 'block' })
  contexts.push(context)
  if (agreed)
    await context.addInitScript(() => {
      try {
        localStorage.setItem('cookiesAgreed', 'true')
      } catch {
        // frames without storage
      }
    })
  return context.newPage()
}

type Box = { top: number; bottom: number; left: number; right: number }
const rect = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((node): Box => {
      const r = node.getBoundingClientRect()
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right }
    })
const intersects = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom

for (const size of [PHONE, DESKTOP]) {
  describe(`at ${size.width}×${size.height}`, () => {
    test('the dashboard: at least 16 px between the tile grid and the Pending changes card', async () => {
      const page = await openPage(size)
      await page.goto(`${suite.server.url}/login`)
      await page.evaluate((token) => localStorage.setItem('adminToken', token), await suite.server.token())
      await page.goto(`${suite.server.url}/admin`)
      await page.getByText('Access granted!').waitFor({ timeout: 20_000 })
      const tiles = await rect(page, 'nav[aria-label="Staff tasks"] .admin-tiles')
      const pending = await rect(page, '.admin-pending')
      const gap = pending.top >= tiles.bottom ? pending.top - tiles.bottom : tiles.top - pending.bottom
      expect(gap).toBeGreaterThanOrEqual(16)
    })
  })
}

// On a phone the notice spans the bottom of the screen by design (and goes with one tap).
test('first visit on a desktop: the cookie notice covers neither of the hero buttons', async () => {
  const size = DESKTOP
  const page = await openPage(size, { agreed: false })
  await page.goto(`${suite.server.url}/`)
  await page.getByRole('region', { name: 'Cookie notice' }).waitFor()
  const notice = await rect(page, '.cookie-notice')
  for (const name of ['Opening times', 'Book a room']) {
    const button = await page
      .locator('.hero')
      .getByRole('link', { name, exact: true })
      .evaluate((node): Box => {
        const r = node.getBoundingClientRect()
        return { top: r.top, bottom: r.bottom, left: r.left, right: r.right }
      })
    expect(button.bottom).toBeLessThanOrEqual(size.height)
    expect({ name, covered: intersects(notice, button) }).toEqual({ name, covered: false })
  }
})

/** For each row of gallery tiles: whether it spans the grid from edge to edge. */
async function galleryRows(page: Page): Promise<{ tiles: number; full: boolean[] }> {
  return page.locator('.home .gallery__grid').evaluate((grid) => {
    const box = grid.getBoundingClientRect()
    const items = [...grid.children].map((item) => item.getBoundingClientRect())
    const rows = new Map<number, DOMRect[]>()
    for (const item of items) rows.set(Math.round(item.top), [...(rows.get(Math.round(item.top)) ?? []), item])
    const full = [...rows.values()].map(
      (row) => Math.abs(Math.min(...row.map((r) => r.left)) - box.left) <= 1 && Math.abs(Math.max(...row.map((r) => r.right)) - box.right) <= 1,
    )
    return { tiles: items.length, full }
  })
}

describe('home gallery', () => {
  test('6, 5 and 4 photos each fill every row, on a phone and on a desktop', async () => {
    const { server } = suite
    const token = await server.token()
    const images = (await (await server.api('/api/gallery/generic')).json()) as { id: number }[]
    expect(images.length).toBeGreaterThanOrEqual(6)
    // Keep exactly six, then five, then four.
    const remove = async (keep: number) => {
      const now = (await (await server.api('/api/gallery/generic')).json()) as { id: number }[]
      for (const image of now.slice(keep)) {
        const res = await server.api(`/api/delete-gallery/${image.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } })
        expect(res.status).toBe(200)
      }
    }
    for (const count of [6, 5, 4]) {
      await remove(count)
      for (const size of [PHONE, DESKTOP]) {
        const page = await openPage(size)
        await page.goto(`${server.url}/`)
        await page.locator('.home .gallery').scrollIntoViewIfNeeded()
        await page.waitForFunction((n) => document.querySelectorAll('.home .gallery__grid .gallery__tile').length === n, count)
        const rows = await galleryRows(page)
        expect({ count, width: size.width, ...rows }).toEqual({ count, width: size.width, tiles: count, full: rows.full.map(() => true) })
      }
    }
  })
})
