import type { Database } from 'bun:sqlite'
import { createHash, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { EncryptedPDFError, PDFDocument } from 'pdf-lib'
import sharp from 'sharp'
import { HttpError, tooLarge, unsupportedType } from '../http/errors'
import { MB, type ContentType } from '../shared/rules/uploads'
import { decodeSlots } from './decode-slots'
import { MAX_IMAGE_PIXELS, type ImageVariant } from './model'
import { planVariants, type VariantQueue, type VariantSource } from './variants'

const extensions: Record<ContentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
}
const typesByExtension = Object.fromEntries(Object.entries(extensions).map(([type, ext]) => [ext, type])) as Record<string, ContentType>

export const FILE_NAME = /^[a-f0-9]{32}\.(jpg|png|gif|webp|pdf)$/
export { MB, type ContentType }
export { MAX_IMAGE_PIXELS }

/** Decides a file's type from its first bytes; the client's name and declared type are never trusted. */
export function sniffContentType(bytes: Uint8Array): ContentType | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b)
  const ascii = (from: number, text: string) => [...text].every((c, i) => bytes[from + i] === c.charCodeAt(0))
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg'
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png'
  if (ascii(0, 'GIF87a') || ascii(0, 'GIF89a')) return 'image/gif'
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'image/webp'
  if (ascii(0, '%PDF-')) return 'application/pdf'
  return null
}

export function contentTypeOfName(name: string): ContentType | undefined {
  return typesByExtension[name.split('.').pop() ?? '']
}

export interface StoredFile {
  name: string
  contentType: ContentType
  bytes: number
  width: number | null
  height: number | null
  animated: boolean
}

export interface SaveRules {
  /** What the file is, for messages: 'Image', 'Event image', 'Menu PDF'. */
  label: string
  accept: readonly ContentType[]
  maxBytes: number
}

const describeTypes = (types: readonly ContentType[]) => types.map((t) => extensions[t].toUpperCase().replace('JPG', 'JPEG')).join(', ')

/**
 * Uploaded files on local disk under content-addressed names (same bytes, same name), so they can be
 * cached forever. A file row is removed only when no record refers to it any more. Images are
 * re-encoded before they are named, and their resized variants are made by the variant queue.
 */
export class FileStore {
  /**
   * Files saved by requests that have not recorded them yet. Between save() and the commit that
   * refers to a file, nothing points at it; a concurrent delete of another record using the same
   * (content-addressed) file must not remove it then.
   */
  private readonly held = new Map<string, number>()

  constructor(
    private readonly db: Database,
    readonly dir: string,
    readonly variants: VariantQueue,
  ) {
    mkdirSync(dir, { recursive: true })
  }

  pathOf(name: string): string {
    if (!FILE_NAME.test(name)) throw new HttpError(400, 'Invalid file name.')
    return join(this.dir, name)
  }

  urlOf(name: string): string {
    return `/files/${name}`
  }

  /** The resized copies pages offer in a srcset; listed before they are made (a missing one is made when asked for). */
  variantsOf(image: VariantSource): ImageVariant[] {
    return planVariants(image).map((variant) => ({ url: this.urlOf(variant.name), type: variant.type, width: variant.width, height: variant.height }))
  }

  /**
   * Checks the content, re-encodes images, writes the file atomically (temp file then rename) and
   * records it. An image's variants are queued, never waited for.
   */
  async save(input: Blob | Uint8Array, rules: SaveRules): Promise<StoredFile> {
    const size = input instanceof Blob ? input.size : input.byteLength
    if (size === 0) throw new HttpError(400, `${rules.label} is empty.`)
    if (size > rules.maxBytes) {
      throw tooLarge(`${rules.label} is too large: the limit is ${Math.round(rules.maxBytes / MB)} MB.`)
    }
    // The type is decided from the first bytes; the whole file is read only once it is its turn to be
    // decoded, so uploads waiting for a slot do not each hold another copy of their file.
    const head = input instanceof Blob ? new Uint8Array(await input.slice(0, 16).arrayBuffer()) : input
    const contentType = sniffContentType(head)
    if (!contentType || !rules.accept.includes(contentType)) {
      throw unsupportedType(`${rules.label} must be ${describeTypes(rules.accept)}.`)
    }
    return decodeSlots.run(async () => {
      const received = input instanceof Blob ? new Uint8Array(await input.arrayBuffer()) : input
      if (contentType === 'application/pdf') {
        if (!hasPdfEnd(received)) throw new HttpError(400, `${rules.label} is not a complete PDF file.`)
        await assertReadablePdf(received, rules.label)
        return this.write(received, contentType, null, null, false)
      }
      const image = await reencodeImage(received, contentType, rules.label)
      const stored = this.write(image.bytes, contentType, image.width, image.height, image.animated)
      if (!image.animated) this.variants.enqueue(stored.name)
      return stored
    })
  }

