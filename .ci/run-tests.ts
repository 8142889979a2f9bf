/**
 * The whole test suite, as `npm test` runs it: type check, API tests, web component tests (with the
 * happy-dom preload, kept out of the API run), and browser tests against a real build. Ends with one
 * line "N passed, N failed" summed over every suite.
 */
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const root = join(import.meta.dir, '..')
const bun = process.execPath
const ci = process.env.CI === 'true'
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium'

interface Result { name: string; passed: number; failed: number; skipped?: string }
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

console.log('=== type check ===')
const typecheck = await run([join(root, 'node_modules/.bin/tsc'), '--noEmit', '-p', 'tsconfig.json'])
results.push({ name: 'type check', passed: typecheck.code === 0 ? 1 : 0, failed: typecheck.code === 0 ? 0 : 1 })

await bunTest('API', ['--timeout', '30000', './api/'])
if (hasTests(join(root, 'web/src'))) await bunTest('web components', ['--timeout', '30000', '--preload', './web/test/setup.ts', './web/src/'])

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
