import type { Database } from 'bun:sqlite'
import { randomBytes } from 'node:crypto'
import { existsSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { makePrivateDir } from '../db/private-files'
import { HttpError, tooLarge, unsupportedType } from '../http/errors'
import { MB, type ContentType } from '../shared/rules/uploads'
import { MAX_IMAGE_PIXELS, MAX_PDF_PAGES, MAX_UNPACKED_PDF_MB, MAX_UNPACKED_STREAM_MB, type ImageVariant } from './model'
import { planVariants, type VariantQueue, type VariantSource } from './variants'
import { SlotWaitError } from './decode-slots'
import { FileJobBudgetError, FileWorkerStoppedError, type FileWorker } from './worker-client'
import type { PdfProblem, UploadedImageType } from './worker-jobs'

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
    /** Decodes and encodes in a child process (worker-client.ts): the server never holds a decoded picture. */
    readonly worker: FileWorker,
  ) {
    makePrivateDir(dir)
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
    // The type is decided from the first bytes; the file goes to disk as it is and the worker reads it
    // from there when it is its turn to be decoded, so no upload is copied into the server's memory again.
    const head = input instanceof Blob ? new Uint8Array(await input.slice(0, 16).arrayBuffer()) : input
    const contentType = sniffContentType(head)
    if (!contentType || !rules.accept.includes(contentType)) {
      throw unsupportedType(`${rules.label} must be ${describeTypes(rules.accept)}.`)
    }
    if (contentType === 'application/pdf' && !(await hasPdfEnd(input))) throw new HttpError(400, `${rules.label} is not a complete PDF file.`)
    const received = this.tempPath()
    const encoded = this.tempPath()
    try {
      await Bun.write(received, input)
      if (contentType === 'application/pdf') {
        const pdf = await this.decode(rules.label, () => this.worker.run('pdf', { input: received }))
        if (pdf.problem === 'too-many-pages' || pdf.problem === 'oversized-stream') throw new HttpError(422, pdfProblemMessage(pdf.problem, rules.label))
        if (pdf.problem) throw unsupportedType(pdfProblemMessage(pdf.problem, rules.label))
        return this.place(received, pdf.hash, { contentType, bytes: pdf.bytes, width: null, height: null, animated: false })
      }
      const type = contentType as UploadedImageType
      const image = await this.decode(
        rules.label,
        () => this.worker.run('image', { input: received, output: encoded, type }),
        () => {
          throw new HttpError(400, `${rules.label} could not be read as an image, or is too many pixels.`)
        },
      )
      const stored = this.place(encoded, image.hash, { contentType, bytes: image.bytes, width: image.width, height: image.height, animated: image.animated })
      if (!image.animated) this.variants.enqueue(stored.name)
      return stored
    } finally {
      rmSync(received, { force: true })
      rmSync(encoded, { force: true })
    }
  }

  /**
   * A worker job for an upload: a job over its time or memory budget is the file's (422, with the
   * reason); a worker that died on it otherwise is the server's trouble (503, try again); any other
   * failure is the file's (`refused`).
   */
  private async decode<T>(label: string, job: () => Promise<T>, refused?: () => never): Promise<T> {
    try {
      return await job()
    } catch (error) {
      const refusal = workerRefusal(label, error)
      if (refusal) throw refusal
      if (refused) refused()
      throw error
    }
  }

  private tempPath(): string {
    return join(this.dir, `.tmp-${randomBytes(8).toString('hex')}`)
  }

  /** Moves a checked file to its content-addressed name (same bytes, same name) and records it. */
  private place(temp: string, hash: string, file: Omit<StoredFile, 'name'>): StoredFile {
    const name = `${hash.slice(0, 32)}.${extensions[file.contentType]}`
    const target = join(this.dir, name)
    if (!existsSync(target)) renameSync(temp, target)
    this.db
      .query('INSERT OR IGNORE INTO files (name, content_type, bytes, width, height, animated) VALUES (?, ?, ?, ?, ?, ?)')
      .run(name, file.contentType, file.bytes, file.width, file.height, file.animated ? 1 : 0)
    this.held.set(name, (this.held.get(name) ?? 0) + 1)
    return { name, ...file }
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

/** A PDF ends with %%EOF (possibly followed by whitespace); a truncated upload does not. */
async function hasPdfEnd(input: Blob | Uint8Array): Promise<boolean> {
  const size = input instanceof Blob ? input.size : input.byteLength
  const end = input.slice(Math.max(0, size - 1024))
  const tail = new TextDecoder('latin1').decode(end instanceof Blob ? await end.arrayBuffer() : end)
  return tail.includes('%%EOF')
}

/**
 * The reply for an upload whose worker job failed as a job, not for what the file is: over a budget
 * (422, the file's fault) or the worker stopped under it (503, try again); null for any other failure.
 */
export function workerRefusal(label: string, error: unknown): HttpError | null {
  if (error instanceof FileJobBudgetError) return overBudgetRefusal(label, error)
  if (error instanceof FileWorkerStoppedError) return new HttpError(503, `${label} could not be processed: the worker reading it stopped. Please try again.`)
  if (error instanceof SlotWaitError)
    return new HttpError(503, `${label} was not saved: other uploads are still being read. Please try again in a minute.`, { 'retry-after': '60' })
  return null
}

/**
 * What staff read about an upload whose worker job went over a budget (422): the file is refused, and
 * what to do about it. A PDF that honest software made reads in well under a second.
 */
function overBudgetRefusal(label: string, error: FileJobBudgetError): HttpError {
  const verb = label.includes('PDF') ? 'read' : 'process'
  const reason = error.budget === 'time' ? `took too long to ${verb} (over ${error.limit} s)` : `needed too much memory to ${verb} (over ${error.limit} MB)`
  const advice = label.includes('PDF')
    ? 'Save or print it to PDF again (fewer pages, smaller pictures) and upload that.'
    : 'Save it again at a smaller size and upload that.'
  return new HttpError(422, `${label} ${reason}: it was not saved. ${advice}`)
}

/** What staff read about a PDF the worker could not accept (415; too many pages or a part too large unpacked, 422). */
function pdfProblemMessage(problem: PdfProblem, label: string): string {
  switch (problem) {
    case 'too-many-pages':
      return `${label} has more than ${MAX_PDF_PAGES} pages: it was not saved. Upload a file of ${MAX_PDF_PAGES} pages or fewer.`
    case 'oversized-stream':
      return `${label} unpacks to more than ${MAX_UNPACKED_STREAM_MB} MB in one part or ${MAX_UNPACKED_PDF_MB} MB in all: it was not saved. Save or print it to PDF again (smaller pictures) and upload that.`
    case 'encrypted':
      return `${label} is encrypted (password-protected). Save it without a password and upload it again.`
    case 'no-pages':
      return `${label} has no pages.`
    case 'unreadable':
      return `${label} could not be read as a PDF.`
  }
}