  private write(bytes: Uint8Array, contentType: ContentType, width: number | null, height: number | null, animated: boolean): StoredFile {
    const name = `${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.${extensions[contentType]}`
    const target = join(this.dir, name)
    if (!existsSync(target)) {
      const temp = join(this.dir, `.tmp-${randomBytes(8).toString('hex')}`)
      writeFileSync(temp, bytes)
      renameSync(temp, target)
    }
    this.db
      .query('INSERT OR IGNORE INTO files (name, content_type, bytes, width, height, animated) VALUES (?, ?, ?, ?, ?, ?)')
      .run(name, contentType, bytes.byteLength, width, height, animated ? 1 : 0)
    this.held.set(name, (this.held.get(name) ?? 0) + 1)
    return { name, contentType, bytes: bytes.byteLength, width, height, animated }
  }

  /**
   * Runs `change`, which records the files this request saved. Afterwards they are no longer held;
   * if the change failed they are released again, so a refused change leaves nothing on disk.
   */
  recordWith<T>(saved: readonly (StoredFile | string | null)[], change: () => T): T {
    const names = saved.flatMap((file) => (file === null ? [] : [typeof file === 'string' ? file : file.name]))
    try {
      const result = change()
      this.letGo(names)
      return result
    } catch (error) {
      this.discard(names)
      throw error
    }
  }

  /** Releases files this request saved but will not record (it was refused after saving them). */
  discard(saved: readonly (StoredFile | string)[]): void {
    const names = saved.map((file) => (typeof file === 'string' ? file : file.name))
    this.letGo(names)
    for (const name of names) this.release(name)
  }

  private letGo(names: readonly string[]): void {
    for (const name of names) {
      const count = (this.held.get(name) ?? 0) - 1
      if (count > 0) this.held.set(name, count)
      else this.held.delete(name)
    }
  }

  /** Forgets a file once no record refers to it, and removes it and its variants from disk. Returns whether it went. */
  release(name: string | null | undefined): boolean {
    if (!name || this.held.has(name)) return false
    let removed: VariantSource | null
    try {
      removed = this.db.query('DELETE FROM files WHERE name = ? RETURNING name, width, height, animated').get(name) as VariantSource | null
    } catch (error) {
      if (String(error).includes('FOREIGN KEY')) return false
      throw error
    }
    if (!removed) return false
    rmSync(join(this.dir, name), { force: true })
    this.variants.removeFiles(removed)
    return true
  }

  dimensions(name: string): { width: number | null; height: number | null } {
    return (
      (this.db.query('SELECT width, height FROM files WHERE name = ?').get(name) as { width: number | null; height: number | null } | null) ?? {
        width: null,
        height: null,
      }
    )
  }
}

type ImageType = Exclude<ContentType, 'application/pdf'>

/**
 * Decodes and encodes the image again, upright and in its own format: what an upload carried besides
 * pixels (EXIF with GPS position and camera serial, comments, a crafted payload) does not survive, and
 * the pixel limit stops decompression bombs before they are decoded. Animated GIF and WebP stay animated.
 */
async function reencodeImage(
  bytes: Uint8Array,
  type: ImageType,
  label: string,
): Promise<{ bytes: Uint8Array; width: number; height: number; animated: boolean }> {
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata()
    const animated = (meta.pages ?? 1) > 1 && (type === 'image/gif' || type === 'image/webp')
    let image = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, animated })
    // Orientation is applied to the pixels because the EXIF tag that carried it is dropped.
    if (!animated) image = image.rotate()
    switch (type) {
      case 'image/jpeg':
        image = image.jpeg({ quality: 82, mozjpeg: true })
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
    return { bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height, animated }
  } catch {
    throw new HttpError(400, `${label} could not be read as an image, or is too many pixels.`)
  }
}

/**
 * Parses the whole PDF: a file is a PDF if a PDF reader can open it and finds at least one page, not
 * because it starts with `%PDF-` and ends with `%%EOF` (an HTML page can do both). Encrypted PDFs are
 * refused too: pdf.js would ask visitors for a password.
 */
async function assertReadablePdf(bytes: Uint8Array, label: string): Promise<void> {
  let pages: number
  try {
    const doc = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true })
    pages = doc.getPageCount()
  } catch (error) {
    if (error instanceof EncryptedPDFError) throw unsupportedType(`${label} is encrypted (password-protected). Save it without a password and upload it again.`)
    throw unsupportedType(`${label} could not be read as a PDF.`)
  }
  if (pages < 1) throw unsupportedType(`${label} has no pages.`)
}

/** A PDF ends with %%EOF (possibly followed by whitespace); a truncated upload does not. */
function hasPdfEnd(bytes: Uint8Array): boolean {
  const tail = new TextDecoder('latin1').decode(bytes.subarray(Math.max(0, bytes.length - 1024)))
  return tail.includes('%%EOF')
}
