/**
 * A lane's test files (the API's or the browser's), shared among a few workers that run side by side.
 * Each worker is one `bun test` process for all its files, so a browser worker's files share one
 * Chromium (web/e2e/harness.ts leases it) and load playwright-core once. Files go to workers longest
 * first, each to the worker with the least work so far, weighed by each file's seconds in the lane's
 * durations file (`.ci/api-durations.json`, `.ci/browser-durations.json`; a file not listed there is
 * weighed by its lines at the listed files' seconds per line), so the workers end close together.
 * `RECORD_DURATIONS=1` writes those files anew after a run in which every file of the lane passed;
 * `ONLY_FILES=offline,admin` runs only the files whose names contain one of those words.
 *
 * A worker that stops before its last file (a crash) has the files it never reached run again in a
 * process of their own, so one crash costs the files it hit, never the ones after it.
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

/** Runs a command; `onLine` sees each line of its output as it comes, with the stream it came on. */
type Run = (
  cmd: string[],
  env: Record<string, string>,
  prefix: string,
  onLine?: (line: string, stream: 'stdout' | 'stderr') => void,
) => Promise<{ code: number; output: string }>

/** The files `bun test` takes for tests (its own default patterns: name.test.ts, name_test.ts, name.spec.ts, name_spec.ts, any JS or TS). */
export const TEST_FILE = /[._](test|spec)\.[cm]?[jt]sx?$/

/**
 * The words of ONLY_FILES=offline,contact: a file runs when its path contains one (paths as the tables print
 * them, with or without "./"). Null when ONLY_FILES is unset or empty; a value that names no word (",", " ")
 * is a mistake, not "everything".
 */
