/** Sections 1–3 of the report: what the first render downloads, a first and a repeat visit, Lighthouse. */
import type { AssetFigures } from './assets'
import type { BrowserFigures, Traffic } from './browser'
import type { LighthouseFigures } from './lighthouse'
import { kb, table } from './report'
import { TARGETS, WORDPRESS } from './targets'
import { mark, meets, RUN_METRICS, type RunFigures } from './verdict'

export function assetsTable(figures: AssetFigures): string {
  const row = (label: string, group: { files: string[]; raw: number; gzip: number; brotli: number }, target = '', ok?: boolean) => [
    label,
    String(group.files.length),
    kb(group.raw),
    kb(group.gzip),
    kb(group.brotli),
    target,
    mark(ok),
  ]
  const largest = figures.largestPublicChunk.files[0] ?? 'none'
  return table(
    '1. JS and CSS needed for the first render of / (build output)',
    ['', 'files', 'raw', 'gzip', 'brotli', 'target', 'met'],
    [
      row('JS, first render', figures.firstRenderJs, `≤ ${kb(TARGETS.firstRenderJsGzip)} gzip`, figures.firstRenderJs.gzip <= TARGETS.firstRenderJsGzip),
      row('CSS, first render', figures.firstRenderCss, `≤ ${kb(TARGETS.firstRenderCssGzip)} gzip`, figures.firstRenderCss.gzip <= TARGETS.firstRenderCssGzip),
      row('HTML of / (index.html)', { ...figures.html, files: ['index.html'] }),
      row(`largest public chunk (${largest})`, figures.largestPublicChunk),
      row('admin chunks (Admin*)', figures.adminChunks),
      row('pdf.js chunks (menus only)', figures.pdfChunks),
      [
        'admin or pdf.js in first render',
        String(figures.privateCodeInFirstRender.length),
        '',
        '',
        '',
        'none',
        mark(figures.privateCodeInFirstRender.length === 0),
      ],
    ],
    [
      `first render loads: ${[...figures.firstRenderJs.files, ...figures.firstRenderCss.files].join(', ') || 'nothing'}`,
      `inline in index.html: ${kb(figures.html.inlineStyleBytes)} CSS, ${kb(figures.html.inlineScriptBytes)} JS (counted in the HTML row)`,
      `chunk graph from ${figures.usedViteManifest ? "Vite's manifest" : 'the static imports in the chunks'}; WordPress: ${kb(WORDPRESS.jsBytes)} of JS`,
    ],
  )
}

export function browserTable(figures: BrowserFigures): string {
  const row = (label: string, traffic: Traffic, target = '', ok?: boolean) => [
    label,
    String(traffic.requests),
    String(traffic.servedByServiceWorker),
    String(traffic.networkRequests),
    kb(traffic.networkBytes),
    target,
    mark(ok),
  ]
  const { firstVisit: first, repeatVisit: repeat } = figures
  return table(
    '2. Visits of / in Chromium at 390×844 (same-origin requests; bytes from the network, headers included)',
    ['', 'requests', 'by SW', 'network', 'transferred', 'target', 'met'],
    [
      row('first visit: page', first.page, `≤ ${kb(TARGETS.firstVisitPageBytes)}`, first.page.networkBytes <= TARGETS.firstVisitPageBytes),
      row('first visit: service worker', first.serviceWorker),
      row('first visit: total', first.total, `≤ ${kb(TARGETS.firstVisitTotalBytes)}`, first.total.networkBytes <= TARGETS.firstVisitTotalBytes),
      row('repeat visit: page', repeat.page),
      row('repeat visit: service worker', repeat.serviceWorker),
      row('repeat visit: total', repeat.total, `≤ ${kb(TARGETS.repeatVisitBytes)}`, repeat.total.networkBytes <= TARGETS.repeatVisitBytes),
    ],
    [
      `service worker ${figures.serviceWorkerActivated ? 'activated and controlling the page before the repeat visit' : 'NOT activated within 30 s'}; ` +
        `"by SW": page requests the service worker answered; the service worker rows are its own fetches (precache, pictures saved ahead, API refreshes)`,
      `third-party requests (not counted; no internet for them here): ${figures.thirdPartyRequests}; WordPress first visit: ${kb(WORDPRESS.bytes)} in ${WORDPRESS.requests} requests`,
      `repeat visit from the network: ${repeat.total.network.map((n) => `${n.path} ${kb(n.bytes)}`).join(', ') || 'nothing'}`,
    ],
  )
}

