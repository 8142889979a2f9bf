/**
 * `bun .ci/function-lengths.ts`: fails when a function or component in api/src or web/src (tests excluded)
 * spans more than 120 lines, from its first line to its closing one, every line counted — JSX, blank lines
 * and comments too. Biome's noExcessiveLinesPerFunction leaves JSX lines out of its count, so a component
 * of 168 lines passed it as 120; a long component is exactly what the limit is for. A function inside
 * another is counted on its own as well as within the outer one.
 * Parsed with @babel/parser (TypeScript and JSX plugins): TypeScript 7 ships no JS compiler API to parse with.
 * Before it checks the tree it checks itself on a temp dir whose JSX-heavy component is one line over.
 */
import { parse } from '@babel/parser'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SOURCE_DIRS, sourceFiles } from './import-graph'
import { runTreeCheck } from './self-checked'

export const MAX_LINES = 120

interface AstNode {
  type: string
  loc?: { start: { line: number }; end: { line: number } }
  [key: string]: unknown
}

const FUNCTION = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression', 'ObjectMethod', 'ClassMethod', 'ClassPrivateMethod'])

const isNode = (value: unknown): value is AstNode => typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string'

/** A readable name: the function's own, the variable, property or method it is assigned to, else "anonymous". */
function nameOf(node: AstNode, parent: AstNode | undefined): string {
  const named = (value: unknown) => (isNode(value) && typeof value.name === 'string' ? value.name : undefined)
  return (
    named(node.id) ??
    named(node.key) ??
    (parent?.type === 'VariableDeclarator' ? named(parent.id) : undefined) ??
    (parent?.type === 'ObjectProperty' || parent?.type === 'ClassProperty' ? named(parent.key) : undefined) ??
    (parent?.type === 'CallExpression' && isNode(parent.callee)
      ? `callback of ${named(parent.callee) ?? named(parent.callee.property) ?? 'a call'}`
      : undefined) ??
    'anonymous'
  )
}

export interface LongFunction {
  path: string
  name: string
  line: number
  lines: number
}

/** Every function in `text` longer than `max` lines. */
export function longFunctions(path: string, text: string, max = MAX_LINES): LongFunction[] {
  const ast = parse(text, { sourceType: 'module', plugins: path.endsWith('.tsx') ? ['typescript', 'jsx'] : ['typescript'] })
  const found: LongFunction[] = []
  const walk = (node: AstNode, parent: AstNode | undefined) => {
    if (FUNCTION.has(node.type) && node.loc) {
      const lines = node.loc.end.line - node.loc.start.line + 1
      if (lines > max) found.push({ path, name: nameOf(node, parent), line: node.loc.start.line, lines })
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === 'loc' || key === 'leadingComments' || key === 'trailingComments' || key === 'innerComments') continue
      if (Array.isArray(value)) for (const child of value) isNode(child) && walk(child, node)
      else if (isNode(value)) walk(value, node)
    }
  }
  walk(ast.program as unknown as AstNode, undefined)
  return found
}

export function longFunctionsIn(root: string, dirs: string[] = SOURCE_DIRS, max = MAX_LINES): LongFunction[] {
  return sourceFiles(root, dirs).flatMap((path) => longFunctions(path, readFileSync(join(root, path), 'utf8'), max))
}

/**
 * The check on a made-up tree: a component whose 121 lines are almost all JSX is reported; one of 120 lines,
 * a long function in a test and a long one in .ci (not source) are not.
 */
function selfCheck(): string | undefined {
  const root = mkdtempSync(join(tmpdir(), 'function-lengths-'))
  try {
    // Six lines of frame (function, return, <ul>, </ul>, the closing paren and brace), the rest JSX items.
    const component = (name: string, lines: number) => {
      const items = Array.from({ length: lines - 6 }, (_, i) => `      <li key="${i}">item ${i}</li>`)
      return `export function ${name}() {\n  return (\n    <ul>\n${items.join('\n')}\n    </ul>\n  )\n}\n`
    }
    mkdirSync(join(root, 'web/src/features/a'), { recursive: true })
    mkdirSync(join(root, '.ci'), { recursive: true })
    writeFileSync(join(root, 'web/src/features/a/Long.tsx'), component('Long', MAX_LINES + 1))
    writeFileSync(join(root, 'web/src/features/a/Fits.tsx'), component('Fits', MAX_LINES))
    writeFileSync(join(root, 'web/src/features/a/Long.test.tsx'), component('LongTest', MAX_LINES * 2))
    writeFileSync(join(root, '.ci/long.tsx'), component('Script', MAX_LINES * 2))
    const found = JSON.stringify(longFunctionsIn(root))
    const expected = JSON.stringify([{ path: 'web/src/features/a/Long.tsx', name: 'Long', line: 1, lines: MAX_LINES + 1 }])
    return found === expected ? undefined : `self-check failed: expected ${expected}, got ${found}`
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
}

if (import.meta.main)
  runTreeCheck({
    selfCheck,
    find: longFunctionsIn,
    describe: ({ path, name, line, lines }) => `${path}:${line} ${name}: ${lines} lines (at most ${MAX_LINES}; split it into smaller components and hooks)`,
    summary: (count) => (count ? `${count} function(s) over ${MAX_LINES} lines` : `every function in ${SOURCE_DIRS.join(', ')} is at most ${MAX_LINES} lines`),
  })