export function onlyWords(value: string | undefined): string[] | null {
  if (!value) return null
  const words = value
    .split(',')
    .map((word) => word.trim().replace(/^\.\//, ''))
    .filter(Boolean)
  if (words.length === 0) throw new Error(`ONLY_FILES="${value}" names no file: give words of test file paths, separated by commas`)
  return words
}

/** Whether `file` (a path from the root, with or without "./") is one ONLY_FILES names. */
export function isNamed(file: string, words: string[] | null): boolean {
  return words === null || words.some((word) => file.replace(/^\.\//, '').includes(word))
}

/** One lane: where its tests are, where its seconds per file are kept, and how it runs. */
export interface Lane {
  /** Prefix of each output line: "[api 2] ", "[browser 1] ". */
  label: string
  /** Folders (relative to the root) searched for `*.test.ts` files, recursively. */
  dirs: string[]
  durations: string
  /** Per-test time limit in milliseconds. */
  timeout: number
  workers: number
  /**
   * A worker's files in path order, as `bun test <folder>` runs them, rather than longest first: the API files'
   * heaviest (crash, newcomer, fuzz, load) all at the start, beside the browser lane's heaviest, overran the
   * 30-second budgets of tests that start servers.
   */
  inPathOrder?: boolean
}

interface Weighed {
  file: string
  weight: number
}

/** The lane's test files with their expected seconds, longest first. */
export function weighedFiles(root: string, lane: Pick<Lane, 'dirs' | 'durations'>): Weighed[] {
  const only = onlyWords(process.env.ONLY_FILES)
  const recorded: Record<string, number> =
    lane.durations && existsSync(join(root, lane.durations)) ? JSON.parse(readFileSync(join(root, lane.durations), 'utf8')) : {}
  const files = testFilesOf(root, lane)
    .filter((file) => isNamed(file, only))
    .map((file) => ({ file, lines: readFileSync(join(root, file), 'utf8').split('\n').length }))
  const known = files.filter((f) => recorded[f.file] !== undefined)
  const perLine = known.length ? known.reduce((n, f) => n + recorded[f.file]!, 0) / known.reduce((n, f) => n + f.lines, 0) : 0.2
  // Ties by name, so the order (and which files share a worker) is the same on every run.
  return files.map((f) => ({ file: f.file, weight: recorded[f.file] ?? f.lines * perLine })).sort((a, b) => b.weight - a.weight || a.file.localeCompare(b.file))
}

/** Every test file of the lane ("./api/test/x.test.ts"), ONLY_FILES or not. */
export function testFilesOf(root: string, lane: Pick<Lane, 'dirs'>): string[] {
  return lane.dirs
    .flatMap((dir) => readdirSync(join(root, dir), { recursive: true }).map((f) => `${dir}/${String(f)}`))
    .filter((f) => TEST_FILE.test(f) && !f.includes('node_modules'))
    .map((f) => `./${f}`)
}

/** Longest first, each file to the worker with the least expected work so far. */
export function shareAmong(files: Weighed[], workers: number): string[][] {
  const shares = Array.from({ length: Math.max(1, Math.min(workers, files.length)) }, () => ({ files: [] as string[], load: 0 }))
  for (const f of files) {
    const lightest = shares.reduce((least, share) => (share.load < least.load ? share : least))
    lightest.files.push(f.file)
    lightest.load += f.weight
  }
  return shares.map((share) => share.files)
}

/**
 * Counts from `bun test` output. A run that did not come to bun's closing "Ran N tests across M files"
 * (a test that called process.exit, a crash) or exited non-zero with no failure counted (a load error)
 * counts one failure more: its exit code alone may say 0.
 */
export function countResults(code: number, output: string): { passed: number; failed: number } {
  const passed = Number(/^\s*(\d+) pass$/m.exec(output)?.[1] ?? 0)
  const failed = Number(/^\s*(\d+) fail$/m.exec(output)?.[1] ?? 0)
  const finished = /^Ran \d+ tests? across \d+ files?\./m.test(output)
  return { passed, failed: failed + (!finished || (code !== 0 && failed === 0) ? 1 : 0) }
}

/**
 * The lines of a file's results, without the run's closing summary: after the last file bun lists every
 * failed test of the run again ("1 tests failed:" and each "(fail) …"), which would count them twice,
 * against that last file.
 */
export function beforeRunSummary(lines: string[]): string[] {
  const summary = lines.findIndex((line) => /^\s*\d+ tests? failed:?\s*$/.test(line))
  return summary < 0 ? lines : lines.slice(0, summary)
}

/**
 * `bun test` names each file on a line of its own (on stderr) before that file's results: one of the files
 * it was given, so a test printing such a line (on stdout) or a name with a space starts no section.
 */
function headerOf(line: string, stream: 'stdout' | 'stderr', files: Set<string>): string | undefined {
  if (stream !== 'stderr' || !line.endsWith(':')) return undefined
  const file = `./${line.slice(0, -1).replace(/^\.\//, '')}`
  return files.has(file) ? file : undefined
}

/** Where an error outside any test (a file that failed to load, a hook that threw) was printed. */
const ERROR_BETWEEN_TESTS = /^# Unhandled error between tests|^error: /

/** Runs `files` in one `bun test` and cuts its output into one result per file, timed by when each file's header came. */
async function runShare(files: string[], worker: number, lane: Lane, bun: string, run: Run, env: Record<string, string>): Promise<FileResult[]> {
  const began = performance.now()
  const sections: { file: string; started: number; lines: string[] }[] = []
  const given = new Set(files.map((file) => `./${file.replace(/^\.\//, '')}`))
  const { code, output } = await run([bun, 'test', '--timeout', String(lane.timeout), ...files], env, `[${lane.label} ${worker}] `, (line, stream) => {
    const header = headerOf(line, stream, given)
    if (header) sections.push({ file: header, started: performance.now(), lines: [] })
    else sections.at(-1)?.lines.push(line)
  })
  const ended = performance.now()
  const results = sections.map((section, i): FileResult => {
    const text = beforeRunSummary(section.lines).join('\n')
    const passed = text.match(/^\(pass\) /gm)?.length ?? 0
    const failed = text.match(/^\(fail\) /gm)?.length ?? 0
    const seconds = Math.round(((sections[i + 1]?.started ?? ended) - section.started) / 100) / 10
    return { file: section.file, passed, failed, seconds, failures: whatFailed(failed > 0 ? 1 : 0, text) }
  })
  // Errors outside any test (a file that failed to load, an afterAll that threw) count against the file they
  // were printed in, else (a process that ended early) the file it was in when it ended.
  const counted = countResults(code, output)
  let uncounted = counted.failed - results.reduce((n, r) => n + r.failed, 0)
  results.forEach((result, i) => {
    const errorAt = sections[i]!.lines.findIndex((line) => ERROR_BETWEEN_TESTS.test(line))
    if (uncounted <= 0 || errorAt < 0 || result.failed > 0) return
    result.failed += 1
    result.failures.push(sections[i]!.lines.slice(errorAt, errorAt + 40).join('\n'))
    uncounted -= 1
  })
  const last = results.at(-1)
  if (last && uncounted > 0) {
    last.failed += uncounted
    const lastLines = sections
      .at(-1)!
      .lines.filter((line) => line.trim() !== '')
      .slice(-20)
    last.failures.push(
      `the run ended in this file with ${uncounted} failure(s) outside any test, or before its end (exit code ${code}); its last lines:\n${lastLines.join('\n')}`,
    )
  }
  const reached = new Set(results.map((r) => r.file))
  const missed = [...given].filter((file) => !reached.has(file))
  if (missed.length === 0) return results
  if (results.length === 0 && files.length === 1) {
    return [{ file: files[0]!, passed: 0, failed: 1, seconds: Math.round((ended - began) / 100) / 10, failures: whatFailed(code || 1, output) }]
  }
  console.log(`[${lane.label} ${worker}] the process ended (code ${code}) before ${missed.join(', ')}: running them again on their own`)
  return [
    ...results,
    ...(await runShare(missed.slice(0, 1), worker, lane, bun, run, env)),
    ...(missed.length > 1 ? await runShare(missed.slice(1), worker, lane, bun, run, env) : []),
  ]
}

export async function runLaneFiles(root: string, lane: Lane, bun: string, run: Run, env: Record<string, string>): Promise<FileResult[]> {
  const shares = shareAmong(weighedFiles(root, lane), lane.workers).map((files) => (lane.inPathOrder ? [...files].sort() : files))
  const results = (await Promise.all(shares.map((files, i) => runShare(files, i + 1, lane, bun, run, env)))).flat()
  results.sort((a, b) => a.file.localeCompare(b.file))
  if (process.env.RECORD_DURATIONS === '1' && results.every((r) => r.failed === 0)) {
    // A run of some files (ONLY_FILES) keeps the seconds of the others; a file gone from the tree goes from the list.
    const recorded: Record<string, number> = existsSync(join(root, lane.durations)) ? JSON.parse(readFileSync(join(root, lane.durations), 'utf8')) : {}
    const present = new Set(testFilesOf(root, lane))
    const merged = { ...recorded, ...Object.fromEntries(results.map((r) => [r.file, r.seconds])) }
    const kept = Object.entries(merged)
      .filter(([file]) => present.has(file))
      .sort(([a], [b]) => a.localeCompare(b))
    writeFileSync(join(root, lane.durations), `${JSON.stringify(Object.fromEntries(kept), null, 2)}\n`)
  }
  return results
}
