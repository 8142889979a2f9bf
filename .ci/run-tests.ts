/**
 * The whole test suite, as `npm test` runs it: type check, lint and format check, layer rules, file sizes, API tests, web component tests (with the
 * happy-dom preload, kept out of the API run), and browser tests against a real build. Ends with one
 * line "N passed, N failed" summed over every suite.
 */
import { existsSync, readdirSync, statSync } from 'node:fs'
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

async function run(cmd: string[], env: Record<string, string> = {}): Promise<{ code: number; output: string }> {
  const proc = Bun.spawn(cmd, { cwd: root, env: { ...process.env, ...env }, stdout: 'pipe', stderr: 'pipe' })
  let output = ''
  const pump = async (stream: ReadableStream<Uint8Array>, sink: NodeJS.WriteStream) => {
    const decoder = new TextDecoder()
    for await (const chunk of stream) {
      const text = decoder.decode(chunk, { stream: true })
      output += text
      sink.write(text)
    }
  }
  await Promise.all([pump(proc.stdout, process.stdout), pump(proc.stderr, process.stderr)])
  return { code: await proc.exited, output }
}

async function bunTest(name: string, args: string[], env: Record<string, string> = {}) {
  console.log(`\n=== ${name} ===`)
  // Tests run in test mode whatever the caller's shell says: under NODE_ENV=production React loads
  // its production build, which has no act(), and the server config turns the demo content off.
  const { code, output } = await run([bun, 'test', ...args], { NODE_ENV: 'test', ...env })
  const passed = Number(/^\s*(\d+) pass$/m.exec(output)?.[1] ?? 0)
  let failed = Number(/^\s*(\d+) fail$/m.exec(output)?.[1] ?? 0)
  if (code !== 0 && failed === 0) failed = 1 // the run itself broke (a load error, a crash)
  results.push({ name, passed, failed })
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
    else await bunTest('browser', ['--timeout', '120000', './web/e2e/'], { CHROMIUM_PATH: chromium })
  }
}

console.log('\n=== summary ===')
for (const r of results) console.log(`${r.name.padEnd(16)} ${r.passed} passed, ${r.failed} failed${r.skipped ? ` (skipped: ${r.skipped})` : ''}`)
const passed = results.reduce((n, r) => n + r.passed, 0)
const failed = results.reduce((n, r) => n + r.failed, 0)
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed > 0 ? 1 : 0)
