/** A PDF's compressed parts are measured unpacked, with a ceiling, and its page objects counted, before anything parses it (files/pdf-streams.ts). */
import { describe, expect, test } from 'bun:test'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { MAX_UNPACKED_STREAM_MB } from '../src/files/model'
import { scanPdf } from '../src/files/pdf-streams'
import { inflatingPdf, inflatingStream, manyPagesPdf, pdfOf } from './hostile-pdfs'

describe('a PDF measured unpacked', () => {
  test(`one Flate stream unpacking to 600 MB is over the ${MAX_UNPACKED_STREAM_MB} MB a part may unpack to`, () => {
    expect(scanPdf(inflatingPdf(600)).oversized).toBe(true)
  })

  // Limits of 4 MB a part and 8 MB in all, to keep the test quick: the rule is the same at 64 and 128.
  const small = { streamMb: 4, pdfMb: 8 }
  test('a part just under the limit passes; one just over does not', () => {
    expect(scanPdf(inflatingPdf(3), small).oversized).toBe(false)
    expect(scanPdf(inflatingPdf(5), small).oversized).toBe(true)
  })

  test('parts under the limit each pass one at a time, but not so many that together they unpack past the whole-file limit', () => {
    const page = (contents: string) => `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${contents} >>`
    const stream = { dict: '<< /Filter /FlateDecode >>', stream: inflatingStream(3) }
    const two = pdfOf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [5 0 R] /Count 1 >>', stream, stream, page('[3 0 R 4 0 R]')])
    expect(scanPdf(two, small).oversized).toBe(false)
    const four = pdfOf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [7 0 R] /Count 1 >>',
      stream,
      stream,
      stream,
      stream,
      page('[3 0 R 4 0 R 5 0 R 6 0 R]'),
    ])
    expect(scanPdf(four, small).oversized).toBe(true)
  })

  test('an ordinary menu, compressed as pdf-lib writes it, passes', async () => {
    const doc = await PDFDocument.create()
    const font = await doc.embedFont(StandardFonts.Helvetica)
    for (let p = 0; p < 3; p++) doc.addPage().drawText('Soup of the day  £6.50\n'.repeat(30), { font, size: 11, x: 40, y: 700 })
    expect(scanPdf(await doc.save())).toEqual({ oversized: false, pageObjects: 3 })
  })
})

describe("a PDF's page objects, counted before it is parsed", () => {
  test('20,000 pages written plainly are all counted', () => {
    expect(scanPdf(manyPagesPdf(20_000)).pageObjects).toBe(20_000)
  })

  test('pages kept inside compressed object streams are counted too', async () => {
    const doc = await PDFDocument.create()
    for (let p = 0; p < 450; p++) doc.addPage()
    const bytes = await doc.save({ useObjectStreams: true })
    expect(Buffer.from(bytes).toString('latin1')).not.toMatch(/\/Type\s*\/Page(?![A-Za-z])/)
    expect(scanPdf(bytes).pageObjects).toBe(450)
  })
})

describe('a part packed more than once', () => {
  test('Flate inside Flate is unpacked through every layer: a few kilobytes that unpack to 5 MB are over a 4 MB limit', () => {
    const { deflateSync } = require('node:zlib') as typeof import('node:zlib')
    const twice = new Uint8Array(deflateSync(inflatingStream(5)))
    const pdf = pdfOf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [4 0 R] /Count 1 >>',
      { dict: '<< /Filter [/FlateDecode /FlateDecode] >>', stream: twice },
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 3 0 R >>',
    ])
    expect(twice.byteLength).toBeLessThan(64 * 1024)
    expect(scanPdf(pdf, { streamMb: 4, pdfMb: 8 }).oversized).toBe(true)
    expect(scanPdf(pdf, { streamMb: 6, pdfMb: 8 }).oversized).toBe(false)
  })
})
