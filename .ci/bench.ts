/**
 * `npm run bench`: builds the web app, starts the real server on a temp DATA_DIR with the demo content
 * and prints, beside the targets of issue 7: the JS and CSS of the first render, a first and a repeat
 * visit in Chromium, Lighthouse scores, the API under load against a bare Bun.serve, start-up time
 * and peak memory. Figures also go to a JSON file. Exits non-zero only when something could not be
 * measured — a missed target is reported, not an error.
 *
 *   bun .ci/bench.ts [--quick] [--duration=<s>] [--runs=<n>] [--routes=/,/eat] [--dist=<built dir>]
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { measureAssets, type AssetFigures } from './bench/assets'
import { measureVisits, type BrowserFigures, type Traffic } from './bench/browser'
import { measureLighthouse, type LighthouseFigures } from './bench/lighthouse'
import { measureLoad, type EndpointFigures } from './bench/load'
import { freePort, run, stop, tempDir } from './bench/processes'
import { kb, mb, met, ms, seconds, table } from './bench/report'
import { startServer, waitForImageVariants, type RunningServer, type VariantWait } from './bench/server'
import { CHROMIUM_PATH } from '../web/e2e/harness'

const root = join(import.meta.dir, '..')

const TARGETS = {
  firstRenderJsGzip: 90_000,
  firstRenderCssGzip: 15_000,
  firstVisitBytes: 400_000,
  repeatVisitBytes: 10_000,
  lighthouseScore: 100,
  lcpMs: 1200,
  fcpMs: 1000,
  cls: 0.01,
  tbtMs: 50,
  throughputRatio: 0.7,
  p99Ms: 20,
  peakRssBytes: 150_000_000,
}
/** The default-theme WordPress home page the issue compares against (Lighthouse 12 mobile, same kind of machine). */
const WORDPRESS = { performance: 100, seo: 92, lcpMs: 1220, fcpMs: 1040, tbtMs: 10, cls: 0, bytes: 420_000, requests: 19, jsBytes: 9_000 }

const LIGHTHOUSE_ROUTES = ['/', '/eat', '/events', '/stay', '/contact']
const LOAD_PATHS = ['/api/opening-times', '/api/events', '/api/gallery/generic']
const CONNECTIONS = 50

