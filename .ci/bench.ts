/**
 * `npm run bench`: builds the web app, starts the real server on a temp DATA_DIR with the demo content
 * and prints, beside its targets (.ci/bench/targets.ts): the JS and CSS of
 * the first render, a first and a repeat visit in Chromium, Lighthouse (worst run and median), the API
 * under load against a bare Bun.serve, start-up time and memory, memory while staff upload 20 photos at
 * once, 1,000 sockets holding contact messages open, hostile menus through the file worker; then every target with its figure and ✔/✘. Figures also go to a JSON file. Exits
 * non-zero only when something could not be measured — a missed target is reported, not an error.
 *
 *   bun .ci/bench.ts --help
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { measureAssets } from './bench/assets'
import { measureVisits, type BrowserFigures } from './bench/browser'
import { measureLighthouse, type LighthouseFigures } from './bench/lighthouse'
import { measurePeer, type PeerComparison } from './bench/peer'
import { firstTapChecks, firstTapTable, measureFirstTap, type FirstTapFigures } from './bench/first-tap'
import { peerChecks, peerTable } from './bench/tables-peer'
import { measureLoad, type EndpointFigures } from './bench/load'
import { freePort, run, stop, tempDir } from './bench/processes'
import { seconds } from './bench/report'
import { parseOptions } from './bench/options'
import { HELD_BODIES, TARGETS, UPLOADS, WORDPRESS } from './bench/targets'
import { assetsTable, browserTable, lighthouseTable } from './bench/tables-visits'
import { loadTable, serverTable, uploadTable } from './bench/tables-server'
import { startServer, waitForBackgroundWork, waitForImageVariants, type BackgroundWait, type RunningServer, type VariantWait } from './bench/server'
import { measureUploads, type UploadFigures } from './bench/upload'
import { measureHeldBodies, type HeldBodiesFigures } from './bench/held-bodies'
import { measureWorkerBudgets, type WorkerBudgetFigures } from './bench/worker-budgets'
import { attackChecks, heldBodiesTable, workerBudgetsTable } from './bench/tables-attacks'
import { checklistTable, issue17Checks, lighthouseCoverage } from './bench/checklist'
import { CHROMIUM_PATH } from '../web/e2e/harness'
import { DEMO_ADMIN } from '../api/src/app'
import { generatePassword } from '../api/src/auth/password-policy'

const root = join(import.meta.dir, '..')

// Three API reads, and three public pages as the server sends them: rendered with current data and
// kept per data version, so a request is a lookup in the render cache (the aim: no dearer than a file).
const LOAD_PATHS = ['/api/opening-times', '/api/events', '/api/gallery/generic', '/', '/contact', '/events']
const CONNECTIONS = 50

const options = parseOptions(process.argv.slice(2))
const wanted = options.sections
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
  options: { ...options, sections: [...options.sections] },
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
const assets = wanted.has('assets') ? await measure('1. JS and CSS of the first render', () => measureAssets(distDir!)) : undefined

// --- the server: a first start seeds the demo content, a restart is the cold start --------------------
const dataDir = tempDir('data')
const port = await freePort()
const logPath = join(resultsDir, 'server.log')
let server: RunningServer | undefined
// No demo account in production: the owner's account, made at the first start, with a fresh password.
const owner = { username: DEMO_ADMIN.username, password: generatePassword() }
const serverOptions = { distDir: distDir!, dataDir, port, logPath, env: { ADMIN_USERNAME: owner.username, ADMIN_PASSWORD: owner.password } }
const firstStart = await measure('server first start (seeding demo content)', async () => {
  const first = await startServer(serverOptions)
  await stop(first.process)
  return first.startMs
})
const coldStart = await measure('server cold start', async () => {
  server = await startServer(serverOptions)
  return server.startMs
})

let variants: VariantWait | undefined
let background: BackgroundWait | undefined
let browser: BrowserFigures | undefined
const lighthouse: LighthouseFigures[] = []
const peer: PeerComparison[] = []
let load: EndpointFigures[] | undefined
let upload: UploadFigures | undefined
let heldBodies: HeldBodiesFigures | undefined
let workerBudgets: WorkerBudgetFigures | undefined
let firstTap: FirstTapFigures[] | undefined
if (server) {
  const origin = server.url
  const serverPid = server.process.pid
  variants = await measure('waiting for image variants', () => waitForImageVariants(origin))
  if (wanted.has('visits')) browser = await measure('2. first and repeat visit in Chromium', () => measureVisits(origin))
  for (const route of wanted.has('lighthouse') ? options.routes : []) {
    // With a peer, its alternating runs are the Lighthouse section too (our side's reports feed the usual table).
    if (options.peer) {
      const compared = await measure(`3. Lighthouse ${route} beside ${options.peer} (${options.runs}×)`, () =>
        measurePeer(origin, options.peer!, route, options.runs, resultsDir),
      )
      if (compared) peer.push(compared)
      if (compared) lighthouse.push(compared.ours)
      continue
    }
    const figures = await measure(`3. Lighthouse ${route} (${options.runs}×)`, () => measureLighthouse(origin, route, options.runs, resultsDir))
    if (figures) lighthouse.push(figures)
  }
  if (wanted.has('first-tap'))
    firstTap = await measure('9. before the first action, and the first tap (4× CPU)', () => measureFirstTap(origin, options.routes, options.runs))
  if (wanted.has('load')) background = await measure("waiting for the start's background work", () => waitForBackgroundWork(serverPid))
  if (wanted.has('load'))
    load = await measure(`4. API load (${CONNECTIONS} connections, ${options.durationSeconds} s per run)`, () =>
      measureLoad({ origin, serverPid, paths: LOAD_PATHS, connections: CONNECTIONS, durationSeconds: options.durationSeconds, workDir: work }),
    )
  // Before the uploads: its menus are refused, so nothing changes, and its visitor's picture is the start's.
  if (wanted.has('worker-budgets'))
    workerBudgets = await measure('8. hostile menus through the file worker', () =>
      measureWorkerBudgets({ origin, serverPid, ...owner, progress: (message) => progress(`8. ${message}`) }),
    )
  // Last: it adds pictures to the Stay gallery, which the sections above must not see.
  if (wanted.has('upload'))
    upload = await measure(`6. ${UPLOADS.count} staff uploads at once`, () =>
      measureUploads({ origin, serverPid, dataDir, ...owner, ...UPLOADS, progress: (message) => progress(`6. ${message}`) }),
    )
  await stop(server.process)
}

// --- 7. held bodies, on a server of its own that believes X-Forwarded-For from 127.0.0.1 -------------------
if (server && wanted.has('held-bodies'))
  heldBodies = await measure(`7. ${HELD_BODIES.sockets} held anonymous contact bodies`, async () => {
    const proxied = await startServer({ ...serverOptions, env: { ...serverOptions.env, TRUST_PROXY: '127.0.0.1' } })
    try {
      await waitForBackgroundWork(proxied.process.pid)
      return await measureHeldBodies({
        origin: proxied.url,
        port,
        serverPid: proxied.process.pid,
        ...HELD_BODIES,
        progress: (message) => progress(`7. ${message}`),
      })
    } finally {
      await stop(proxied.process)
    }
  })

// --- report ---------------------------------------------------------------------------------------
const out: string[] = []
// Other work on the machine skews every figure; the load averages say how busy it was.
const loadAverageAtEnd = loadavg().map((n) => Math.round(n * 100) / 100)
out.push(
  `Benchmark ${environment.date} — ${environment.cpus} CPUs, load average ${environment.loadAverageAtStart.join(' ')} at start, ${loadAverageAtEnd.join(' ')} at end; ` +
    `Bun ${environment.bun}, Node ${environment.node}, ${environment.chromium}`,
)

if (assets) out.push(assetsTable(assets))
if (browser) out.push(browserTable(browser))
if (lighthouse.length) out.push(lighthouseTable(lighthouse, resultsDir))
if (peer.length) out.push(peerTable(peer, options.peer!, resultsDir))
if (firstTap) out.push(firstTapTable(firstTap))
if (load) out.push(loadTable(load, CONNECTIONS, options.durationSeconds))
out.push(serverTable({ firstStart, coldStart, load, variants, background }))
if (upload) out.push(uploadTable(upload))
if (heldBodies) out.push(heldBodiesTable(heldBodies))
if (workerBudgets) out.push(workerBudgetsTable(workerBudgets))
const checks = [
  ...issue17Checks({ browser, lighthouse, load, upload }),
  ...peerChecks(peer),
  ...firstTapChecks(firstTap ?? []),
  ...attackChecks(heldBodies, workerBudgets),
]
const coverage = lighthouseCoverage(lighthouse)
out.push(checklistTable(checks, coverage))

const resultsFile = join(resultsDir, 'bench.json')
writeFileSync(
  resultsFile,
  JSON.stringify(
    {
      environment: { ...environment, loadAverageAtEnd },
      targets: TARGETS,
      wordpress: WORDPRESS,
      /** Every target, its figure, and met: true, false, or null when not measured. */
      checks: checks.map((check) => ({ ...check, met: check.met ?? null })),
      lighthouseCoverage: coverage || 'complete',
      assets,
      browser,
      lighthouse,
      peer,
      load,
      server: { firstStartMs: firstStart, coldStartMs: coldStart, variants, background },
      upload,
      heldBodies,
      workerBudgets,
      problems,
    },
    null,
    2,
  ),
)
out.push('', `Figures: ${resultsFile}`)
if (problems.length) out.push('', 'Could not measure:', ...problems.map((p) => `  - ${p}`))
console.log(out.join('\n'))
process.exit(problems.length ? 1 : 0)
