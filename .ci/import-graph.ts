/**
 * The import graph of api/src and web/src, shared by .ci/import-cycles.ts and .ci/import-direction.ts.
 *
 * Built with Bun's own transpiler (`scanImports`) rather than dependency-cruiser or madge: both read
 * TypeScript through the `typescript` package's JS compiler API (madge through typescript-estree,
 * dependency-cruiser through `ts.transpileModule` unless @swc/core is added), and TypeScript 7 — the one
 * this project type-checks with — ships a native compiler without that API. The transpiler drops what
 * TypeScript drops at compile time (`import type`, `{ type X }`, and names used only as types, through
 * trimUnusedImports), so the graph holds only the imports that run.
 * Every project import is relative (no path aliases in tsconfig.base.json), so resolving is: the path
 * itself, then .ts/.tsx, then index.ts/index.tsx; `?url` and similar suffixes are cut off. Bare
 * specifiers (packages, node:, bun:) are kept as they are, for rules about packages.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, sep } from 'node:path'

export const SOURCE_DIRS = ['api/src', 'web/src']
const CODE = /\.tsx?$/
const TEST = /\.test\.tsx?$/

export interface ImportEdge {
  /** The importing file, relative to the root, with `/` separators. */
  from: string
  /** The imported project file (relative to the root), or the bare specifier for a package. */
  to: string
  /** True for `import('./x')`, which loads when called, not when the importer loads. */
  dynamic: boolean
  /** False for a package (bare specifier). */
  local: boolean
}

const toPosix = (path: string) => path.split(sep).join('/')

/** Every ts/tsx file under `dirs` (relative to `root`), tests and __tests__ folders excluded. */
export function sourceFiles(root: string, dirs: string[] = SOURCE_DIRS): string[] {
  const files: string[] = []
  for (const dir of dirs) {
    const base = join(root, dir)
    if (!existsSync(base)) continue
    for (const entry of readdirSync(base, { recursive: true }).map(String).sort()) {
      const parts = entry.split(sep)
      if (!CODE.test(entry) || entry.endsWith('.d.ts') || TEST.test(entry) || parts.includes('__tests__') || parts.includes('node_modules')) continue
      if (statSync(join(base, entry)).isFile()) files.push(toPosix(join(dir, entry)))
    }
  }
  return files
}

function resolveLocal(root: string, fromFile: string, specifier: string): string | undefined {
  const bare = specifier.replace(/[?#].*$/, '')
  const base = join(root, dirname(fromFile), bare)
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return toPosix(relative(root, candidate))
  }
  return undefined
}

/** The imports that run, of every source file under `dirs`. Imports of non-code files (CSS, images) are left out. */
export function importEdges(root: string, dirs: string[] = SOURCE_DIRS): ImportEdge[] {
  const edges: ImportEdge[] = []
  const transpilers = {
    ts: new Bun.Transpiler({ loader: 'ts', trimUnusedImports: true }),
    tsx: new Bun.Transpiler({ loader: 'tsx', trimUnusedImports: true }),
  }
  for (const from of sourceFiles(root, dirs)) {
    const transpiler = from.endsWith('.tsx') ? transpilers.tsx : transpilers.ts
    for (const { path, kind } of transpiler.scanImports(readFileSync(join(root, from), 'utf8'))) {
      const dynamic = kind === 'dynamic-import'
      if (!path.startsWith('.')) {
        edges.push({ from, to: path, dynamic, local: false })
        continue
      }
      const to = resolveLocal(root, from, path)
      if (to && CODE.test(to)) edges.push({ from, to, dynamic, local: true })
    }
  }
  return edges
}
