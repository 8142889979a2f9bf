/**
 * The menu pages read on a phone: at 390x844 every dish and price of the demo
 * menus shows as real text, prices at least 13 px tall, nothing wider than the screen, and the drawn
 * PDF, "Open the PDF" and "Download" each one tap away. At 1440x900 the drawn PDF shows first.
 * Compared with the demo content the server seeds (api/src/features/menus/demo.ts). Screenshots in /tmp/shots.
 */
import { describe, expect, test } from 'bun:test'
import { mkdirSync } from 'node:fs'
import { PDFDocument } from 'pdf-lib'
import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { cafeMenu, stablesMenu, type Section } from '../../api/src/features/menus/demo'
import { demoMenuPdf } from '../../api/src/seed/demo-images'
import { DESKTOP, PHONE, useServerAndBrowser } from './harness'

const SHOTS = '/tmp/shots'
const suite = useServerAndBrowser()
const MENUS: [string, Section[]][] = [
  ['menu1', stablesMenu],
  ['menu2', cafeMenu],
]

async function openMenu(viewport: { width: number; height: number }, id: string): Promise<Page> {
  // bypassCSP only so that axe-core can be added to the page.
  const context = await suite.browser.newContext({ viewport, deviceScaleFactor: viewport === PHONE ? 2 : 1, serviceWorkers: 'block', bypassCSP: true })
  await context.addInitScript(() => localStorage.setItem('cookiesAgreed', 'true'))
  const page = await context.newPage()
  await page.goto(`${suite.server.url}/menu/${id}`)
  await page.locator('.menu-text, .pdf-page[data-drawn="true"]').first().waitFor({ timeout: 20_000 })
  await page.waitForSelector('[data-testid="splash"]', { state: 'detached', timeout: 8000 })
  return page
}

/** The text view as a visitor reads it: each heading with its dishes and prices, and how tall they are. */
function readTextMenu(page: Page) {
  return page.locator('.menu-text').evaluate((root) =>
    [...root.querySelectorAll('section')].map((section) => ({
      heading: section.querySelector('h2, h3, h4')?.textContent ?? null,
      items: [...section.querySelectorAll('.menu-text__item')].map((item) => {
        const price = item.querySelector('dd.menu-text__price')
        const style = price ? getComputedStyle(price) : null
        const box = price?.getBoundingClientRect()
        return {
          name: item.querySelector('dt')?.textContent ?? '',
          price: price?.textContent ?? '',
          fontSize: style ? parseFloat(style.fontSize) : 0,
          visible: Boolean(box && box.width > 0 && box.height > 0 && box.right <= document.documentElement.clientWidth),
        }
      }),
    })),
  )
}

/** axe-core on the text view: no serious or critical violations. */
async function expectAccessible(page: Page, label: string) {
  await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') })
  const violations = await page.evaluate(async () => {
    const run = await (window as unknown as { axe: { run(context: string): Promise<{ violations: { id: string; impact: string }[] }> } }).axe.run('main')
    return run.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)
  })
  expect(violations, label).toEqual([])
}

describe('at 390x844 (a phone)', () => {
  for (const [id, sections] of MENUS) {
    test(`/menu/${id}: every dish and price as text, prices at least 13 px, no sideways scroll; PDF, Open and Download one tap away`, async () => {
      const page = await openMenu(PHONE, id)
      try {
        expect(await page.locator('.menu-text').isVisible()).toBe(true)
        expect(await page.locator('canvas').count()).toBe(0)
        // The text came with the menu's data (read on the server): neither the PDF nor pdf.js was fetched for it.
        const fetched = () => page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname))
        const pdfFiles = (paths: string[]) => paths.filter((path) => /\.pdf$|\/pdf[.-][\w.-]*\.m?js$/.test(path))
        expect(pdfFiles(await fetched())).toEqual([])
        const shown = await readTextMenu(page)
        const headings = shown.map((section) => section.heading)
        for (const section of sections) {
          expect(headings).toContain(section.heading)
          const items = shown.find((s) => s.heading === section.heading)!.items
          expect(items.map(({ name, price }) => [name, price])).toEqual(section.items)
          for (const item of items) {
            expect(item.fontSize, `${item.name} ${item.price}`).toBeGreaterThanOrEqual(13)
            expect(item.visible, `${item.name} ${item.price}`).toBe(true)
          }
        }
        // Real headings and a description list, for screen readers and search engines.
        expect(await page.getByRole('heading', { name: sections[0]!.heading }).count()).toBe(1)
        expect(await page.locator('.menu-text dl dt').count()).toBe(sections.reduce((n, s) => n + s.items.length, 0))
        // Nothing wider than the screen.
        const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }))
        expect(widths.scroll).toBeLessThanOrEqual(widths.client)
        await expectAccessible(page, `/menu/${id} text`)
        mkdirSync(SHOTS, { recursive: true })
        await page.screenshot({ path: `${SHOTS}/menu-text-${id}-phone.png`, fullPage: true })

        // One tap each: Open and Download are links to the file, on screen without scrolling.
        const open = page.getByRole('link', { name: /Open the PDF/ })
        const download = page.getByRole('link', { name: 'Download' })
        const href = (await open.getAttribute('href'))!
        expect(href).toMatch(/^\/files\/[0-9a-f]{32}\.pdf$/)
        expect(await download.getAttribute('href')).toBe(href)
        expect(await download.getAttribute('download')).toMatch(/\.pdf$/)
        for (const link of [open, download]) expect(await link.evaluate((el) => el.getBoundingClientRect().bottom <= window.innerHeight)).toBe(true)

        // One tap on "Original PDF" draws the menu; one tap on "Text" brings the text back.
        const pdfOption = page.getByRole('button', { name: 'Original PDF' })
        expect(await pdfOption.getAttribute('aria-pressed')).toBe('false')
        expect(await page.getByRole('button', { name: 'Text' }).getAttribute('aria-pressed')).toBe('true')
        await pdfOption.click()
        await page.locator('.pdf-page[data-drawn="true"]').first().waitFor({ timeout: 20_000 })
        expect(pdfFiles(await fetched()).length).toBeGreaterThanOrEqual(2)
        expect(await pdfOption.getAttribute('aria-pressed')).toBe('true')
        expect(await page.locator('.menu-text').count()).toBe(0)
        await page.getByRole('button', { name: 'Text' }).click()
        await page.locator('.menu-text').waitFor()
      } finally {
        await page.context().close()
      }
    }, 60_000)
  }
})

