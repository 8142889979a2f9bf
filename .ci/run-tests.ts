/**
 * The whole test suite, as `npm test` runs it: type check, lint and format check, layer rules, file sizes, API tests, web component tests (with the
 * happy-dom preload, kept out of the API run), and browser tests against a real build. Ends with one
 * line "N passed, N failed" summed over every suite.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

const root = join(import.meta.dir, '..')
const bun = process.execPath
const ci = process.env.CI === 'true'
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium'

interface Result {
  name: string
  passed: number
  failed: number
  skipped?: string
}
const results: Result[] = []

function hasTests(dir: string): boolean {
  if (!existsSync(dir)) return false
  return readdirSync(dir, { recursive: true }).some((f) => /\.test\.tsx?$/.test(String(f)) && statSync(join(dir, String(f))).isFile())
}

async function run(cmd: string[], env: Record<string, string> = {}, prefix = ''): Promise<{ code: number; output: string }> {
  const proc = Bun.spawn(cmd, { cwd: root, env: { ...process.env, ...env }, stdout: 'pipe', stderr: 'pipe' })
  let output = ''
  const pump = async (stream: ReadableStream<Uint8Array>, sink: NodeJS.WriteStream) => {
    const decoder = new TextDecoder()
    let partial = '' // with a prefix, whole lines only, so shards running side by side do not interleave mid-line
    for await (const chunk of stream) {
      const text = decoder.decode(chunk, { stream: true })
      output += text
      if (!prefix) sink.write(text)
      else {
        const lines = (partial + text).split('\n')
        partial = lines.pop() ?? ''
        if (lines.length) sink.write(lines.map((line) => `${prefix}${line}\n`).join(''))
      }
    }
    if (partial) sink.write(`${prefix}${partial}\n`)
  }
  await Promise.all([pump(proc.stdout, process.stdout), pump(proc.stderr, process.stderr)])
  return { code: await proc.exited, output }
}

async function bunTest(name: string, args: string[], env: Record<string, string> = {}, prefix = '') {
  console.log(`\n=== ${name} ===`)
  // Tests run in test mode whatever the caller's shell says: under NODE_ENV=production React loads
  // its production build, which has no act(), and the server config turns the demo content off.
  const { code, output } = await run([bun, 'test', ...args], { NODE_ENV: 'test', ...env }, prefix)
  const passed = Number(/^\s*(\d+) pass$/m.exec(output)?.[1] ?? 0)
  let failed = Number(/^\s*(\d+) fail$/m.exec(output)?.[1] ?? 0)
  if (code !== 0 && failed === 0) failed = 1 // the run itself broke (a load error, a crash)
  results.push({ name, passed, failed })
}

/**
 * The browser files split into shards that run side by side, each its own `bun test` with its own
 * servers and browsers (every file starts its own on free ports and temp dirs). Most of a browser test
 * is waiting on the page, so two shards on two cores take little more than half the time of one.
 * Files are dealt longest first (line count stands in for duration) to the shard with the least so far.
 * BROWSER_SHARDS=1 runs them in one process, as before.
 */
async function browserShards() {
  const dir = join(root, 'web/e2e')
  const files = readdirSync(dir)
    .filter((f) => /\.test\.ts$/.test(f))
    .map((f) => ({ path: `./web/e2e/${f}`, weight: readFileSync(join(dir, f), 'utf8').split('\n').length }))
    .sort((a, b) => b.weight - a.weight)
  const count = Math.max(1, Math.min(Number(process.env.BROWSER_SHARDS) || 2, files.length))
  const shards = Array.from({ length: count }, () => ({ paths: [] as string[], weight: 0 }))
  for (const file of files) {
    const lightest = shards.reduce((a, b) => (b.weight < a.weight ? b : a))
    lightest.paths.push(file.path)
    lightest.weight += file.weight
  }
  await Promise.all(
    shards.map((shard, i) =>
      bunTest(
        count === 1 ? 'browser' : `browser ${i + 1}/${count}`,
        ['--timeout', '120000', ...shard.paths],
        { CHROMIUM_PATH: chromium },
        count === 1 ? '' : `[browser ${i + 1}] `,
      ),
    ),
  )
}

/** A check that passes or fails as a whole counts as one test. */
async function check(name: string, cmd: string[]) {
  console.log(`\n=== ${name} ===`)
  const { code } = await run(cmd)
  results.push({ name, passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1 })
}

// Every tsconfig part (API, web, service worker, web tests and build): see .ci/typecheck.ts.
await check('type check', [bun, join(root, '.ci/typecheck.ts')])
// Lint and formatting (biome check: lint rules + "is it formatted"), then the layer rules alone, so a
// forbidden import is named as such in the summary. Both read biome.jsonc.
const biome = join(root, 'node_modules/.bin/biome')
await check('lint + format', [biome, 'check', '--colors=off', '.'])
await check('layers', [biome, 'lint', '--colors=off', '--only=style/noRestrictedImports', '--only=style/noRestrictedGlobals', '.'])
// No source file over 300 lines (Biome limits functions, not files, and does not read CSS for it): see .ci/file-sizes.ts.
await check('file sizes', [bun, join(root, '.ci/file-sizes.ts')])

await bunTest('API', ['--timeout', '30000', './api/'])
// Component tests wherever they sit: beside the code in web/src (also any __tests__ folder) or in web/test.
const webTestDirs = ['./web/src/', './web/test/'].filter((dir) => hasTests(join(root, dir)))
if (webTestDirs.length > 0) await bunTest('web components', ['--timeout', '30000', '--preload', './web/test/setup.ts', ...webTestDirs])

if (hasTests(join(root, 'web/e2e'))) {
  if (!existsSync(chromium)) {
    if (ci) results.push({ name: 'browser', passed: 0, failed: 1, skipped: `CI=true but no Chromium at ${chromium}` })
    else results.push({ name: 'browser', passed: 0, failed: 0, skipped: `no Chromium at ${chromium} (apt-get install chromium)` })
  } else {
    console.log('\n=== build for browser tests ===')
    // The same production build `npm start` serves, even from a shell with NODE_ENV=development.
    const build = await run(['npm', 'run', 'build', '--silent'], { NODE_ENV: 'production' })
    if (build.code !== 0) results.push({ name: 'build', passed: 0, failed: 1 })
    else await browserShards()
  }
}

console.log('\n=== summary ===')
for (const r of results) console.log(`${r.name.padEnd(16)} ${r.passed} passed, ${r.failed} failed${r.skipped ? ` (skipped: ${r.skipped})` : ''}`)
const passed = results.reduce((n, r) => n + r.passed, 0)
const failed = results.reduce((n, r) => n + r.failed, 0)
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed > 0 ? 1 : 0)
