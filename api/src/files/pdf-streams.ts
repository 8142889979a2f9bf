/**
 * A first look at an uploaded PDF's raw bytes, before anything parses it. 612 KB on the wire can hold one
 * Flate stream of 600 MB: pdf.js unpacked it whole in the worker (past 1.3 GB before the memory budget
 * stopped it) and would do the same on a visitor's phone drawing the menu. Each stream is unpacked here
 * with a ceiling instead. And 3 MB can hold 20,000 pages, which pdf-lib builds objects for (some 220 MB)
 * before it can say how many there are: the page objects are counted here, in the file and inside its
 * compressed object streams.
 */
import { inflateSync } from 'node:zlib'
import { MAX_UNPACKED_PDF_MB, MAX_UNPACKED_STREAM_MB } from './model'

const STREAM = /stream\r?\n/g
const END = 'endstream'
/** A page object's type; not `/Pages`, the tree above them. */
const PAGE_TYPE = /\/Type\s*\/Page(?![A-Za-z])/g
const OBJECT_STREAM = /\/Type\s*\/ObjStm/

export interface PdfScan {
  /** One Flate stream unpacks to more than its limit, or all of them together to more than theirs (one page's content may be many streams, read as one). */
  oversized: boolean
  /** Page objects in the file, old revisions' included (an edited PDF keeps them): at least its pages. */
  pageObjects: number
}

const countOf = (pattern: RegExp, text: string) => text.match(pattern)?.length ?? 0

/** A zlib stream's first two bytes: deflate with a window of up to 32 KB, and a header checksum. */
const isZlib = (data: Uint8Array) => data.byteLength > 2 && (data[0]! & 0x0f) === 8 && data[0]! >> 4 <= 7 && ((data[0]! << 8) | data[1]!) % 31 === 0

/**
 * A stream unpacked through every Flate layer it holds (`/Filter [/FlateDecode /FlateDecode]` packs a
 * gigabyte into a few kilobytes), each layer with the same ceiling; a layer that is not Flate ends it.
 */
function unpackedFully(data: Uint8Array, maxOutputLength: number): Buffer {
  let unpacked = inflateSync(data, { maxOutputLength })
  for (let layer = 1; layer < 8 && isZlib(unpacked); layer++) {
    try {
      unpacked = inflateSync(unpacked, { maxOutputLength })
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw error
      break
    }
  }
  return unpacked
}

export function scanPdf(bytes: Uint8Array, limits = { streamMb: MAX_UNPACKED_STREAM_MB, pdfMb: MAX_UNPACKED_PDF_MB }): PdfScan {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1')
  const maxOutputLength = limits.streamMb * 1024 * 1024
  let left = limits.pdfMb * 1024 * 1024
  let pageObjects = countOf(PAGE_TYPE, text)
  for (const match of text.matchAll(STREAM)) {
    const start = match.index + match[0].length
    // "endstream\n" itself matches: it holds no data.
    if (text.startsWith(END, match.index - 3)) continue
    const end = text.indexOf(END, start)
    if (end < 0) break
    try {
      const unpacked = unpackedFully(bytes.subarray(start, end), Math.min(maxOutputLength, left + 1))
      left -= unpacked.byteLength
      if (left < 0) return { oversized: true, pageObjects }
      const dictionary = text.slice(text.lastIndexOf(' obj', match.index), match.index)
      if (OBJECT_STREAM.test(dictionary)) pageObjects += countOf(PAGE_TYPE, unpacked.toString('latin1'))
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return { oversized: true, pageObjects }
      // Not Flate (a JPEG, another filter), or cut short: not ours to judge.
    }
  }
  return { oversized: false, pageObjects }
}
