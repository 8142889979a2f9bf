/**
 * The whole test suite, as `npm test` runs it, in two steps of two lanes side by side: first the static
 * checks (type check, lint and format, layer rules, file sizes, function lengths, import cycles and
 * directions) beside the production build and the demo-data seed; then the unit lane (web component
 * tests with the happy-dom preload, kept out of the API run, then the API tests) beside the browser
 * tests against that build. Prints each lane's seconds and each browser file's, then one line
 * "N passed, N failed" summed over everything.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { countResults, type FileResult, isNamed, type Lane, onlyWords, runLaneFiles, testFilesOf, weighedFiles } from './file-queue'
import { whatFailed } from './failures'

const root = join(import.meta.dir, '..')
const bun = process.execPath
const ci = process.env.CI === 'true'
/** The component tests' folders: beside the code in web/src (also any __tests__ folder) and web/test. */
const COMPONENT_DIRS = ['web/src', 'web/test']
const API_DIRS = ['api']
const BROWSER_DIRS = ['web/e2e']

/** ONLY_FILES's words, each of which must name a test file: a typo would otherwise pass as "0 passed, 0 failed". */
function onlyWordsOrExit(): string[] | null {
  try {
    const words = onlyWords(process.env.ONLY_FILES)
    const files = [...COMPONENT_DIRS, ...API_DIRS, ...BROWSER_DIRS].flatMap((dir) => (existsSync(join(root, dir)) ? testFilesOf(root, { dirs: [dir] }) : []))
    const unmatched = (words ?? []).filter((word) => !files.some((file) => isNamed(file, [word])))
    if (unmatched.length > 0) throw new Error(`ONLY_FILES: no test file's path contains ${unmatched.map((word) => `"${word}"`).join(', ')}`)
    return words
  } catch (error) {
    console.error((error as Error).message)
    process.exit(2)
  }
}

/** ONLY_FILES=offline,contact: only the test files whose paths contain one of these words, in every lane (see file-queue.ts). */
const only = onlyWordsOrExit()
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium'

interface Result {
  name: string
  passed: number
  failed: number
  skipped?: string
  /** What each failed test printed, said again above the summary. */
  failures?: string[]
  seconds?: number
}

async function run(
  cmd: string[],
  env: Record<string, string> = {},
  prefix = '',
  onLine?: (line: string, stream: 'stdout' | 'stderr') => void,
): Promise<{ code: number; output: string }> {
  const proc = Bun.spawn(cmd, { cwd: root, env: { ...process.env, ...env }, stdout: 'pipe', stderr: 'pipe' })
  let output = ''
  const pump = async (stream: ReadableStream<Uint8Array>, sink: NodeJS.WriteStream, name: 'stdout' | 'stderr') => {
    const decoder = new TextDecoder()
    let partial = '' // whole lines only, so suites running side by side do not interleave mid-line
    const emit = (lines: string[]) => {
      for (const line of lines) onLine?.(line, name)
      if (lines.length) sink.write(lines.map((line) => `${prefix}${line}\n`).join(''))
    }
    for await (const chunk of stream) {
      const text = decoder.decode(chunk, { stream: true })
      output += text
      const lines = (partial + text).split('\n')
      partial = lines.pop() ?? ''
      emit(lines)
    }
    if (partial) emit([partial])
  }
  await Promise.all([pump(proc.stdout, process.stdout, 'stdout'), pump(proc.stderr, process.stderr, 'stderr')])
  return { code: await proc.exited, output }
}

// Tests run in test mode whatever the caller's shell says: under NODE_ENV=production React loads
// its production build, which has no act(), and the server config turns the demo content off.
const TEST_MODE = { NODE_ENV: 'test' }

const seconds = (since: number) => Math.round((performance.now() - since) / 100) / 10

async function bunTest(name: string, args: string[], prefix = ''): Promise<Result> {
  console.log(`\n=== ${name} ===`)
  const began = performance.now()
  const { code, output } = await run([bun, 'test', ...args], TEST_MODE, prefix)
  return { name, ...countResults(code, output), failures: whatFailed(code, output), seconds: seconds(began) }
}

/** A check that passes or fails as a whole counts as one test. */
async function check(name: string, cmd: string[]): Promise<Result> {
  console.log(`\n=== ${name} ===`)
  const began = performance.now()
  const { code } = await run(cmd, {}, `[${name}] `)
  return { name, passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, seconds: seconds(began) }
}

