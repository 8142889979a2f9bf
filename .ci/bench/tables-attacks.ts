/** Sections 7–8 of the report and their targets in the checklist: held anonymous bodies, hostile menus through the file worker. */
import type { HeldBodiesFigures } from './held-bodies'
import { kb, mb, ms, seconds, table } from './report'
import { HELD_BODIES, TARGETS } from './targets'
import { type Check, mark } from './verdict'
import type { WorkerBudgetFigures } from './worker-budgets'

const NOT_MEASURED = 'not measured'
const percent = (share: number) => `${Math.round(share * 100)} %`
const early = (figures: HeldBodiesFigures) =>
  Object.entries(figures.earlyReplies)
    .map(([status, count]) => `${count}× ${status}`)
    .join(', ') || 'none'

export function heldBodiesTable(figures: HeldBodiesFigures): string {
  const reads = (r: HeldBodiesFigures['idle']) => `${Math.round(r.requestsPerSecond)} req/s (${r.requests}, worst ${ms(r.worstMs)}, ${r.failures} failed)`
  const rows: string[][] = [
    [
      'peak RSS while they are held (server and its child processes)',
      mb(figures.peakRssBytes),
      `≤ ${mb(TARGETS.heldBodiesRssBytes)}`,
      mark(figures.peakRssBytes <= TARGETS.heldBodiesRssBytes),
    ],
    ["the server's own peak (VmHWM)", figures.serverPeakRssBytes === null ? 'not readable' : mb(figures.serverPeakRssBytes), '', ''],
    ['RSS before / after (1 s after closing them)', `${mb(figures.rssBeforeBytes)} / ${mb(figures.rssAfterBytes)}`, '', ''],
    [
      'reads while held, share of idle',
      percent(figures.readShare),
      `≥ ${percent(TARGETS.heldBodiesReadShare)}`,
      mark(figures.readShare >= TARGETS.heldBodiesReadShare),
    ],
    ['  reads idle', reads(figures.idle), '', ''],
    ['  reads while held', reads(figures.held), '', ''],
    ['sockets written in full (all but the last byte)', `${figures.sent} of ${figures.sockets} in ${seconds(figures.openMs)}`, '', ''],
    ['held open at once: when the reads began / ended', `${figures.openAtStart} / ${figures.openAtEnd}`, '', ''],
    ['answered or closed early by the server', early(figures), '', ''],
  ]
  return table(
    `7. ${figures.sockets} anonymous sockets each holding a contact message open (POST /api/email/send-email, JSON, Content-Length ${kb(figures.declaredBytes)}, all but the last byte sent)`,
    ['', 'value', 'target', 'met'],
    rows,
    [
      `the server for this section runs with TRUST_PROXY=127.0.0.1 and each socket sends its own X-Forwarded-For address (${figures.sockets} distinct), so the cap of OPEN_BODIES_PER_ADDRESS per address refuses none: the worst case`,
      `reads: ${HELD_BODIES.readClients} clients fetching ${HELD_BODIES.readPaths.join(' and ')} in turn for ${HELD_BODIES.readSeconds} s, first with nothing held, then while the sockets are held (well within their body deadline)`,
      `RSS sampled every 50 ms (${figures.samples} samples) from the first connection to the end of the reads; then every socket is closed`,
    ],
  )
}

