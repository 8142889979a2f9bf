/**
 * The summary: every target, the figure measured for it (for Lighthouse the worst run, with
 * its median) and ✔/✘. Also what the bench did not measure, said as such.
 */
import type { BrowserFigures } from './browser'
import type { LighthouseFigures } from './lighthouse'
import type { EndpointFigures } from './load'
import { kb, mb, ms, seconds, table } from './report'
import { readLoadPeak } from './tables-server'
import { API_READS, LIGHTHOUSE_ROUTES, TARGETS, UPLOADS } from './targets'
import type { UploadFigures } from './upload'
import { type Check, mark, meets, RUN_METRICS, type RunFigures, worstRoute } from './verdict'

export interface Measured {
  browser: BrowserFigures | undefined
  lighthouse: LighthouseFigures[]
  load: EndpointFigures[] | undefined
  upload: UploadFigures | undefined
}

const NOT_MEASURED = 'not measured'
const LIGHTHOUSE_TARGETS: Array<{ metric: keyof RunFigures; label: string; target: number; format: (n: number) => string }> = [
  { metric: 'performance', label: 'Performance 100', target: TARGETS.lighthouseScore, format: String },
  { metric: 'fcpMs', label: `FCP ≤ ${seconds(TARGETS.fcpMs)}`, target: TARGETS.fcpMs, format: seconds },
  { metric: 'lcpMs', label: `LCP ≤ ${seconds(TARGETS.lcpMs)}`, target: TARGETS.lcpMs, format: seconds },
  { metric: 'tbtMs', label: `TBT ≤ ${ms(TARGETS.tbtMs)}`, target: TARGETS.tbtMs, format: ms },
  { metric: 'cls', label: `CLS ${TARGETS.cls}`, target: TARGETS.cls, format: (n) => n.toFixed(3) },
  { metric: 'bestPractices', label: 'Best Practices 100 (/stay too)', target: TARGETS.lighthouseScore, format: String },
  { metric: 'accessibility', label: 'Accessibility 100', target: TARGETS.lighthouseScore, format: String },
  { metric: 'seo', label: 'SEO 100', target: TARGETS.lighthouseScore, format: String },
]

/** What a partial run (--routes, --runs, --quick) left out of the Lighthouse targets, or ''. */
export function lighthouseCoverage(results: LighthouseFigures[]): string {
  const missing = LIGHTHOUSE_ROUTES.filter((route) => !results.some((r) => r.route === route))
  const fewestRuns = Math.min(...results.map((r) => r.runs.length))
  const gaps = [
    ...(missing.length ? [`not run on ${missing.join(', ')}`] : []),
    ...(fewestRuns < 3 ? [`${fewestRuns} run${fewestRuns === 1 ? '' : 's'} per route, not 3`] : []),
  ]
  return gaps.join('; ')
}

function lighthouseChecks(results: LighthouseFigures[]): Check[] {
  return LIGHTHOUSE_TARGETS.map(({ metric, label, target, format }) => {
    const worst = worstRoute(results, metric)
    const text = `Lighthouse ${label}, every route, every run`
    if (!worst) return { target: text, figure: NOT_MEASURED, met: undefined }
    const ok = meets(worst.worst, target, RUN_METRICS[metric])
    const where = results.length > 1 ? ` on ${worst.route}` : ''
    return { target: text, figure: `worst ${format(worst.worst)}${where}, median ${format(worst.median)}`, met: ok }
  })
}

function visitChecks(browser: BrowserFigures | undefined): Check[] {
  const page = browser?.firstVisit.page
  const total = browser?.firstVisit.total
  return [
    {
      target: `first visit of / at 390 px: the page ≤ ${kb(TARGETS.firstVisitPageBytes)}`,
      figure: page ? `${kb(page.networkBytes)} in ${page.networkRequests} requests` : NOT_MEASURED,
      met: page && page.networkBytes <= TARGETS.firstVisitPageBytes,
    },
    {
      target: `first visit with what the service worker saves ≤ ${kb(TARGETS.firstVisitTotalBytes)}`,
      figure: total ? `${kb(total.networkBytes)} in ${total.networkRequests} requests` : NOT_MEASURED,
      met: total && total.networkBytes <= TARGETS.firstVisitTotalBytes,
    },
  ]
}

function loadChecks(load: EndpointFigures[] | undefined): Check[] {
  const reads = API_READS.map((path) => {
    const r = load?.find((figures) => figures.path === path)
    return {
      target: `${path} ≥ ${TARGETS.throughputRatio * 100} % of a bare Bun.serve, p99 ≤ ${ms(TARGETS.apiP99Ms)} at 50 connections`,
      figure: r ? `${Math.round(r.ratio * 100)} %, p99 ${ms(r.server.p99Ms)}` : NOT_MEASURED,
      met: r && r.ratio >= TARGETS.throughputRatio && r.server.p99Ms <= TARGETS.apiP99Ms,
    }
  })
  const peak = readLoadPeak(load)
  return [
    ...reads,
    {
      target: `RSS under the read load ≤ ${mb(TARGETS.readLoadRssBytes)}`,
      figure: peak === undefined ? NOT_MEASURED : `peak ${mb(peak)}`,
      met: peak === undefined ? undefined : peak <= TARGETS.readLoadRssBytes,
    },
  ]
}

function uploadCheck(upload: UploadFigures | undefined): Check {
  const target = `peak RSS while staff upload ${UPLOADS.count} images of 8 MB at once ≤ ${mb(TARGETS.uploadPeakRssBytes)}`
  if (!upload) return { target, figure: NOT_MEASURED, met: undefined }
  const done = upload.variantsMs === null ? 'variants unfinished' : `variants done in ${seconds(upload.variantsMs)}`
  return {
    target,
    figure: `${mb(upload.peakRssBytes)}; replies in ${seconds(upload.repliesMs)}, ${done}`,
    met: upload.peakRssBytes <= TARGETS.uploadPeakRssBytes,
  }
}

export function issue17Checks(measured: Measured): Check[] {
  return [
    ...lighthouseChecks(measured.lighthouse),
    ...visitChecks(measured.browser),
    ...loadChecks(measured.load),
    uploadCheck(measured.upload),
    {
      target: `npm test from a clean clone ≤ ${TARGETS.testSuiteMinutes} min`,
      figure: 'not measured by the bench (it cannot run the suite): time `npm test`',
      met: undefined,
    },
  ]
}

export function checklistTable(checks: Check[], coverage: string): string {
  return table(
    'Targets (Lighthouse: the worst run, its median beside it)',
    ['target', 'figure', 'met'],
    checks.map((check) => [check.target, check.figure, mark(check.met)]),
    [
      `${checks.filter((c) => c.met === true).length} met, ${checks.filter((c) => c.met === false).length} missed, ${checks.filter((c) => c.met === undefined).length} not measured (–)`,
      ...(coverage ? [`Lighthouse partial: ${coverage}`] : []),
    ],
    2,
  )
}