describe('at 1440x900 (a desktop)', () => {
  for (const [id, sections] of MENUS) {
    test(`/menu/${id}: the drawn PDF first, the text one tap away`, async () => {
      const page = await openMenu(DESKTOP, id)
      try {
        await page.locator('.pdf-page[data-drawn="true"]').first().waitFor({ timeout: 20_000 })
        expect(await page.locator('.menu-text').count()).toBe(0)
        expect(await page.getByRole('button', { name: 'Original PDF' }).getAttribute('aria-pressed')).toBe('true')
        mkdirSync(SHOTS, { recursive: true })
        await page.screenshot({ path: `${SHOTS}/menu-pdf-${id}-desktop.png` })
        await page.getByRole('button', { name: 'Text' }).click()
        await page.locator('.menu-text').waitFor()
        const shown = await readTextMenu(page)
        expect(shown.flatMap((s) => s.items.map(({ name, price }) => [name, price]))).toEqual(sections.flatMap((s) => s.items))
        await page.screenshot({ path: `${SHOTS}/menu-text-${id}-desktop.png` })
      } finally {
        await page.context().close()
      }
    }, 60_000)
  }
})

async function uploadMenu(bytes: Uint8Array, name: string) {
  const form = new FormData()
  form.set('pdf', new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }), name)
  form.set('business_id', '1')
  const uploaded = await suite.server.api('/api/upload-pdf', {
    method: 'POST',
    headers: { authorization: `Bearer ${await suite.server.token()}` },
    body: form,
  })
  expect(uploaded.status).toBe(201)
}

// After the tests of the demo menus: it replaces the Stables menu.
describe('a short menu', () => {
  test('at 390x844: the footer follows the text, no screenful of empty space under it', async () => {
    await uploadMenu(
      await demoMenuPdf('Short Menu', [
        {
          heading: 'Snacks',
          items: [
            ['Crisps', '£1.50'],
            ['Nuts', '£2.00'],
          ],
        },
      ]),
      'short.pdf',
    )
    const page = await openMenu(PHONE, 'menu1')
    try {
      const gap = await page.evaluate(
        () => document.getElementById('site-footer')!.getBoundingClientRect().top - document.querySelector('.menu-text')!.getBoundingClientRect().bottom,
      )
      // The section's own padding under the menu (at most 6rem), not the height of the screen.
      expect(gap).toBeLessThanOrEqual(100)
    } finally {
      await page.context().close()
    }
  }, 60_000)
})

/** A menu that is only a photograph of the printed one: a JPEG on a page, no text at all. */
async function scannedMenuPdf(): Promise<Uint8Array<ArrayBuffer>> {
  const photo = await sharp({ create: { width: 600, height: 840, channels: 3, background: '#f4efe2' } })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="840"><rect x="60" y="80" width="480" height="40" fill="#333"/><rect x="60" y="180" width="380" height="16" fill="#555"/><rect x="60" y="220" width="420" height="16" fill="#555"/></svg>',
        ),
      },
    ])
    .jpeg()
    .toBuffer()
  const doc = await PDFDocument.create()
  const image = await doc.embedJpg(photo)
  doc.addPage([595, 842]).drawImage(image, { x: 0, y: 0, width: 595, height: 842 })
  return new Uint8Array(await doc.save())
}

// Last in this file: it replaces the Stables menu.
describe('a scanned menu (no text in the PDF)', () => {
  test('at 390x844: the drawn page with a short note instead of an empty text view, Open and Download still there', async () => {
    await uploadMenu(await scannedMenuPdf(), 'scanned.pdf')
    const page = await openMenu(PHONE, 'menu1')
    try {
      await page.locator('.pdf-page[data-drawn="true"]').first().waitFor({ timeout: 20_000 })
      expect(await page.locator('.menu-page__note').textContent()).toMatch(/no text version/)
      expect(await page.locator('.menu-text').count()).toBe(0)
      expect(await page.getByRole('button', { name: 'Text' }).count()).toBe(0)
      expect(await page.getByRole('link', { name: /Open the PDF/ }).count()).toBe(1)
      expect(await page.getByRole('link', { name: 'Download' }).count()).toBe(1)
      await page.screenshot({ path: `${SHOTS}/menu-scanned-phone.png` })
    } finally {
      await page.context().close()
    }
  }, 60_000)
})
