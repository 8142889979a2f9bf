/**
 * The demo menus as the server seeds them (pdf-lib), read by pdf.js exactly as the menu page reads
 * them: every dish and price of api/src/features/menus/demo.ts comes back, under its heading.
 */
import { describe, expect, test } from 'bun:test'
import { cafeMenu, stablesMenu, type Section } from '../features/menus/demo'
import { demoMenuPdf } from '../seed/demo-images'
import { menuSectionsFromText, readMenuTextPage } from './menu-text'

async function readPdf(bytes: Uint8Array) {
  // The Node build of pdf.js, with its worker in this thread: the test runs outside a browser.
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const doc = await pdfjs.getDocument({ data: bytes, isEvalSupported: false, verbosity: 0 }).promise
  const pages = []
  for (let n = 1; n <= doc.numPages; n++) pages.push(await readMenuTextPage(await doc.getPage(n)))
  await doc.destroy()
  return menuSectionsFromText(pages)
}

describe('the demo menu PDFs', () => {
  for (const [title, sections] of [
    ['The Stables — Bar Menu', stablesMenu],
    ['Larkdale Hotel — Cafe Menu', cafeMenu],
  ] as [string, Section[]][]) {
    test(`${title}: the title, then every heading with its dishes and prices`, async () => {
      const read = await readPdf(await demoMenuPdf(title, sections))
      expect(read).toEqual([
        { heading: title, level: 1, notes: [], items: [] },
        ...sections.map((section) => ({
          heading: section.heading,
          level: 2,
          notes: [],
          items: section.items.map(([name, price]) => ({ name, price })),
        })),
      ])
    })
  }

  test('pdf.js names the bold face of the headings, and only that one', async () => {
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs')
    const doc = await pdfjs.getDocument({ data: await demoMenuPdf('Title', stablesMenu), isEvalSupported: false, verbosity: 0 }).promise
    const page = await readMenuTextPage(await doc.getPage(1))
    const fontOf = (text: string) => page.items.find((item) => item.str === text)!.fontName!
    expect([...page.boldFonts!]).toEqual([fontOf('Title')])
    expect(fontOf(stablesMenu[0]!.heading)).toBe(fontOf('Title'))
    await doc.destroy()
  })
})
