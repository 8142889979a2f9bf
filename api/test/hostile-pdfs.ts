/**
 * PDFs built byte by byte to be expensive to read: many pages sharing one content stream, and a Flate
 * stream that inflates far beyond its size. Small on the wire, as a tester's would be.
 */
import { constants, deflateRawSync, deflateSync } from 'node:zlib'

const latin1 = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'))

/** A PDF file of `objects` (object n is objects[n - 1]), the first being the catalog, with its cross-reference table. */
export function pdfOf(objects: (string | { dict: string; stream: Uint8Array })[]): Uint8Array {
  const parts: Uint8Array[] = [latin1('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n')]
  let offset = parts[0]!.byteLength
  const offsets: number[] = []
  objects.forEach((object, index) => {
    offsets.push(offset)
    const body =
      typeof object === 'string'
        ? [latin1(`${index + 1} 0 obj\n${object}\nendobj\n`)]
        : [
            latin1(`${index + 1} 0 obj\n${object.dict.replace('>>', ` /Length ${object.stream.byteLength} >>`)}\nstream\n`),
            object.stream,
            latin1('\nendstream\nendobj\n'),
          ]
    for (const part of body) {
      parts.push(part)
      offset += part.byteLength
    }
  })
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`)].join('')
  parts.push(latin1(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${offset}\n%%EOF\n`))
  return new Uint8Array(Buffer.concat(parts))
}

const FONT = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'

/** `pages` pages that all draw the one content stream, which shows `lines` lines of text. */
export function manyPagesPdf(pages: number, lines = 40): Uint8Array {
  const text = Array.from({ length: lines }, (_, i) => `BT /F1 10 Tf 40 ${780 - (i % 70) * 11} Td (Soup of the day ${i} .... 5.50) Tj ET`).join('\n')
  const content = { dict: '<< /Filter /FlateDecode >>', stream: new Uint8Array(deflateSync(text)) }
  const first = 5
  const kids = Array.from({ length: pages }, (_, i) => `${first + i} 0 R`).join(' ')
  const page = '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 3 0 R /Resources << /Font << /F1 4 0 R >> >> >>'
  return pdfOf([
    `<< /Type /Catalog /Pages 2 0 R >>`,
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    content,
    FONT,
    ...Array.from({ length: pages }, () => page),
  ])
}

/**
 * A zlib stream that inflates to `megabytes` MB of spaces: one megabyte compressed once, its
 * byte-aligned (fully flushed) blocks repeated, then a final empty block and the checksum.
 */
export function inflatingStream(megabytes: number): Uint8Array {
  const chunk = Buffer.alloc(1024 * 1024, 0x20)
  const block = deflateRawSync(chunk, { level: 9, finishFlush: constants.Z_FULL_FLUSH })
  const MOD = 65521
  let a = 1
  let b = 0
  const sum = (0x20 * chunk.byteLength) % MOD
  // Σ (L - i) · byte_i over the chunk: what each repetition adds to b besides L · a.
  const weighted = Number((BigInt(0x20) * ((BigInt(chunk.byteLength) * BigInt(chunk.byteLength + 1)) / 2n)) % BigInt(MOD))
  for (let i = 0; i < megabytes; i++) {
    b = (b + (((chunk.byteLength % MOD) * a) % MOD) + weighted) % MOD
    a = (a + sum) % MOD
  }
  const check = Buffer.alloc(4)
  check.writeUInt32BE(((b << 16) | a) >>> 0)
  return new Uint8Array(Buffer.concat([Buffer.from([0x78, 0xda]), ...Array.from({ length: megabytes }, () => block), Buffer.from([0x03, 0x00]), check]))
}

/** One page whose content stream is `megabytes` MB of spaces once inflated (about a thousandth of that on the wire). */
export function inflatingPdf(megabytes: number): Uint8Array {
  const content = { dict: '<< /Filter /FlateDecode >>', stream: inflatingStream(megabytes) }
  const page = '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 3 0 R /Resources << /Font << /F1 4 0 R >> >> >>'
  return pdfOf([`<< /Type /Catalog /Pages 2 0 R >>`, `<< /Type /Pages /Kids [5 0 R] /Count 1 >>`, content, FONT, page])
}
