/**
 * A menu PDF is checked by parsing it, not by its first and last bytes: an HTML page (or anything)
 * framed by `%PDF-` and `%%EOF`, an encrypted PDF and a PDF without pages are refused with 415 and
 * leave nothing behind; a real PDF is served so that nothing in it can run (a sandbox CSP, nosniff).
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { readdirSync } from 'node:fs'
import { PDFDocument } from 'pdf-lib'
import { fileOf, jsonOf, makePdf, makeTestApp, type TestApp } from './helpers'

let t: TestApp
let token: string
beforeAll(async () => {
  t = await makeTestApp()
  token = await t.token()
})
afterAll(() => t.close())

const upload = (bytes: Uint8Array) => {
  const form = new FormData()
  form.append('pdf', fileOf(bytes, 'menu.pdf', 'application/pdf'))
  form.append('business_id', '1')
  return t.call('POST', '/api/upload-pdf', { form, token })
}
const text = (value: string) => new TextEncoder().encode(value)

async function encryptedPdf(): Promise<Uint8Array> {
  // pdf-lib cannot encrypt; a real PDF whose trailer names an /Encrypt dictionary is what readers see as encrypted.
  const plain = new TextDecoder('latin1').decode(await (await PDFDocument.load(await makePdf('Secret'))).save({ useObjectStreams: false }))
  const marked = plain.replace('trailer\n<<', 'trailer\n<<\n/Encrypt << /Filter /Standard /V 1 /R 2 /O <00> /U <00> /P -4 >>')
  expect(marked).not.toBe(plain)
  return Uint8Array.from(marked, (c) => c.charCodeAt(0))
}

async function pdfWithoutPages(): Promise<Uint8Array> {
  return (await PDFDocument.create()).save({ addDefaultPage: false })
}

const refused: [string, () => Promise<Uint8Array>][] = [
  ['an HTML page framed as a PDF', async () => text('%PDF-1.7\n<html><body><script>fetch("/api/admin/messages")</script></body></html>\n%%EOF\n')],
  ['garbage between the PDF markers', async () => text(`%PDF-1.4\n${'x'.repeat(5000)}\n%%EOF`)],
  ['an encrypted PDF', encryptedPdf],
  ['a PDF with no pages', pdfWithoutPages],
]
for (const [kind, make] of refused) {
  test(`${kind} is refused with 415 and nothing is stored`, async () => {
    const before = readdirSync(t.ctx.files.dir)
    const res = await upload(await make())
    expect(res.status).toBe(415)
    expect(typeof (await jsonOf(res)).error).toBe('string')
    expect(readdirSync(t.ctx.files.dir)).toEqual(before)
    expect((t.ctx.db.query('SELECT count(*) AS n FROM menus').get() as { n: number }).n).toBe(0)
  })
}

test('an encrypted PDF is refused as encrypted, saying what to do (not as unreadable)', async () => {
  const res = await upload(await encryptedPdf())
  expect(res.status).toBe(415)
  expect((await jsonOf(res)).error).toContain('encrypted (password-protected)')
})

test('a real PDF is accepted, and served with a sandbox so nothing in it can run', async () => {
  const res = await upload(await makePdf('Fish and chips £16.50'))
  expect(res.status).toBe(201)
  const { menu } = await jsonOf(res)
  const file = await t.call('GET', menu.pdf_url)
  expect(file.status).toBe(200)
  expect(file.headers.get('content-type')).toBe('application/pdf')
  expect(file.headers.get('content-security-policy')).toContain('sandbox')
  expect(file.headers.get('content-security-policy')).toContain("default-src 'none'")
  expect(file.headers.get('x-content-type-options')).toBe('nosniff')
})