function parseOptions(argv: string[]) {
  const value = (name: string) => {
    const i = argv.findIndex((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`))
    if (i < 0) return undefined
    return argv[i]!.includes('=') ? argv[i]!.slice(name.length + 3) : argv[i + 1]
  }
  if (argv.includes('--help')) {
    console.log('bun .ci/bench.ts [--quick] [--duration=<seconds per load run>] [--runs=<Lighthouse runs per route>] [--routes=/,/eat] [--dist=<existing build>]')
    process.exit(0)
  }
  const quick = argv.includes('--quick')
  const positive = (raw: string | undefined, fallback: number, name: string) => {
    if (raw === undefined) return fallback
    const n = Number(raw)
    if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} must be a positive whole number, got '${raw}'`)
    return n
  }
  return {
    durationSeconds: positive(value('duration'), quick ? 3 : 10, 'duration'),
    runs: positive(value('runs'), 1, 'runs'),
    routes: value('routes')?.split(',').filter(Boolean) ?? (quick ? ['/'] : LIGHTHOUSE_ROUTES),
    dist: value('dist'),
  }
}

const options = parseOptions(process.argv.slice(2))
/** Kept after the run (unlike every other temp dir): the figures and Lighthouse's own reports. */
const resultsDir = mkdtempSync(join(tmpdir(), 'bench-results-'))
const work = tempDir('work')
const problems: string[] = []
const progress = (message: string) => console.error(`bench: ${message}`)

/** Runs one measurement; a failure is recorded and the benchmark carries on with the others. */
async function measure<T>(what: string, body: () => Promise<T> | T): Promise<T | undefined> {
  const started = performance.now()
  progress(`${what}…`)
  try {
    const result = await body()
    progress(`${what}: done in ${seconds(performance.now() - started)}`)
    return result
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    problems.push(`${what}: ${message}`)
    progress(`${what}: FAILED — ${message}`)
    return undefined
  }
}

async function versionOf(command: string, args: string[]): Promise<string> {
  return (await run(command, args).catch(() => 'unknown')).trim()
}

const environment = {
  date: new Date().toISOString(),
  cpus: cpus().length,
  loadAverageAtStart: loadavg().map((n) => Math.round(n * 100) / 100),
  bun: Bun.version,
  node: await versionOf('node', ['--version']),
  chromium: await versionOf(CHROMIUM_PATH, ['--version']),
  options,
}

// --- build --------------------------------------------------------------------------------------
let distDir = options.dist
if (!distDir) {
  distDir = tempDir('dist')
  const built = await measure('build', () =>
    // --manifest: the chunk graph of section 1 comes from Vite itself.
    run(join(root, 'node_modules/.bin/vite'), ['build', '--config', 'web/vite.config.ts', '--outDir', distDir!, '--emptyOutDir', '--manifest'], { cwd: root }),
  )
  if (built === undefined) {
    console.error(problems.join('\n'))
    process.exit(1)
  }
}

// --- 1. bundles -----------------------------------------------------------------------------------
const assets = await measure('1. JS and CSS of the first render', () => measureAssets(distDir!))

// --- the server: a first start seeds the demo content, a restart is the cold start --------------------
const dataDir = tempDir('data')
const port = await freePort()
const logPath = join(resultsDir, 'server.log')
let server: RunningServer | undefined
const firstStart = await measure('server first start (seeding demo content)', async () => {
  const first = await startServer({ distDir: distDir!, dataDir, port, logPath })
  await stop(first.process)
  return first.startMs
})
const coldStart = await measure('server cold start', async () => {
  server = await startServer({ distDir: distDir!, dataDir, port, logPath })
  return server.startMs
})

let variants: VariantWait | undefined
let browser: BrowserFigures | undefined
const lighthouse: LighthouseFigures[] = []
let load: EndpointFigures[] | undefined
if (server) {
  const origin = server.url
  variants = await measure('waiting for image variants', () => waitForImageVariants(origin))
  browser = await measure('2. first and repeat visit in Chromium', () => measureVisits(origin))
  for (const route of options.routes) {
    const figures = await measure(`3. Lighthouse ${route} (${options.runs}×)`, () => measureLighthouse(origin, route, options.runs, resultsDir))
    if (figures) lighthouse.push(figures)
  }
  const serverPid = server.process.pid
  load = await measure(`4. API load (${CONNECTIONS} connections, ${options.durationSeconds} s per run)`, () =>
    measureLoad({ origin, serverPid, paths: LOAD_PATHS, connections: CONNECTIONS, durationSeconds: options.durationSeconds, workDir: work }),
  )
  await stop(server.process)
}

// --- report ---------------------------------------------------------------------------------------
const out: string[] = []
// Other work on the machine skews every figure; the load averages say how busy it was.
const loadAverageAtEnd = loadavg().map((n) => Math.round(n * 100) / 100)
out.push(
  `Benchmark ${environment.date} — ${environment.cpus} CPUs, load average ${environment.loadAverageAtStart.join(' ')} at start, ${loadAverageAtEnd.join(' ')} at end; ` +
    `Bun ${environment.bun}, Node ${environment.node}, ${environment.chromium}`,
)

function assetsTable(figures: AssetFigures): string {
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
      ['admin or pdf.js in first render', String(figures.privateCodeInFirstRender.length), '', '', '', 'none', met(figures.privateCodeInFirstRender.length === 0)],
    ],
    [
      `first render loads: ${[...figures.firstRenderJs.files, ...figures.firstRenderCss.files].join(', ') || 'nothing'}`,
      `inline in index.html: ${kb(figures.html.inlineStyleBytes)} CSS, ${kb(figures.html.inlineScriptBytes)} JS (counted in the HTML row)`,
      `chunk graph from ${figures.usedViteManifest ? "Vite's manifest" : 'the static imports in the chunks'}; WordPress: ${kb(WORDPRESS.jsBytes)} of JS`,
    ],
  )
}