/** The static checks, one after another (each is quick; together they leave the other core to the build). */
async function checks(): Promise<Result[]> {
  const biome = join(root, 'node_modules/.bin/biome')
  const ci = (file: string) => [bun, join(root, '.ci', file)]
  const results: Result[] = []
  // Every tsconfig part (API, web, service worker, web tests and build): see .ci/typecheck.ts.
  results.push(await check('type check', ci('typecheck.ts')))
  // Lint and formatting (biome check: lint rules + "is it formatted"; a warning fails too), then the layer rules alone, so a
  // forbidden import is named as such in the summary. Both read biome.jsonc.
  results.push(await check('lint + format', [biome, 'check', '--colors=off', '--error-on-warnings', '.']))
  results.push(await check('layers', [biome, 'lint', '--colors=off', '--only=style/noRestrictedImports', '--only=style/noRestrictedGlobals', '.']))
  // No source file over 300 lines (Biome limits functions, not files, and does not read CSS for it): see .ci/file-sizes.ts.
  results.push(await check('file sizes', ci('file-sizes.ts')))
  // No function or component over 120 lines, JSX lines counted (Biome's own limit skips them): see .ci/function-lengths.ts.
  results.push(await check('function lengths', ci('function-lengths.ts')))
  // No module in a circle of imports, and imports only in the allowed directions (a feature through its public entry,
  // infrastructure never up into features): decided on the resolved files, see .ci/import-cycles.ts and .ci/import-direction.ts.
  results.push(await check('import cycles', ci('import-cycles.ts')))
  results.push(await check('import direction', ci('import-direction.ts')))
  return results
}

/** The component tests (happy-dom preloaded, kept out of the API run), then the API files among `API_WORKERS` processes. */
async function unitLane(): Promise<Result[]> {
  const results: Result[] = []
  // Component tests wherever they sit: beside the code in web/src (also any __tests__ folder) or in web/test.
  const webTestDirs = COMPONENT_DIRS.filter((dir) => existsSync(join(root, dir)) && testFilesOf(root, { dirs: [dir] }).length > 0).map((dir) => `./${dir}/`)
  const components = only ? weighedFiles(root, { dirs: COMPONENT_DIRS, durations: '' }).map((f) => f.file) : webTestDirs
  if (components.length > 0) results.push(await bunTest('web components', ['--timeout', '30000', '--preload', './web/test/setup.ts', ...components], '[web] '))
  // One process unless API_WORKERS says more: the API files mostly wait (servers, timers, slow bodies: 364 processor
  // seconds in a 1,040 s lane), but beside the browser lane the machine is busy throughout, and a second process only
  // crowded it: no faster, and eight 30-second test budgets overrun.
  const api: Lane = {
    label: 'api',
    dirs: API_DIRS,
    durations: '.ci/api-durations.json',
    timeout: 30_000,
    workers: workersFrom('API_WORKERS', 1),
    inPathOrder: true,
  }
  results.push(await laneFiles('API', api, TEST_MODE))
  return results
}

/** A lane's processes: `fallback` unless the variable says a whole number from 1 to 8 (more would only crowd two cores). */
function workersFrom(variable: string, fallback: number): number {
  const value = process.env[variable]
  if (value === undefined || value === '') return fallback
  const workers = Number(value)
  if (Number.isInteger(workers) && workers >= 1 && workers <= 8) return workers
  console.error(`${variable}="${value}": give a whole number of processes from 1 to 8`)
  process.exit(2)
}

/** Runs a lane's files among its workers, then prints each file's seconds. */
async function laneFiles(name: string, lane: Lane, env: Record<string, string>): Promise<Result> {
  const count = weighedFiles(root, lane).length
  if (count === 0) return { name, passed: 0, failed: 0, skipped: 'no test files' }
  console.log(`\n=== ${name} (${Math.min(lane.workers, count)} processes) ===`)
  const began = performance.now()
  const files: FileResult[] = await runLaneFiles(root, lane, bun, run, env)
  perFile.push(`\n=== ${name} files (seconds) ===`)
  for (const f of files) perFile.push(`${f.file.padEnd(52)} ${String(f.seconds).padStart(6)}  ${f.passed} passed, ${f.failed} failed`)
  const failures = files.flatMap((f) => f.failures.map((excerpt) => `${f.file}\n${excerpt}`))
  const sum = (key: 'passed' | 'failed') => files.reduce((n, f) => n + f[key], 0)
  return { name, passed: sum('passed'), failed: sum('failed'), failures, seconds: seconds(began) }
}

