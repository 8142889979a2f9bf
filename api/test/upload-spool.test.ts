/**
 * Form uploads reach the routes from disk (http/upload-spool.ts): a body is written to the uploads
 * folder as it arrives, forms are parsed one at a time, each file part is a File read from disk, and
 * nothing is left in the folder once the reply is made, whatever the reply.
 */
import { afterAll, beforeEach, describe, expect, test } from 'bun:test'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Elysia } from 'elysia'
import { bodyParsing, SPOOL_FORM_BYTES } from '../src/http/body-limits'
import { errorHandling } from '../src/http/errors'
import { formParseSlots } from '../src/http/upload-spool'

const dir = mkdtempSync(join(tmpdir(), 'upload-spool-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
beforeEach(() => {
  for (const entry of readdirSync(dir)) rmSync(join(dir, entry), { force: true })
})

interface Seen {
  name: string
  type: string
  bytes: Uint8Array
  /** The folder's files while the route ran, with their contents. */
  onDisk: Uint8Array[]
}
let seen: Seen[] = []

const app = new Elysia()
  .use(errorHandling)
  .use(bodyParsing(dir))
  .post('/api/upload-pdf', async ({ body }) => {
    const files = Object.values(body as Record<string, unknown>)
      .flat()
      .filter((value): value is File => value instanceof File)
    for (const file of files) {
      seen.push({
        name: file.name,
        type: file.type,
        bytes: new Uint8Array(await file.arrayBuffer()),
        onDisk: readdirSync(dir).map((entry) => new Uint8Array(readFileSync(join(dir, entry)))),
      })
    }
    if ((body as Record<string, unknown>).fail === 'yes') throw new Error('the route failed after the form was read')
    await Bun.sleep(5)
    return { files: files.length }
  })

const bytesOf = (size: number, seed: number) => Uint8Array.from({ length: size }, (_, i) => (i * 31 + seed) & 0xff)

/** A form as a browser sends it, with its declared length; or a stream of no declared length. */
async function post(form: FormData | ReadableStream, headers: Record<string, string> = {}): Promise<Response> {
  if (form instanceof ReadableStream) return app.handle(new Request('http://localhost/api/upload-pdf', { method: 'POST', body: form, headers }))
  const encoded = new Response(form)
  const type = encoded.headers.get('content-type')!
  const body = await encoded.arrayBuffer()
  const declared = { 'content-type': type, 'content-length': String(body.byteLength) }
  return app.handle(new Request('http://localhost/api/upload-pdf', { method: 'POST', body, headers: { ...declared, ...headers } }))
}

describe('form uploads go through disk', () => {
  test('the route gets each file with its name, type and bytes, read from a file in the uploads folder; none is left after the reply', async () => {
    seen = []
    const first = bytesOf(1_300_000, 1)
    const second = bytesOf(70_000, 2)
    const form = new FormData()
    form.append('note', 'two files')
    form.append('pdf', new File([first], 'menu.pdf', { type: 'application/pdf' }))
    form.append('pdf', new File([second], 'more.jpg', { type: 'image/jpeg' }))
    const res = await post(form)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ files: 2 })
    expect(seen.map(({ name, type }) => ({ name, type }))).toEqual([
      { name: 'menu.pdf', type: 'application/pdf' },
      { name: 'more.jpg', type: 'image/jpeg' },
    ])
    expect(seen[0]!.bytes).toEqual(first)
    expect(seen[1]!.bytes).toEqual(second)
    // Each file part was on disk, byte for byte, while the route ran.
    expect(seen[0]!.onDisk.some((file) => Buffer.from(file).equals(Buffer.from(first)))).toBe(true)
    expect(seen[0]!.onDisk.some((file) => Buffer.from(file).equals(Buffer.from(second)))).toBe(true)
    expect(readdirSync(dir)).toEqual([])
  })

  test('a route that fails after reading the form leaves nothing on disk either', async () => {
    seen = []
    const form = new FormData()
    form.append('fail', 'yes')
    form.append('pdf', new File([bytesOf(1_100_000, 3)], 'menu.pdf', { type: 'application/pdf' }))
    const res = await post(form)
    expect(res.status).toBe(500)
    expect(seen).toHaveLength(1)
    expect(seen[0]!.onDisk.length).toBeGreaterThan(0)
    expect(readdirSync(dir)).toEqual([])
  })

  test('a small form is parsed in memory: nothing goes to disk for it', async () => {
    seen = []
    const small = bytesOf(40_000, 4)
    const form = new FormData()
    form.append('pdf', new File([small], 'small.pdf', { type: 'application/pdf' }))
    const res = await post(form)
    expect(res.status).toBe(200)
    expect(seen[0]!.bytes).toEqual(small)
    expect(seen[0]!.onDisk).toEqual([])
  })

  test('a streamed body over the limit is a 413 and leaves nothing on disk', async () => {
    const chunk = new Uint8Array(1024 * 1024)
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 40) controller.enqueue(chunk)
        else controller.close()
      },
    })
    const res = await post(body, { 'content-type': 'multipart/form-data; boundary=x' })
    expect(res.status).toBe(413)
    expect(sent).toBeLessThan(40)
    expect(readdirSync(dir)).toEqual([])
  })

  test('forms sent at once are parsed one at a time, and every one arrives whole', async () => {
    seen = []
    formParseSlots.resetPeak()
    const files = Array.from({ length: 6 }, (_, i) => bytesOf(SPOOL_FORM_BYTES + i, 10 + i))
    const replies = await Promise.all(
      files.map((bytes, i) => {
        const form = new FormData()
        form.append('pdf', new File([bytes], `file-${i}.pdf`, { type: 'application/pdf' }))
        return post(form)
      }),
    )
    expect(replies.map((res) => res.status)).toEqual(files.map(() => 200))
    expect(formParseSlots.peak).toBe(1)
    for (const [i, bytes] of files.entries()) expect(seen.find((file) => file.name === `file-${i}.pdf`)?.bytes).toEqual(bytes)
    expect(readdirSync(dir)).toEqual([])
  })
})