function browserTable(figures: BrowserFigures): string {
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

function lighthouseTable(results: LighthouseFigures[]): string {
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
  rows.push(['WordPress (/)', String(WORDPRESS.performance), '', '', String(WORDPRESS.seo), seconds(WORDPRESS.lcpMs), seconds(WORDPRESS.fcpMs), String(WORDPRESS.cls), ms(WORDPRESS.tbtMs)])
  const runs = results[0]?.runs ?? options.runs
  return table(
    `3. Lighthouse 12, mobile, default simulated throttling (${runs === 1 ? '1 run' : `median of ${runs} runs`} per route)`,
    ['route', 'Perf', 'A11y', 'BP', 'SEO', 'LCP', 'FCP', 'CLS', 'TBT'],
    rows,
    [
      '* = target missed',
      ...results.filter((r) => r.failedAudits.length).map((r) => `${r.route} fails: ${r.failedAudits.join('; ')}`),
      ...results.filter((r) => r.consoleErrors.length).map((r) => `${r.route} console: ${r.consoleErrors.slice(0, 3).join(' | ')}`),
      `Lighthouse reports: ${resultsDir}`,
    ],
  )
}

function loadTable(results: EndpointFigures[]): string {
  const mark = (text: string, ok: boolean) => (ok ? text : `${text}*`)
  const rows = results.map((r) => [
    r.path,
    `${kb(r.replyBytes)}${r.contentEncoding ? ` ${r.contentEncoding}` : ''}`,
    Math.round(r.server.requestsPerSecond).toString(),
    ms(r.server.p50Ms),
    mark(ms(r.server.p99Ms), r.server.p99Ms <= TARGETS.p99Ms),
    Math.round(r.bare.requestsPerSecond).toString(),
    ms(r.bare.p50Ms),
    ms(r.bare.p99Ms),
    mark(`${Math.round(r.ratio * 100)} %`, r.ratio >= TARGETS.throughputRatio),
  ])
  rows.push(['target', '', '', '', `≤ ${ms(TARGETS.p99Ms)}`, '', '', '', `≥ ${TARGETS.throughputRatio * 100} %`])
  const troubled = results.flatMap((r) =>
    (['server', 'bare'] as const)
      .filter((which) => r[which].non2xx || r[which].errors)
      .map((which) => `${r.path} (${which}): ${r[which].non2xx} non-2xx replies, ${r[which].errors} errors/timeouts — figures suspect`),
  )
  return table(
    `4. API under load: autocannon, ${CONNECTIONS} connections, ${options.durationSeconds} s per run, Accept-Encoding gzip/br; the real server vs a bare Bun.serve sending the same bytes`,
    ['endpoint', 'reply', 'req/s', 'p50', 'p99', 'bare req/s', 'bare p50', 'bare p99', 'ratio'],
    rows,
    ['* = target missed; the server runs with NODE_ENV=production (one request log line per request, to a file)', ...troubled],
  )
}

function serverTable(): string {
  const peak = load?.length ? Math.max(...load.map((r) => r.peakRssBytes)) : undefined
  const rows: string[][] = [
    ['first start (empty DATA_DIR, seeds demo content)', firstStart === undefined ? 'not measured' : ms(firstStart), '', ''],
    ['cold start (spawn to first 200 of /api/health)', coldStart === undefined ? 'not measured' : ms(coldStart), '', ''],
    ['peak RSS under load', peak === undefined ? 'not measured' : mb(peak), `≤ ${mb(TARGETS.peakRssBytes)}`, peak === undefined ? '' : met(peak <= TARGETS.peakRssBytes)],
    [
      'image variants ready',
      !variants ? 'not measured' : variants.state === 'none' ? 'API lists none' : `${variants.state} (${variants.variants}) after ${seconds(variants.waitedMs)}`,
      '',
      '',
    ],
  ]
  return table('5. Server start and memory', ['', 'value', 'target', 'met'], rows, ['peak RSS: the kernel high-water mark (VmHWM), reset before the load, and RSS sampled every 200 ms'])
}

if (assets) out.push(assetsTable(assets))
if (browser) out.push(browserTable(browser))
if (lighthouse.length) out.push(lighthouseTable(lighthouse))
if (load) out.push(loadTable(load))
out.push(serverTable())

const resultsFile = join(resultsDir, 'bench.json')
writeFileSync(
  resultsFile,
  JSON.stringify({ environment: { ...environment, loadAverageAtEnd }, targets: TARGETS, wordpress: WORDPRESS, assets, browser, lighthouse, load, server: { firstStartMs: firstStart, coldStartMs: coldStart, variants }, problems }, null, 2),
)
out.push('', `Figures: ${resultsFile}`)
if (problems.length) out.push('', 'Could not measure:', ...problems.map((p) => `  - ${p}`))
console.log(out.join('\n'))
process.exit(problems.length ? 1 : 0)
