import type { Database } from 'bun:sqlite'
import { createHash, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { HttpError, tooLarge, unsupportedType } from '../http/errors'

export type ContentType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp' | 'application/pdf'

const extensions: Record<ContentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
}
const typesByExtension = Object.fromEntries(Object.entries(extensions).map(([type, ext]) => [ext, type])) as Record<string, ContentType>

export const FILE_NAME = /^[a-f0-9]{32}\.(jpg|png|gif|webp|pdf)$/
export const MB = 1024 * 1024
/** Decompression-bomb guard: no image may decode to more than this many pixels. */
export const MAX_IMAGE_PIXELS = 40_000_000

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
}

export interface SaveRules {
  /** What the file is, for messages: 'Image', 'Event image', 'Menu PDF'. */
  label: string
  accept: readonly ContentType[]
  maxBytes: number
}

const describeTypes = (types: readonly ContentType[]) =>
  types.map((t) => extensions[t].toUpperCase().replace('JPG', 'JPEG')).join(', ')

/**
 * Uploaded files on local disk under content-addressed names (same bytes, same name), so they can be
 * cached forever. A file row is removed only when no record refers to it any more.
 */
export class FileStore {
  constructor(
    private readonly db: Database,
    readonly dir: string,
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

  /** Checks the content, writes it atomically (temp file then rename) and records it. */
  async save(input: Blob | Uint8Array, rules: SaveRules): Promise<StoredFile> {
    const size = input instanceof Blob ? input.size : input.byteLength
    if (size === 0) throw new HttpError(400, `${rules.label} is empty.`)
    if (size > rules.maxBytes) {
      throw tooLarge(`${rules.label} is too large: the limit is ${Math.round(rules.maxBytes / MB)} MB.`)
    }
    const bytes = input instanceof Blob ? new Uint8Array(await input.arrayBuffer()) : input
    const contentType = sniffContentType(bytes)
    if (!contentType || !rules.accept.includes(contentType)) {
      throw unsupportedType(`${rules.label} must be ${describeTypes(rules.accept)}.`)
    }
    let width: number | null = null
    let height: number | null = null
    if (contentType.startsWith('image/')) {
      try {
        const meta = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata()
        width = meta.autoOrient?.width ?? meta.width ?? null
        height = meta.autoOrient?.height ?? meta.height ?? null
      } catch {
        throw new HttpError(400, `${rules.label} could not be read as an image, or is too many pixels.`)
      }
      if (!width || !height) throw new HttpError(400, `${rules.label} could not be read as an image.`)
    } else if (!hasPdfEnd(bytes)) {
      throw new HttpError(400, `${rules.label} is not a complete PDF file.`)
    }
    const name = `${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.${extensions[contentType]}`
    const target = join(this.dir, name)
    if (!existsSync(target)) {
      const temp = join(this.dir, `.tmp-${randomBytes(8).toString('hex')}`)
      writeFileSync(temp, bytes)
      renameSync(temp, target)
    }
    this.db
      .query('INSERT OR IGNORE INTO files (name, content_type, bytes, width, height) VALUES (?, ?, ?, ?, ?)')
      .run(name, contentType, bytes.byteLength, width, height)
    return { name, contentType, bytes: bytes.byteLength, width, height }
  }

  /** Forgets a file once no record refers to it, and removes it from disk. Returns whether it went. */
  release(name: string | null | undefined): boolean {
    if (!name) return false
    try {
      const { changes } = this.db.query('DELETE FROM files WHERE name = ?').run(name)
      if (changes === 0) return false
    } catch (error) {
      if (String(error).includes('FOREIGN KEY')) return false
      throw error
    }
    rmSync(join(this.dir, name), { force: true })
    return true
  }

  dimensions(name: string): { width: number | null; height: number | null } {
    return (this.db.query('SELECT width, height FROM files WHERE name = ?').get(name) as { width: number | null; height: number | null } | null) ?? { width: null, height: null }
  }
}

/** A PDF ends with %%EOF (possibly followed by whitespace); a truncated upload does not. */
function hasPdfEnd(bytes: Uint8Array): boolean {
  const tail = new TextDecoder('latin1').decode(bytes.subarray(Math.max(0, bytes.length - 1024)))
  return tail.includes('%%EOF')
}
