/**
 * Form uploads without holding their bytes. A body is written to a file in the uploads folder as it
 * arrives; forms are then parsed one at a time (Bun's own parser, which needs the body in memory), and
 * each file part goes straight back to disk, so a route gets Files that read from disk. Twenty staff
 * uploads of 8 MB photos at once held 20 × 8 MB twice in the server (about 400 MB); this way the server
 * holds one form at a time, and the other bodies wait on disk. The files are removed once the reply is sent.
 */
import { randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { join } from 'node:path'
import { Semaphore } from '../files/decode-slots'
import { bodyDeadlineMs, withinDeadline } from './body-deadline'
import { tooLarge } from './errors'

/** How much body a request may send, and the 413's message when it sends more. */
export interface BodyLimit {
  bytes: number
  /** The 413's message. */
  message: string
  /** The body's base time to arrive (body-deadline.ts); unset, the default. */
  baseSeconds?: number
}

/** How long a body of declared length may take to arrive (body-deadline.ts). */
export function deadlineOf(request: Request, limit: BodyLimit): number {
  return bodyDeadlineMs(Number(request.headers.get('content-length') ?? 0), limit.baseSeconds)
}

/** One form in memory at a time: parsing takes milliseconds, so a queue costs uploads nothing noticeable. */
export const formParseSlots = new Semaphore(1)

/** The files each request's form left on disk, removed with its reply (bodyParsing's hooks, body-limits.ts). */
const spooled = new WeakMap<Request, string[]>()

const spoolPath = (dir: string) => join(dir, `.tmp-upload-${randomBytes(8).toString('hex')}`)

function keep(request: Request, path: string): void {
  const paths = spooled.get(request)
  if (paths) paths.push(path)
  else spooled.set(request, [path])
}

/**
 * Removes what a request's form left on disk, once its reply is made, whatever the reply. Synchronous:
 * the reply goes out after it, so a client that looks at the folder next finds nothing left behind.
 */
export function removeSpooled(request: Request): void {
  const paths = spooled.get(request)
  if (!paths) return
  spooled.delete(request)
  for (const path of paths) rmSync(path, { force: true })
}

/** Room for the next chunk of a body without a declared length: its deadline moves on as bytes come. */
const NEXT_CHUNK_BYTES = 64 * 1024

/**
 * Hands each chunk of a body without a declared length to `take`, refused with 413 as soon as the
 * chunks pass the limit, and with 408 once it falls behind the deadline of what it has sent so far
 * and one more chunk (body-deadline.ts): 5 bytes and then nothing are refused as a 5-byte body would
 * be. The body parser (body-limits.ts) and the spool both read this way.
 */
export async function eachChunkWithin(body: ReadableStream<Uint8Array>, limit: BodyLimit, take: (chunk: Uint8Array) => unknown): Promise<void> {
  let total = 0
  const reader = body.getReader()
  const began = Date.now()
  // Not awaited, as below: a cancel of a body handed on in a new Request never settles.
  const stop = () => void reader.cancel().catch(() => {})
  for (;;) {
    const allowed = bodyDeadlineMs(total + NEXT_CHUNK_BYTES, limit.baseSeconds)
    const { done, value } = await withinDeadline(reader.read(), began + allowed - Date.now(), stop, allowed)
    if (done) return
    total += value.byteLength
    if (total > limit.bytes) {
      // Not awaited: the cancel of a body handed on in a new Request (server.ts gives a too-short Host
      // a neutral one) never settles, which left the 413 unsent until the idle timeout.
      reader.cancel().catch(() => {})
      throw tooLarge(limit.message)
    }
    await take(value)
  }
}

/**
 * Writes the body to a new file under `dir`, refused with 413 as soon as it passes the limit (a declared
 * length over it before anything is read). Returns the file's path; it is removed with the request's other files.
 */
export async function spoolBody(request: Request, limit: BodyLimit, dir: string): Promise<string> {
  const declared = request.headers.get('content-length')
  if (declared !== null && Number(declared) > limit.bytes) throw tooLarge(limit.message)
  const path = spoolPath(dir)
  keep(request, path)
  // Bun holds a body to its declared length and writes it to the file natively, without handing each
  // chunk to JavaScript: 20 bodies of 8 MB arriving at once took the server 7 MB instead of 60 MB.
  if (declared !== null) {
    await withinDeadline(Bun.write(path, request), deadlineOf(request, limit))
    return path
  }
  const file = await open(path, 'w', 0o600)
  try {
    if (request.body) await eachChunkWithin(request.body, limit, (chunk) => file.write(chunk))
    return path
  } finally {
    await file.close()
  }
}

/**
 * The file parts of a parsed form written to disk under `dir`, each replaced by a File that reads from
 * there (same name, type and bytes), so the form's memory can go as soon as it is parsed.
 */
export async function filesToDisk(request: Request, body: Record<string, unknown>, dir: string): Promise<Record<string, unknown>> {
  const toDisk = async (value: unknown): Promise<unknown> => {
    if (!(value instanceof File)) return value
    const path = spoolPath(dir)
    keep(request, path)
    await Bun.write(path, value)
    return new File([Bun.file(path)], value.name, { type: value.type, lastModified: value.lastModified })
  }
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(body)) out[key] = Array.isArray(value) ? await Promise.all(value.map(toDisk)) : await toDisk(value)
  return out
}
