/**
 * `bun .ci/file-sizes.ts`: fails when a source file (ts, tsx, css under api/src, web/src or .ci; tests
 * excluded) is longer than 300 lines — the project's limit, so a file that grows past it is split, not left to
 * grow. .ci/function-lengths.ts limits functions; neither it nor Biome reads the length of a whole file, hence this script.
 * Before it checks the tree it checks itself on a temp dir with one file over the limit and one at it, so a
 * broken walk or filter cannot pass silently.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { runTreeCheck } from './self-checked'

export const MAX_LINES = 300
const SOURCE_DIRS = ['api/src', 'web/src', '.ci']
const SOURCE = /\.(ts|tsx|css)$/
const TEST = /\.test\.tsx?$/

/** Lines as an editor numbers them: a final newline does not start another line. */
export function lineCount(text: string): number {
  if (text === '') return 0
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0)
}

/** Every source file under `dirs` (relative to `root`) longer than `max` lines, with its length. */
export function oversizedFiles(root: string, dirs: string[] = SOURCE_DIRS, max = MAX_LINES): { path: string; lines: number }[] {
  const found: { path: string; lines: number }[] = []
  for (const dir of dirs) {
    const base = join(root, dir)
    let entries: string[]
    try {
      entries = readdirSync(base, { recursive: true }).map(String)
    } catch {
      continue // a folder this checkout does not have
    }
    for (const entry of entries.sort()) {
      const path = join(base, entry)
      if (!SOURCE.test(entry) || TEST.test(entry) || entry.split('/').includes('__tests__') || entry.split('/').includes('node_modules')) continue
      if (!statSync(path).isFile()) continue
      const lines = lineCount(readFileSync(path, 'utf8'))
      if (lines > max) found.push({ path: relative(root, path), lines })
    }
  }
  return found
}

/** The check on a made-up tree: a 301-line file is reported; 300 lines, a long test and a long .md are not. */
function selfCheck(): string | undefined {
  const root = mkdtempSync(join(tmpdir(), 'file-sizes-'))
  try {
    const lines = (n: number) => `${Array.from({ length: n }, (_, i) => `/* ${i} */`).join('\n')}\n`
    const src = join(root, 'web/src/feature')
    mkdirSync(src, { recursive: true })
    const make = (name: string, n: number) => writeFileSync(join(src, name), lines(n))
    make('long.css', MAX_LINES + 1)
    make('fits.tsx', MAX_LINES)
    make('long.test.tsx', MAX_LINES * 2)
    make('notes.md', MAX_LINES * 2)
    const found = oversizedFiles(root)
    const ok = found.length === 1 && found[0]!.path === 'web/src/feature/long.css' && found[0]!.lines === MAX_LINES + 1
    return ok ? undefined : `self-check failed: expected only web/src/feature/long.css (${MAX_LINES + 1} lines), got ${JSON.stringify(found)}`
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
}

if (import.meta.main)
  runTreeCheck({
    selfCheck,
    find: (root) => oversizedFiles(root),
    describe: ({ path, lines }) => `${path}: ${lines} lines (at most ${MAX_LINES}; split it by what it does)`,
    summary: (count) =>
      count ? `${count} source file(s) over ${MAX_LINES} lines` : `every source file in ${SOURCE_DIRS.join(', ')} is at most ${MAX_LINES} lines`,
  })
