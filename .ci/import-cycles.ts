/**
 * `bun .ci/import-cycles.ts`: fails when source files in api/src or web/src import each other in a circle
 * (a → b → a, or longer). In a circle one module runs while another's exports are still undefined, and no
 * folder can be read, tested or moved on its own. Type-only imports do not count (they vanish at compile
 * time), nor do `import('./x')` calls: those load after every module has run, so they cannot see a module
 * half made (App.tsx lazy-loads the staff screens that way). How the graph is built: .ci/import-graph.ts.
 * Before it checks the tree it checks itself on a temp dir holding one circle and one chain that is not.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { importEdges, SOURCE_DIRS } from './import-graph'
import { runTreeCheck } from './self-checked'

/** Each group of files that reach each other through static imports, as one circle through all of them (Tarjan's algorithm). */
export function importCycles(root: string, dirs: string[] = SOURCE_DIRS): string[][] {
  const next = new Map<string, string[]>()
  for (const { from, to, dynamic, local } of importEdges(root, dirs)) {
    if (!local || dynamic) continue
    next.set(from, [...(next.get(from) ?? []), to])
  }
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const groups: string[][] = []
  const visit = (file: string) => {
    index.set(file, index.size)
    low.set(file, index.get(file)!)
    stack.push(file)
    onStack.add(file)
    for (const to of next.get(file) ?? []) {
      if (!index.has(to)) {
        visit(to)
        low.set(file, Math.min(low.get(file)!, low.get(to)!))
      } else if (onStack.has(to)) low.set(file, Math.min(low.get(file)!, index.get(to)!))
    }
    if (low.get(file) !== index.get(file)) return
    const group: string[] = []
    let member: string
    do {
      member = stack.pop()!
      onStack.delete(member)
      group.push(member)
    } while (member !== file)
    if (group.length > 1 || next.get(file)?.includes(file)) groups.push(group.sort())
  }
  for (const file of [...next.keys()].sort()) if (!index.has(file)) visit(file)
  return groups.map((group) => circleThrough(group, next))
}

/** One path from the group's first file back to itself, staying inside the group (breadth first, so the shortest). */
function circleThrough(group: string[], next: Map<string, string[]>): string[] {
  const start = group[0]!
  const inGroup = new Set(group)
  const cameFrom = new Map<string, string>()
  const queue = [start]
  while (queue.length > 0) {
    const file = queue.shift()!
    for (const to of next.get(file) ?? []) {
      if (to === start) {
        const path = [file]
        while (path[0] !== start) path.unshift(cameFrom.get(path[0]!)!)
        return [...path, start]
      }
      if (inGroup.has(to) && !cameFrom.has(to)) {
        cameFrom.set(to, file)
        queue.push(to)
      }
    }
  }
  return group
}

/** The check on a made-up tree: a ⇄ b is reported; c → d, a type-only circle and a lazy import back are not. */
function selfCheck(): string | undefined {
  const root = mkdtempSync(join(tmpdir(), 'import-cycles-'))
  try {
    const make = (path: string, text: string) => {
      mkdirSync(dirname(join(root, path)), { recursive: true })
      writeFileSync(join(root, path), text)
    }
    make('web/src/a.ts', "import { b } from './b'\nexport const a = () => b\n")
    make('web/src/b.tsx', "import { a } from './a'\nexport const b = () => a\n")
    make('api/src/c.ts', "import { d } from './d'\nexport const c = d\n")
    make('api/src/d.ts', "import type { C } from './types'\nexport const d = 1 as unknown as C\n")
    make('api/src/types.ts', "import { c } from './c'\nexport type C = typeof c\n")
    make('api/src/e.ts', "import { f } from './f'\nexport const e = f\n")
    make('api/src/f.ts', "export const f = () => import('./e')\n")
    const found = JSON.stringify(importCycles(root))
    const expected = JSON.stringify([['web/src/a.ts', 'web/src/b.tsx', 'web/src/a.ts']])
    return found === expected ? undefined : `self-check failed: expected ${expected}, got ${found}`
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
}

if (import.meta.main)
  runTreeCheck({
    selfCheck,
    find: importCycles,
    describe: (cycle) => `import cycle: ${cycle.join(' → ')}`,
    summary: (count) => (count ? `${count} import cycle(s)` : `no import cycles in ${SOURCE_DIRS.join(', ')}`),
  })
