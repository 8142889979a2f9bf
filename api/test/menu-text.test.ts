/**
 * The menu's text is read on the server (pdf.js legacy build, no worker) by the same function the web
 * used to run, stored with the row, and served by GET /api/get-menu next to the PDF's address.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { cafeMenu, stablesMenu, type Section } from '../src/features/menus/demo'
import { extractMenuSections } from '../src/features/menus/pdf-text'
import { fillMissingMenuText } from '../src/features/menus/text'
import { demoMenuPdf } from '../src/seed/demo-images'
import { fileOf, jsonOf, makeImage, makePdf, makeTestApp, type TestApp } from './helpers'

let t: TestApp
let token: string
beforeAll(async () => {
  t = await makeTestApp()
  token = await t.token()
})
afterAll(() => t.close())

/** What the reconstruction gives for a menu drawn by the seed's generator: the title, then each heading with its dishes. */
const expectedSections = (title: string, sections: Section[]) => [
  { heading: title, level: 1, notes: [], items: [] },
  ...sections.map((section) => ({ heading: section.heading, level: 2, notes: [], items: section.items.map(([name, price]) => ({ name, price })) })),
]

async function upload(bytes: Uint8Array, businessId: '1' | '2', typeId = '1') {
  const form = new FormData()
  form.append('pdf', fileOf(bytes, 'menu.pdf', 'application/pdf'))
  form.append('business_id', businessId)
  form.append('type_id', typeId)
  return t.call('POST', '/api/upload-pdf', { token, form })
}

/** A scanned menu: one page that is only a picture, no text at all. */
async function scannedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const page = doc.addPage([595, 842])
  const image = await doc.embedJpg(await makeImage('jpeg', 200, 280))
  page.drawImage(image, { x: 0, y: 0, width: 595, height: 842 })
  return doc.save()
}

/** A simple menu as a venue might make one: headings in 16 pt Helvetica Bold, dishes in 12 pt with prices on the right. */
async function shortMenuPdf(sections: Section[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const regular = await doc.embedFont(StandardFonts.Helvetica)
  const bold = await doc.embedFont(StandardFonts.HelveticaBold)
  const page = doc.addPage([595, 842])
  let y = 780
  for (const section of sections) {
    page.drawText(section.heading, { x: 60, y, size: 16, font: bold })
    y -= 24
    for (const [dish, price] of section.items) {
      page.drawText(dish, { x: 60, y, size: 12, font: regular })
      page.drawText(price, { x: 480, y, size: 12, font: regular })
      y -= 18
    }
    y -= 12
  }
  return doc.save()
}

describe('menu text read on the server', () => {
  test('a short menu: unpriced lines in a bigger bold font than the dishes are its section headings', async () => {
    for (const menu of [
      [
        {
          heading: 'Starters',
          items: [
            ['Soup of the day', '£6.50'],
            ['Garlic mushrooms', '£7.25'],
          ],
        },
        { heading: 'Mains', items: [['Fish and chips', '£15.50']] },
      ],
      [
        { heading: 'Starters', items: [['Soup of the day', '£6.50']] },
        { heading: 'Mains', items: [['Fish and chips', '£15.50']] },
      ],
    ] as Section[][]) {
      expect(await extractMenuSections(await shortMenuPdf(menu))).toEqual(
        menu.map((section) => ({ heading: section.heading, level: 1, notes: [], items: section.items.map(([name, price]) => ({ name, price })) })),
      )
    }
  })

  test('an uploaded menu with known dishes: the upload reply and GET both carry its sections', async () => {
    const res = await upload(await demoMenuPdf('Test Bar — Menu', stablesMenu), '1', 'text')
    expect(res.status).toBe(201)
    const expected = expectedSections('Test Bar — Menu', stablesMenu)
    expect((await jsonOf(res)).menu.sections).toEqual(expected)
    const got = await jsonOf(await t.call('GET', '/api/get-menu/1?type_id=text'))
    expect(got.sections).toEqual(expected)
    expect(got.pdf_url).toMatch(/^\/files\/[a-f0-9]{32}\.pdf$/)
  })

  test('a scanned menu (a picture, no text) is stored, with sections []', async () => {
    const res = await upload(await scannedPdf(), '2', 'scan')
    expect(res.status).toBe(201)
    expect((await jsonOf(res)).menu.sections).toEqual([])
    const got = await jsonOf(await t.call('GET', '/api/get-menu/2?type_id=scan'))
    expect(got.sections).toEqual([])
    expect((await t.call('GET', got.pdf_url)).status).toBe(200)
  })

  test('a PDF with only a title has no text version: sections []', async () => {
    const res = await upload(await makePdf('Just a title'), '2', 'title')
    expect(res.status).toBe(201)
    expect((await jsonOf(await t.call('GET', '/api/get-menu/2?type_id=title'))).sections).toEqual([])
  })

  test('a menu stored before the server read text gets it on the first GET', async () => {
    const res = await upload(await demoMenuPdf('Old Cafe Menu', cafeMenu), '2', 'old')
    const { id } = await jsonOf(res)
    t.ctx.db.query('UPDATE menus SET sections = NULL WHERE id = ?').run(id)
    const got = await jsonOf(await t.call('GET', '/api/get-menu/2?type_id=old'))
    expect(got.sections).toEqual(expectedSections('Old Cafe Menu', cafeMenu))
    const stored = t.ctx.db.query('SELECT sections FROM menus WHERE id = ?').get(id) as { sections: string }
    expect(JSON.parse(stored.sections)).toEqual(expectedSections('Old Cafe Menu', cafeMenu))
  })

  test('the start-up pass reads every menu without text, and a missing file gives []', async () => {
    const a = await jsonOf(await upload(await demoMenuPdf('Sweep Menu', stablesMenu), '1', 'sweep'))
    const b = await jsonOf(await upload(await makePdf('Gone'), '1', 'gone'))
    t.ctx.db.query('UPDATE menus SET sections = NULL').run()
    rmSync(join(t.ctx.files.dir, b.menu.pdf_url.replace('/files/', '')))
    const before = (t.ctx.db.query('SELECT count(*) AS n FROM menus').get() as { n: number }).n
    expect(await fillMissingMenuText(t.ctx.db, t.ctx.files)).toBe(before)
    expect(t.ctx.db.query('SELECT count(*) AS n FROM menus WHERE sections IS NULL').get()).toEqual({ n: 0 })
    const sectionsOf = (id: number) => JSON.parse((t.ctx.db.query('SELECT sections FROM menus WHERE id = ?').get(id) as { sections: string }).sections)
    expect(sectionsOf(a.id)).toEqual(expectedSections('Sweep Menu', stablesMenu))
    expect(sectionsOf(b.id)).toEqual([])
  })

  test('the demo seed stores both menus with their text', async () => {
    const seeded = await makeTestApp({ seedDemo: true })
    try {
      const bar = await jsonOf(await seeded.call('GET', '/api/get-menu/1'))
      const cafe = await jsonOf(await seeded.call('GET', '/api/get-menu/2'))
      expect(bar.sections).toEqual(expectedSections('The Stables — Bar Menu', stablesMenu))
      expect(cafe.sections.slice(1)).toEqual(expectedSections('', cafeMenu).slice(1))
      expect(seeded.ctx.db.query('SELECT count(*) AS n FROM menus WHERE sections IS NULL').get()).toEqual({ n: 0 })
    } finally {
      seeded.close()
    }
  })
})
