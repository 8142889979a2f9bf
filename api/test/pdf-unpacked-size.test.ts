/** A PDF's compressed parts are measured unpacked, with a ceiling, before anything reads them (files/pdf-streams.ts). */
import { describe, expect, test } from 'bun:test'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { MAX_UNPACKED_STREAM_MB } from '../src/files/model'
import { hasOversizedStream } from '../src/files/pdf-streams'
import { inflatingPdf, inflatingStream, pdfOf } from './hostile-pdfs'

describe('a PDF measured unpacked', () => {
  test(`one Flate stream unpacking to 600 MB is over the ${MAX_UNPACKED_STREAM_MB} MB a part may unpack to`, () => {
    expect(hasOversizedStream(inflatingPdf(600))).toBe(true)
  })

  // Limits of 4 MB a part and 8 MB in all, to keep the test quick: the rule is the same at 64 and 128.
  const small = { streamMb: 4, pdfMb: 8 }
  test('a part just under the limit passes; one just over does not', () => {
    expect(hasOversizedStream(inflatingPdf(3), small)).toBe(false)
    expect(hasOversizedStream(inflatingPdf(5), small)).toBe(true)
  })

  test('parts under the limit each pass one at a time, but not so many that together they unpack past the whole-file limit', () => {
    const page = (contents: string) => `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${contents} >>`
    const stream = { dict: '<< /Filter /FlateDecode >>', stream: inflatingStream(3) }
    const two = pdfOf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [5 0 R] /Count 1 >>', stream, stream, page('[3 0 R 4 0 R]')])
    expect(hasOversizedStream(two, small)).toBe(false)
    const four = pdfOf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [7 0 R] /Count 1 >>',
      stream,
      stream,
      stream,
      stream,
      page('[3 0 R 4 0 R 5 0 R 6 0 R]'),
    ])
    expect(hasOversizedStream(four, small)).toBe(true)
  })

  test('an ordinary menu, compressed as pdf-lib writes it, passes', async () => {
    const doc = await PDFDocument.create()
    const font = await doc.embedFont(StandardFonts.Helvetica)
    for (let p = 0; p < 3; p++) doc.addPage().drawText('Soup of the day  £6.50\n'.repeat(30), { font, size: 11, x: 40, y: 700 })
    expect(hasOversizedStream(await doc.save())).toBe(false)
  })
})
