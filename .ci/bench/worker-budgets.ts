/**
 * File worker budgets: the owner uploads hostile menus (POST /api/upload-pdf) — 20,000 pages sharing one
 * content stream, and one Flate stream that inflates to some 600 MB. Each must be refused (4xx) within
 * the time target, the server's process tree must stay under the memory target while it reads it, and a
 * visitor's picture (a /files/ copy from the public gallery) must still come back quickly meanwhile.
 */
import { inflatingPdf, manyPagesPdf } from '../../api/test/hostile-pdfs'
import { peakTreeRss } from './memory'
import { login } from './upload'
import { countedFetch, type ReplyTally } from './read-throughput'

export interface HostilePdfFigures {
  name: string
  bytes: number
  status: number
  /** The start of the reply's error message. */
  reply: string
  /** From sending the upload to its reply. */
  refusedMs: number
  peakRssBytes: number
  serverPeakRssBytes: number | null
  peakProcesses: number
  /** The visitor's picture requests while the upload ran: how many, the slowest, and failures (not 200). */
  pictureRequests: number
  pictureWorstMs: number
  pictureFailures: number
}

export interface WorkerBudgetFigures {
  picture: string
  pdfs: HostilePdfFigures[]
}

/** The hostile menus: what the issue names them, and how they are made (api/test/hostile-pdfs.ts). */
export const HOSTILE_PDFS: Array<{ name: string; make: () => Uint8Array }> = [
  { name: '20,000 pages sharing one content stream', make: () => manyPagesPdf(20_000) },
  { name: 'one Flate stream inflating to 600 MB', make: () => inflatingPdf(600) },
]

/** A picture copy a visitor's page asks for: the first /files/ variant the public home gallery lists. */
async function visitorPicture(origin: string): Promise<string> {
  const gallery = (await (await fetch(`${origin}/api/gallery/generic`)).json()) as Array<{ image_variants?: Array<{ url: string }> }>
  const url = gallery
    .flatMap((image) => image.image_variants ?? [])
    .map((variant) => new URL(variant.url, origin).pathname)
    .find((path) => path.startsWith('/files/'))
  if (!url) throw new Error('the public gallery lists no /files/ picture copy')
  return url
}

/** Fetches `path` one request after another until `done` says stop; the slowest reply and the failures. */
async function visitorLoop(origin: string, path: string, done: () => boolean): Promise<ReplyTally> {
  const tally: ReplyTally = { requests: 0, failures: 0, worstMs: 0 }
  while (!done()) {
    await countedFetch(`${origin}${path}`, { signal: AbortSignal.timeout(30_000) }, tally)
    await Bun.sleep(50)
  }
  return tally
}

async function uploadHostile(origin: string, serverPid: number, token: string, picture: string, name: string, pdf: Uint8Array): Promise<HostilePdfFigures> {
  const form = new FormData()
  form.append('business_id', '1')
  form.append('pdf', new File([pdf as Uint8Array<ArrayBuffer>], 'menu.pdf', { type: 'application/pdf' }))
  let finished = false
  const measured = await peakTreeRss(serverPid, 50, async () => {
    const visitor = visitorLoop(origin, picture, () => finished)
    const sent = performance.now()
    const res = await fetch(`${origin}/api/upload-pdf`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form }).finally(() => {
      finished = true
    })
    const refusedMs = performance.now() - sent
    const text = await res.text()
    let reply = text
    try {
      reply = (JSON.parse(text) as { error?: string }).error ?? text
    } catch {
      // not JSON: kept as sent
    }
    return { status: res.status, reply: reply.slice(0, 160), refusedMs, visits: await visitor }
  })
  const { status, reply, refusedMs, visits } = measured.result
  return {
    name,
    bytes: pdf.byteLength,
    status,
    reply,
    refusedMs,
    peakRssBytes: measured.peakBytes,
    serverPeakRssBytes: measured.rootHighWaterBytes,
    peakProcesses: measured.peakProcesses,
    pictureRequests: visits.requests,
    pictureWorstMs: visits.worstMs,
    pictureFailures: visits.failures,
  }
}

export async function measureWorkerBudgets(options: {
  origin: string
  serverPid: number
  username: string
  password: string
  progress?: (message: string) => void
}): Promise<WorkerBudgetFigures> {
  const { origin, serverPid } = options
  const picture = await visitorPicture(origin)
  const token = await login(origin, options.username, options.password)
  const pdfs: HostilePdfFigures[] = []
  for (const { name, make } of HOSTILE_PDFS) {
    const pdf = make()
    options.progress?.(`uploading a ${(pdf.byteLength / 1_000_000).toFixed(1)} MB PDF of ${name}`)
    pdfs.push(await uploadHostile(origin, serverPid, token, picture, name, pdf))
    // The worker exits a second after its last job; let the next upload start from a quiet server.
    await Bun.sleep(2000)
  }
  return { picture, pdfs }
}
