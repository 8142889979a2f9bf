/**
 * The browser test files, each its own `bun test` (its own servers and Chromium, on free ports and temp
 * dirs), taken from one queue by a few workers side by side: a worker that finishes a file takes the
 * next, so no worker idles while another still has a backlog. The queue is longest first, by each file's
 * seconds in .ci/browser-durations.json (measured; a file not listed there is weighed by its lines at
 * the listed files' seconds per line), so the long files start early and the short ones fill the end.
 * `RECORD_BROWSER_DURATIONS=1` writes that file anew after a run in which every file passed.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { whatFailed } from './failures'

export interface FileResult {
  file: string
  passed: number
  failed: number
  seconds: number
  /** What each failed test printed (see failures.ts). */
  failures: string[]
}

type Run = (cmd: string[], env: Record<string, string>, prefix: string) => Promise<{ code: number; output: string }>

const DURATIONS = '.ci/browser-durations.json'

/** The browser test files under `dir` (relative to `root`), longest expected first. */
export function browserQueue(root: string, dir = 'web/e2e'): string[] {
  const recorded: Record<string, number> = existsSync(join(root, DURATIONS)) ? JSON.parse(readFileSync(join(root, DURATIONS), 'utf8')) : {}
  const files = readdirSync(join(root, dir))
    .filter((f) => /\.test\.ts$/.test(f))
    .map((f) => ({ file: `./${dir}/${f}`, lines: readFileSync(join(root, dir, f), 'utf8').split('\n').length }))
  const known = files.filter((f) => recorded[f.file] !== undefined)
  const perLine = known.length ? known.reduce((n, f) => n + recorded[f.file]!, 0) / known.reduce((n, f) => n + f.lines, 0) : 1
  const weight = (f: { file: string; lines: number }) => recorded[f.file] ?? f.lines * perLine
  // Ties by name, so the order (and which files share a worker's time) is the same on every run.
  return files.sort((a, b) => weight(b) - weight(a) || a.file.localeCompare(b.file)).map((f) => f.file)
}

/** Counts from `bun test` output; a run that exited non-zero with no failure counted (a load error, a crash) counts one. */
export function countResults(code: number, output: string): { passed: number; failed: number } {
  const passed = Number(/^\s*(\d+) pass$/m.exec(output)?.[1] ?? 0)
  const failed = Number(/^\s*(\d+) fail$/m.exec(output)?.[1] ?? 0)
  return { passed, failed: code !== 0 && failed === 0 ? 1 : failed }
}

export async function runBrowserQueue(root: string, bun: string, run: Run, env: Record<string, string>, workers: number): Promise<FileResult[]> {
  const queue = browserQueue(root)
  const results: FileResult[] = []
  const count = Math.max(1, Math.min(workers, queue.length))
  await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      for (let file = queue.shift(); file; file = queue.shift()) {
        const started = performance.now()
        const { code, output } = await run([bun, 'test', '--timeout', '120000', file], env, `[browser ${i + 1}] `)
        const seconds = Math.round((performance.now() - started) / 100) / 10
        results.push({ file, ...countResults(code, output), seconds, failures: whatFailed(code, output) })
      }
    }),
  )
  results.sort((a, b) => a.file.localeCompare(b.file))
  if (process.env.RECORD_BROWSER_DURATIONS === '1' && results.every((r) => r.failed === 0)) {
    writeFileSync(join(root, DURATIONS), `${JSON.stringify(Object.fromEntries(results.map((r) => [r.file, r.seconds])), null, 2)}\n`)
  }
  return results
}
