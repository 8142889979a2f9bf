/**
 * The real server (`bun api/src/server.ts`) with hostile PDFs: one over the file worker's time, memory
 * or page budget is refused with 422 and its reason, the menu it would have replaced stays; a visitor's
 * picture copy and app icon are made while an upload keeps the upload worker busy; SIGTERM stops the server within
 * its stated 10 s while a PDF is being read.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { residentBytes } from '../src/files/job-budgets'
import { fileOf, makeImage } from './helpers'
import { inflatingPdf, manyPagesPdf } from './hostile-pdfs'
import { loginToServer, startServer, waitUntilReady, type ServerProcess } from './server-process'

const dirs: string[] = []
const servers: ServerProcess[] = []
afterAll(() => {
  for (const server of servers) server.proc.kill('SIGKILL')
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

async function serverWith(env: Record<string, string>): Promise<{ server: ServerProcess; token: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'upload-budgets-'))
  dirs.push(dir)
  const server = startServer(dir, env)
  servers.push(server)
  await waitUntilReady(server)
  return { server, token: await loginToServer(server) }
}

function uploadMenu(server: ServerProcess, token: string, pdf: Uint8Array): Promise<Response> {
  const form = new FormData()
  form.append('business_id', '1')
  form.append('pdf', fileOf(pdf, 'menu.pdf', 'application/pdf'))
  return fetch(`${server.base}/api/upload-pdf`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })
}

async function timed<T>(work: Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now()
  const value = await work
  return { value, ms: performance.now() - started }
}

/** The server's child processes (its file workers). */
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number)
  } catch {
    return []
  }
}

/** Resolves with a worker's pid once one holds pdf.js (some 120 MB resident): it is reading a PDF. */
async function busyWorker(server: ServerProcess): Promise<number> {
  for (;;) {
    const busy = childrenOf(server.proc.pid).find((pid) => (residentBytes(pid) ?? 0) > 120 * 1024 * 1024)
    if (busy) return busy
    await Bun.sleep(20)
  }
}

// 60 KB: 100 pages sharing one content stream of 10,000 lines; reading its text takes pdf.js 20 to 40 s.
const SLOW_PDF = manyPagesPdf(100, 10_000)

describe('uploads over the file worker budgets', () => {
  test('a PDF over the time budget is refused with 422 and why; the menu before it stays', async () => {
    const { server, token } = await serverWith({ FILE_JOB_SECONDS: '2', FILE_WORKER_MEMORY_MB: '300' })
    const first = await uploadMenu(server, token, manyPagesPdf(2, 10))
    expect(first.status).toBe(201)
    const menuUrl = ((await first.json()) as { menu: { pdf_url: string } }).menu.pdf_url

    const slow = await timed(uploadMenu(server, token, SLOW_PDF))
    expect(slow.value.status).toBe(422)
    expect(((await slow.value.json()) as { error: string }).error).toContain('took too long to read (over 2 s)')
    // Stopped by the budget, not read to the end (20–40 s): a bound a loaded machine keeps (8 s was passed at 8.1 s).
    expect(slow.ms).toBeLessThan(20_000)

    const menu = (await (await fetch(`${server.base}/api/get-menu/1`)).json()) as { pdf_url: string }
    expect(menu.pdf_url).toBe(menuUrl)
    const files = (await fetch(`${server.base}${menuUrl}`)).status
    expect(files).toBe(200)
  }, 40_000)

  test('a PDF that unpacks too far or has too many pages is refused with 422 for that reason, however slow the machine', async () => {
    // A time budget no loaded machine reaches: the reason must be the size or the count, found before any reading.
    const { server, token } = await serverWith({ FILE_JOB_SECONDS: '60', FILE_WORKER_MEMORY_MB: '300' })
    const inflating = await timed(uploadMenu(server, token, inflatingPdf(600)))
    expect(inflating.value.status).toBe(422)
    // Measured unpacked before anything reads it (files/pdf-streams.ts); the memory budget is the worker's (file-worker-job-budgets.test.ts).
    expect(((await inflating.value.json()) as { error: string }).error).toContain('unpacks to more than 64 MB in one part')
    expect(inflating.ms).toBeLessThan(20_000)

    const long = await timed(uploadMenu(server, token, manyPagesPdf(20_000)))
    expect(long.value.status).toBe(422)
    expect(((await long.value.json()) as { error: string }).error).toContain('more than 100 pages')
    expect(long.ms).toBeLessThan(20_000)
  }, 40_000)

  test('a visitor’s share picture is made while a PDF keeps the upload worker busy', async () => {
    const { server, token } = await serverWith({ FILE_JOB_SECONDS: '600', FILE_WORKER_IDLE_MS: '100' })
    const form = new FormData()
    form.append('type', 'generic')
    form.append('images', fileOf(await makeImage('jpeg', 1600, 1000), 'photo.jpg', 'image/jpeg'))
    const gallery = await fetch(`${server.base}/api/upload-gallery`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })
    expect(gallery.status).toBe(201)
    const imageUrl = ((await gallery.json()) as { images: { image_url: string }[] }).images[0]!.image_url

    let answered = false
    void uploadMenu(server, token, SLOW_PDF).then(
      () => (answered = true),
      () => (answered = true),
    )
    await busyWorker(server)
    const share = { value: await fetch(`${server.base}${imageUrl.replace(/\.jpg$/, '-og.jpg')}`) }
    expect(share.value.status).toBe(200)
    expect(share.value.headers.get('content-type')).toContain('image/jpeg')
    // Answered while the PDF (20 to 40 s of reading) still holds the upload worker: it did not wait behind it.
    expect(answered).toBe(false)
  }, 40_000)

  test('a visitor’s app icon, drawn from a new logo, is made while a PDF keeps the upload worker busy', async () => {
    const { server, token } = await serverWith({ FILE_JOB_SECONDS: '600', FILE_WORKER_IDLE_MS: '100' })
    const form = new FormData()
    form.append('logo', fileOf(await makeImage('png', 512, 512), 'logo.png', 'image/png'))
    const logo = await fetch(`${server.base}/api/admin/venue/logo`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })
    expect(logo.status).toBe(200)

    let answered = false
    void uploadMenu(server, token, SLOW_PDF).then(
      () => (answered = true),
      () => (answered = true),
    )
    await busyWorker(server)
    const icon = { value: await fetch(`${server.base}/icons/icon-192.png`) }
    expect(icon.value.status).toBe(200)
    expect(icon.value.headers.get('content-type')).toBe('image/png')
    // Answered while the PDF (20 to 40 s of reading) still holds the upload worker: it did not wait behind it.
    expect(answered).toBe(false)
  }, 40_000)

  test('SIGTERM stops the server within its stated 10 s while a PDF is being read; the upload is refused', async () => {
    const { server, token } = await serverWith({ FILE_JOB_SECONDS: '600' })
    const upload = uploadMenu(server, token, SLOW_PDF).then(
      (res) => res.status,
      () => 'connection closed',
    )
    const worker = await busyWorker(server)
    const stopping = performance.now()
    server.proc.kill('SIGTERM')
    expect(await server.proc.exited).toBe(0)
    expect(performance.now() - stopping).toBeLessThan(10_000)
    expect(residentBytes(worker)).toBeNull()
    expect([503, 'connection closed']).toContain(await upload)
  }, 40_000)
})
