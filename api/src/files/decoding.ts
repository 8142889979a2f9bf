/**
 * The decoding and encoding itself: runs only in the file worker (worker-main.ts), never in the server,
 * which would otherwise keep sharp, libvips and pdf-lib resident for good.
 */
import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { PDFDocument } from 'pdf-lib'
import sharp, { type Sharp } from 'sharp'
import { MAX_IMAGE_PIXELS, MAX_PDF_PAGES } from './model'
import { scanPdf } from './pdf-streams'
import type { DerivedFormat, FileJobInput, FileJobOutput, PdfProblem } from './worker-jobs'

// One libvips thread per picture: with two pictures at a time (decode-slots.ts) the server keeps a
// core's worth of time for requests. libvips' operation cache keeps decoded images for repeats that
// never come here (every picture is encoded once); without it the worker stays small.
sharp.concurrency(1)
sharp.cache(false)

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/**
 * Decodes and encodes the image again, upright and in its own format: what an upload carried besides
 * pixels (EXIF with GPS position and camera serial, comments, a crafted payload) does not survive, and
 * the pixel limit stops decompression bombs before they are decoded. Animated GIF and WebP stay animated.
 */
export async function reencodeImage({ input, output, type }: FileJobInput<'image'>): Promise<FileJobOutput<'image'>> {
  // Read from the file by libvips itself: the upload's bytes never enter the JavaScript heap.
  const meta = await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata()
  const animated = (meta.pages ?? 1) > 1 && (type === 'image/gif' || type === 'image/webp')
  let image = sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, animated })
  // Orientation is applied to the pixels because the EXIF tag that carried it is dropped.
  if (!animated) image = image.rotate()
  switch (type) {
    case 'image/jpeg':
      // Baseline and with the standard Huffman tables, the JPEG is written strip by strip as it is
      // decoded. mozjpeg (trellis, progressive scans) or optimised tables keep the whole picture's
      // coefficients: for a 12-megapixel photo 85–105 MB and 5–13 s of a core, against 20 MB and half a
      // second, for a file about a quarter smaller that visitors seldom load (pages show the variants).
      image = image.jpeg({ quality: 82, quantisationTable: 3, optimiseCoding: false })
      break
    case 'image/png':
      image = image.png({ compressionLevel: 9, palette: meta.isPalette === true })
      break
    case 'image/webp':
      image = image.webp({ quality: 82 })
      break
    case 'image/gif':
      image = image.gif()
      break
  }
  const { data, info } = await image.toBuffer({ resolveWithObject: true })
  const height = animated ? (info.pageHeight ?? meta.pageHeight ?? info.height) : info.height
  if (!info.width || !height) throw new Error('no size')
  writeFileSync(output, data)
  return { width: info.width, height, animated, hash: sha256(data), bytes: data.byteLength }
}

/**
 * Parses the whole PDF: a file is a PDF if a PDF reader can open it and finds at least one page, not
 * because it starts with `%PDF-` and ends with `%%EOF` (an HTML page can do both). Encrypted PDFs are
 * refused too (pdf.js would ask visitors for a password), and so are PDFs of over MAX_PDF_PAGES pages.
 */
export async function checkPdf({ input }: FileJobInput<'pdf'>): Promise<FileJobOutput<'pdf'>> {
  const bytes = readFileSync(input)
  let problem: PdfProblem | null = null
  // Before pdf-lib, which unpacks object streams and builds every object as it loads.
  const scan = scanPdf(bytes)
  if (scan.oversized) return { problem: 'oversized-stream', hash: sha256(bytes), bytes: bytes.byteLength }
  // An edited PDF keeps its old revisions' page objects: only far more than the pages allowed is refused
  // unparsed; pdf-lib counts the pages themselves.
  if (scan.pageObjects > MAX_PDF_PAGES * 4) return { problem: 'too-many-pages', hash: sha256(bytes), bytes: bytes.byteLength }
  try {
    // Loaded even when encrypted, and asked: pdf-lib's EncryptedPDFError does not survive `instanceof`
    // (its classes are compiled to ES5), so catching it called every encrypted PDF unreadable.
    const doc = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true, ignoreEncryption: true })
    const pages = doc.getPageCount()
    if (doc.isEncrypted) problem = 'encrypted'
    else if (pages < 1) problem = 'no-pages'
    else if (pages > MAX_PDF_PAGES) problem = 'too-many-pages'
  } catch {
    problem = 'unreadable'
  }
  return { problem, hash: sha256(bytes), bytes: bytes.byteLength }
}

/** AVIF effort 2 keeps an encode to a fraction of a second on a small server at a small cost in size. */
const ENCODERS: Record<Exclude<DerivedFormat, 'jpeg'>, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 2 }),
  webp: (image) => image.webp({ quality: 72 }),
}

/** A srcset variant or the share picture of an original. */
export async function encodeDerived({ input, output, format, width, height }: FileJobInput<'derived'>): Promise<FileJobOutput<'derived'>> {
  const upright = sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS })
    // Originals are stored upright already; files kept from before re-encoding may still carry an orientation.
    .rotate()
  // Written by libvips straight to the file: the encoded bytes never enter the JavaScript heap.
  const written = await (format === 'jpeg'
    ? // A share picture fills its frame: the middle of a poster of any shape, white behind transparency.
      upright.resize(width, height, { fit: 'cover' }).flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true })
    : // Both sides given, so the file has exactly the size the reply promised.
      ENCODERS[format](upright.resize(width, height, { fit: 'fill' }))
  ).toFile(output)
  return { bytes: written.size }
}