/** How each Lighthouse figure is printed in the table (units in the header) and its target. */
const COLUMNS: Array<{ metric: keyof RunFigures; header: string; format: (n: number) => string; target: number; targetText: string }> = [
  { metric: 'performance', header: 'Perf', format: String, target: TARGETS.lighthouseScore, targetText: '100' },
  { metric: 'accessibility', header: 'A11y', format: String, target: TARGETS.lighthouseScore, targetText: '100' },
  { metric: 'bestPractices', header: 'BP', format: String, target: TARGETS.lighthouseScore, targetText: '100' },
  { metric: 'seo', header: 'SEO', format: String, target: TARGETS.lighthouseScore, targetText: '100' },
  { metric: 'fcpMs', header: 'FCP s', format: (n) => (n / 1000).toFixed(2), target: TARGETS.fcpMs, targetText: `≤ ${(TARGETS.fcpMs / 1000).toFixed(2)}` },
  { metric: 'lcpMs', header: 'LCP s', format: (n) => (n / 1000).toFixed(2), target: TARGETS.lcpMs, targetText: `≤ ${(TARGETS.lcpMs / 1000).toFixed(2)}` },
  { metric: 'tbtMs', header: 'TBT ms', format: (n) => String(Math.round(n)), target: TARGETS.tbtMs, targetText: `≤ ${TARGETS.tbtMs}` },
  { metric: 'cls', header: 'CLS', format: (n) => n.toFixed(3), target: TARGETS.cls, targetText: String(TARGETS.cls) },
]

/** `reportsDir`: where Lighthouse's own reports were written. */
export function lighthouseTable(results: LighthouseFigures[], reportsDir: string): string {
  const runs = Math.max(...results.map((r) => r.runs.length))
  const rows = results.map((r) => [
    r.route,
    ...COLUMNS.map(({ metric, format, target }) => {
      const worst = r.worst[metric]
      const text = r.runs.length > 1 ? `${format(worst)} / ${format(r.median[metric])}` : format(worst)
      return `${text} ${mark(meets(worst, target, RUN_METRICS[metric]))}`
    }),
  ])
  rows.push(['target', ...COLUMNS.map((c) => c.targetText)])
  const wordpress: Record<keyof RunFigures, number | undefined> = {
    performance: WORDPRESS.performance,
    accessibility: undefined,
    bestPractices: undefined,
    seo: WORDPRESS.seo,
    fcpMs: WORDPRESS.fcpMs,
    lcpMs: WORDPRESS.lcpMs,
    tbtMs: WORDPRESS.tbtMs,
    cls: WORDPRESS.cls,
  }
  rows.push(['WordPress (/)', ...COLUMNS.map(({ metric, format }) => (wordpress[metric] === undefined ? '' : format(wordpress[metric])))])
  const perRun = (r: LighthouseFigures) =>
    `${r.route} per run: Perf ${r.runs.map((run) => run.performance).join(', ')}; TBT ${r.runs.map((run) => Math.round(run.tbtMs)).join(', ')} ms`
  return table(
    `3. Lighthouse 12, mobile, default simulated throttling (${runs === 1 ? '1 run' : `${runs} runs`} per route${runs > 1 ? ': worst run / median' : ''})`,
    ['route', ...COLUMNS.map((c) => c.header)],
    rows,
    [
      `✔/✘: whether the worst run meets the target (every run is held to it); WordPress: the worst of three runs`,
      ...(runs > 1 ? results.map(perRun) : []),
      ...results.filter((r) => r.reruns).map((r) => `${r.route}: ${r.reruns} run(s) made again, Lighthouse having failed to record them`),
      ...results.filter((r) => r.failedAudits.length).map((r) => `${r.route} fails: ${r.failedAudits.join('; ')}`),
      ...results.filter((r) => r.consoleErrors.length).map((r) => `${r.route} console: ${r.consoleErrors.slice(0, 3).join(' | ')}`),
      `Lighthouse reports: ${reportsDir}`,
    ],
  )
}
