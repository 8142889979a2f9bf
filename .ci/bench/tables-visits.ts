/** Sections 1–3 of the report: what the first render downloads, a first and a repeat visit, Lighthouse. */
import type { AssetFigures } from './assets'
import type { BrowserFigures, Traffic } from './browser'
import type { LighthouseFigures } from './lighthouse'
import { kb, met, ms, seconds, table } from './report'
import { TARGETS, WORDPRESS } from './targets'

export function assetsTable(figures: AssetFigures): string {
  const row = (label: string, group: { files: string[]; raw: number; gzip: number; brotli: number }, target = '', ok?: boolean) => [
    label,
    String(group.files.length),
    kb(group.raw),
    kb(group.gzip),
    kb(group.brotli),
    target,
    met(ok),
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
        met(figures.privateCodeInFirstRender.length === 0),
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
    met(ok),
  ]
  const { firstVisit: first, repeatVisit: repeat } = figures
  return table(
    '2. Visits of / in Chromium at 390×844 (same-origin requests; bytes from the network, headers included)',
    ['', 'requests', 'by SW', 'network', 'transferred', 'target', 'met'],
    [
      row('first visit: page', first.page, `≤ ${kb(TARGETS.firstVisitBytes)}`, first.page.networkBytes <= TARGETS.firstVisitBytes),
      row('first visit: service worker', first.serviceWorker),
      row('first visit: total', first.total, `≤ ${kb(TARGETS.firstVisitBytes)}`, first.total.networkBytes <= TARGETS.firstVisitBytes),
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

/** `runs`: Lighthouse runs per route asked for; `reportsDir`: where Lighthouse's own reports were written. */
export function lighthouseTable(results: LighthouseFigures[], runsAsked: number, reportsDir: string): string {
  const mark = (text: string, ok: boolean) => (ok ? text : `${text}*`)
  const scoreCell = (value: number) => mark(String(value), value >= TARGETS.lighthouseScore)
  const rows = results.map((r) => [
    r.route,
    scoreCell(r.performance),
    scoreCell(r.accessibility),
    scoreCell(r.bestPractices),
    scoreCell(r.seo),
    mark(seconds(r.lcpMs), r.lcpMs <= TARGETS.lcpMs),
    mark(seconds(r.fcpMs), r.fcpMs <= TARGETS.fcpMs),
    mark(r.cls.toFixed(3), r.cls <= TARGETS.cls),
    mark(ms(r.tbtMs), r.tbtMs <= TARGETS.tbtMs),
  ])
  const t = TARGETS
  rows.push(['target', '100', '100', '100', '100', `≤ ${seconds(t.lcpMs)}`, `≤ ${seconds(t.fcpMs)}`, `≤ ${t.cls}`, `≤ ${ms(t.tbtMs)}`])
  rows.push([
    'WordPress (/)',
    String(WORDPRESS.performance),
    '',
    '',
    String(WORDPRESS.seo),
    seconds(WORDPRESS.lcpMs),
    seconds(WORDPRESS.fcpMs),
    String(WORDPRESS.cls),
    ms(WORDPRESS.tbtMs),
  ])
  const runs = results[0]?.runs ?? runsAsked
  return table(
    `3. Lighthouse 12, mobile, default simulated throttling (${runs === 1 ? '1 run' : `median of ${runs} runs`} per route)`,
    ['route', 'Perf', 'A11y', 'BP', 'SEO', 'LCP', 'FCP', 'CLS', 'TBT'],
    rows,
    [
      '* = target missed',
      ...results.filter((r) => r.failedAudits.length).map((r) => `${r.route} fails: ${r.failedAudits.join('; ')}`),
      ...results.filter((r) => r.consoleErrors.length).map((r) => `${r.route} console: ${r.consoleErrors.slice(0, 3).join(' | ')}`),
      `Lighthouse reports: ${reportsDir}`,
    ],
  )
}
