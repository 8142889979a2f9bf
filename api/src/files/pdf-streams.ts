/**
 * A PDF's compressed parts, measured unpacked before anything reads them. 612 KB on the wire can hold one
 * Flate stream of 600 MB: pdf.js unpacked it whole in the worker (past 1.3 GB before the memory budget
 * stopped it) and would do the same on a visitor's phone drawing the menu. Each stream is unpacked here
 * with a ceiling instead, and the file refused if one goes past it.
 */
import { inflateSync } from 'node:zlib'
import { MAX_UNPACKED_PDF_MB, MAX_UNPACKED_STREAM_MB } from './model'

const STREAM = /stream\r?\n/g
const END = 'endstream'

/**
 * Whether one of the PDF's Flate streams unpacks to more than MAX_UNPACKED_STREAM_MB, or all of them
 * together to more than MAX_UNPACKED_PDF_MB (one page's content may be many streams, read as one).
 */
export function hasOversizedStream(bytes: Uint8Array, limits = { streamMb: MAX_UNPACKED_STREAM_MB, pdfMb: MAX_UNPACKED_PDF_MB }): boolean {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1')
  const maxOutputLength = limits.streamMb * 1024 * 1024
  let left = limits.pdfMb * 1024 * 1024
  for (const match of text.matchAll(STREAM)) {
    const start = match.index + match[0].length
    // "endstream\n" itself matches: it holds no data.
    if (text.startsWith(END, match.index - 3)) continue
    const end = text.indexOf(END, start)
    if (end < 0) break
    try {
      left -= inflateSync(bytes.subarray(start, end), { maxOutputLength: Math.min(maxOutputLength, left + 1) }).byteLength
      if (left < 0) return true
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return true
      // Not Flate (a JPEG, another filter), or cut short by the end-of-line before "endstream": not ours to judge.
    }
  }
  return false
}