export function workerBudgetsTable(figures: WorkerBudgetFigures): string {
  const rows = figures.pdfs.flatMap((pdf) => [
    [`${pdf.name} (${mb(pdf.bytes)}): status`, String(pdf.status), '4xx', mark(pdf.status >= 400 && pdf.status < 500)],
    ['  refused after', seconds(pdf.refusedMs), `≤ ${seconds(TARGETS.hostilePdfRefusedMs)}`, mark(pdf.refusedMs <= TARGETS.hostilePdfRefusedMs)],
    [
      '  peak RSS (server and its child processes)',
      `${mb(pdf.peakRssBytes)}${pdf.serverPeakRssBytes === null ? '' : `, the server's own ${mb(pdf.serverPeakRssBytes)}`}, ${pdf.peakProcesses} processes at most`,
      `≤ ${mb(TARGETS.hostilePdfRssBytes)}`,
      mark(pdf.peakRssBytes <= TARGETS.hostilePdfRssBytes),
    ],
    [
      "  a visitor's picture meanwhile, worst",
      `${ms(pdf.pictureWorstMs)} (${pdf.pictureRequests} requests, ${pdf.pictureFailures} not 200)`,
      `each ≤ ${ms(TARGETS.pictureDuringPdfMs)}`,
      mark(pdf.pictureWorstMs <= TARGETS.pictureDuringPdfMs && pdf.pictureFailures === 0),
    ],
  ])
  return table('8. Hostile menus through the file worker (POST /api/upload-pdf as the owner, business_id 1)', ['', 'value', 'target', 'met'], rows, [
    `the visitor's picture: ${figures.picture} (a copy the public gallery lists), fetched one request after another, 50 ms apart, while the upload runs`,
    'RSS sampled every 50 ms from sending the upload to its reply',
    ...figures.pdfs.map((pdf) => `${pdf.name}: "${pdf.reply}"`),
  ])
}

function heldBodiesChecks(held: HeldBodiesFigures | undefined): Check[] {
  const sockets = `${HELD_BODIES.sockets} held anonymous contact bodies (distinct addresses)`
  return [
    {
      target: `peak RSS with ${sockets} ≤ ${mb(TARGETS.heldBodiesRssBytes)}`,
      figure: held ? `${mb(held.peakRssBytes)}; ${held.openAtStart} held at once, early replies: ${early(held)}` : NOT_MEASURED,
      met: held && held.peakRssBytes <= TARGETS.heldBodiesRssBytes,
    },
    {
      target: `public reads with ${sockets} ≥ ${percent(TARGETS.heldBodiesReadShare)} of idle`,
      figure: held
        ? `${percent(held.readShare)} (${Math.round(held.held.requestsPerSecond)} of ${Math.round(held.idle.requestsPerSecond)} req/s)`
        : NOT_MEASURED,
      met: held && held.readShare >= TARGETS.heldBodiesReadShare,
    },
  ]
}

function workerBudgetChecks(budgets: WorkerBudgetFigures | undefined): Check[] {
  const hostile = 'each hostile menu (20,000 pages; 600 MB inflating)'
  const pdfs = budgets?.pdfs ?? []
  const all = (ok: (pdf: WorkerBudgetFigures['pdfs'][number]) => boolean) => (budgets ? pdfs.every(ok) : undefined)
  const list = (figure: (pdf: WorkerBudgetFigures['pdfs'][number]) => string) => (budgets ? pdfs.map(figure).join('; ') : NOT_MEASURED)
  return [
    {
      target: `${hostile} refused (4xx) within ${seconds(TARGETS.hostilePdfRefusedMs)}`,
      figure: list((pdf) => `${pdf.status} after ${seconds(pdf.refusedMs)}`),
      met: all((pdf) => pdf.status >= 400 && pdf.status < 500 && pdf.refusedMs <= TARGETS.hostilePdfRefusedMs),
    },
    {
      target: `peak RSS while ${hostile} is read ≤ ${mb(TARGETS.hostilePdfRssBytes)}`,
      figure: list((pdf) => mb(pdf.peakRssBytes)),
      met: all((pdf) => pdf.peakRssBytes <= TARGETS.hostilePdfRssBytes),
    },
    {
      target: `a visitor's picture while ${hostile} is read: each ≤ ${ms(TARGETS.pictureDuringPdfMs)}`,
      figure: list((pdf) => `worst ${ms(pdf.pictureWorstMs)} of ${pdf.pictureRequests}${pdf.pictureFailures ? `, ${pdf.pictureFailures} not 200` : ''}`),
      met: all((pdf) => pdf.pictureWorstMs <= TARGETS.pictureDuringPdfMs && pdf.pictureFailures === 0),
    },
  ]
}

/** The targets of sections 7 and 8, for the checklist. */
export function attackChecks(held: HeldBodiesFigures | undefined, budgets: WorkerBudgetFigures | undefined): Check[] {
  return [...heldBodiesChecks(held), ...workerBudgetChecks(budgets)]
}