/** Each lane's seconds per file, printed together once every lane is done. */
const perFile: string[] = []

const seed = mkdtempSync(join(tmpdir(), 'venue-e2e-seed-'))
// A run stopped by Ctrl-C or a kill removes the seed too (its children get the same signal).
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    rmSync(seed, { recursive: true, force: true })
    process.exit(signal === 'SIGINT' ? 130 : 143)
  })
}

/** Why the browser tests cannot run here, or undefined when they can. */
function browserSkipped(): Result | undefined {
  if (weighedFiles(root, { dirs: BROWSER_DIRS, durations: '' }).length === 0) return { name: 'browser', passed: 0, failed: 0, skipped: 'no browser tests' }
  if (existsSync(chromium)) return undefined
  if (ci) return { name: 'browser', passed: 0, failed: 1, skipped: `CI=true but no Chromium at ${chromium}` }
  return { name: 'browser', passed: 0, failed: 0, skipped: `no Chromium at ${chromium} (apt-get install chromium)` }
}

/**
 * The production build `npm start` serves (even from a shell with NODE_ENV=development) and one seed of
 * the demo data that every browser-test server starts from (web/e2e/seeded-data.ts), made side by side.
 */
async function buildAndSeed(): Promise<Result> {
  console.log('\n=== build and demo data for browser tests ===')
  const began = performance.now()
  const [build, seeded] = await Promise.all([
    run(['npm', 'run', 'build', '--silent'], { NODE_ENV: 'production' }, '[build] '),
    run([bun, join(root, 'web/e2e/seed-data.ts'), seed], {}, '[seed] '),
  ])
  const ok = build.code === 0 && seeded.code === 0
  return { name: 'build + seed', passed: ok ? 1 : 0, failed: ok ? 0 : 1, seconds: seconds(began) }
}

/** The browser test files, shared among `BROWSER_WORKERS` processes (see .ci/file-queue.ts). */
function browserLane(): Promise<Result> {
  const lane: Lane = {
    label: 'browser',
    dirs: BROWSER_DIRS,
    durations: '.ci/browser-durations.json',
    timeout: 120_000,
    workers: workersFrom('BROWSER_WORKERS', 2),
  }
  return laneFiles('browser', lane, { ...TEST_MODE, CHROMIUM_PATH: chromium, E2E_SEEDED_DATA_DIR: seed })
}

// First the static checks beside the build; then the unit lane beside the browser files. Every server
// takes a free port and a temp dir of its own, so the lanes share nothing.
const started = performance.now()
const results: Result[] = []
try {
  const skipped = browserSkipped()
  // A run of a few named files (ONLY_FILES) is a developer's quick check of what they are changing: no static checks.
  const checked = only ? Promise.resolve([]) : checks()
  const [checkResults, built] = await Promise.all([checked, skipped ? Promise.resolve(undefined) : buildAndSeed()])
  const checkedResults = checkResults
  results.push(...checkedResults)
  if (built) results.push(built)
  const browser = skipped ?? (built?.failed ? undefined : browserLane())
  const [units, browsed] = await Promise.all([unitLane(), browser])
  results.push(...units)
  if (browsed) results.push(browsed)
} finally {
  rmSync(seed, { recursive: true, force: true })
}

console.log(perFile.join('\n'))
const failures = results.flatMap((r) => (r.failures ?? []).map((excerpt) => `[${r.name}] ${excerpt}`))
if (failures.length > 0) console.log(`\n=== failures, again ===\n${failures.join('\n\n')}`)
console.log('\n=== summary ===')
for (const r of results) {
  const time = r.seconds === undefined ? '' : `${r.seconds.toFixed(1)} s`
  console.log(`${r.name.padEnd(18)} ${time.padStart(8)}  ${r.passed} passed, ${r.failed} failed${r.skipped ? ` (skipped: ${r.skipped})` : ''}`)
}
console.log(`(${Math.round((performance.now() - started) / 1000)} s in all)`)
const passed = results.reduce((n, r) => n + r.passed, 0)
const failed = results.reduce((n, r) => n + r.failed, 0)
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed > 0 ? 1 : 0)
