/**
 * `bun .ci/import-direction.ts`: which folder may import which, on the resolved files rather than the import
 * text (a relative path cannot say on its own whether it leaves a feature). Infrastructure never reaches up
 * into features; a feature reaches into another only through that feature's public entry. Tests are
 * exempt (they may reach in to set up a case). The graph, type-only imports left out: .ci/import-graph.ts.
 * Biome's noRestrictedImports (biome.jsonc) keeps the rules that the import text alone decides (no API
 * server code in the web, no outbox in staff screens, nothing of the staff code from public code).
 * Before it checks the tree it checks itself on a temp tree holding one import that breaks each rule.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { type ImportEdge, importEdges } from './import-graph'
import { runTreeCheck } from './self-checked'

interface Rule {
  name: string
  /** Why the import is refused, or undefined when it is allowed. */
  refuses(edge: ImportEdge): string | undefined
}

const under = (path: string, ...folders: string[]) => folders.some((folder) => path.startsWith(`${folder}/`))
/** The feature folder a path lies in under `base` (`base/<x>/...`), if any. */
const featureOf = (path: string, base: string) => (path.startsWith(`${base}/`) ? /^([^/]+)\//.exec(path.slice(base.length + 1))?.[1] : undefined)

/** A feature importing another feature's file other than its public entries. */
function featureEntryRule(name: string, base: string, entries: string[]): Rule {
  return {
    name,
    refuses: ({ from, to, local }) => {
      const own = featureOf(from, base)
      const other = local ? featureOf(to, base) : undefined
      if (!own || !other || own === other) return undefined
      const entry = to.slice(`${base}/${other}/`.length)
      return entries.includes(entry) ? undefined : `reaches into feature ${other}: import ${base}/${other}/${entries.join(' or ')} instead`
    },
  }
}

/**
 * Packages a shared rule may use: pure code that runs the same in the browser and on the server. marked parses
 * formatted text (shared/rules/formatted-text.ts); web/e2e/bundle.test.ts keeps it out of public pages.
 */
const SHARED_RULE_PACKAGES = new Set(['marked'])

export const RULES: Rule[] = [
  {
    name: 'API infrastructure does not import features or seed',
    refuses: ({ from, to, local }) =>
      local && under(from, 'api/src/http', 'api/src/auth', 'api/src/files', 'api/src/db') && under(to, 'api/src/features', 'api/src/seed')
        ? 'infrastructure (http, auth, files, db) is below the features: pass what it needs in from server.ts or the feature'
        : undefined,
  },
  {
    name: 'api/src/shared imports only api/src/shared',
    refuses: ({ from, to, local }) => {
      if (!under(from, 'api/src/shared')) return undefined
      if (local) return under(to, 'api/src/shared') ? undefined : 'api/src/shared is shared with the web: it imports nothing outside itself'
      // Node's built-ins are the runtime, not a layer; any package (Elysia above all) ties shared code to the server,
      // except the few pure, browser-safe ones a shared rule is built on (SHARED_RULE_PACKAGES).
      return to.startsWith('node:') || SHARED_RULE_PACKAGES.has(to) ? undefined : `api/src/shared is shared with the web: no packages (${to})`
    },
  },
  featureEntryRule('API features import each other through index.ts or model.ts', 'api/src/features', ['index.ts', 'model.ts']),
  featureEntryRule('web features import each other through index.ts', 'web/src/features', ['index.ts', 'index.tsx']),
  {
    name: 'web infrastructure does not import features',
    refuses: ({ from, to, local }) =>
      local && under(from, 'web/src/offline', 'web/src/api', 'web/src/stores', 'web/src/shell', 'web/src/lib') && under(to, 'web/src/features')
        ? 'infrastructure (offline, api, stores, shell, lib) is below the features: a feature registers with it, not the other way'
        : undefined,
  },
  {
    name: 'admin shell imports admin features only through registry.ts or an index',
    refuses: ({ from, to, local }) => {
      if (!local || !under(from, 'web/src/admin/shell') || !under(to, 'web/src/admin/features')) return undefined
      const rest = to.slice('web/src/admin/features/'.length)
      return rest === 'registry.ts' || /^[^/]+\/index\.tsx?$/.test(rest) ? undefined : 'the staff shell knows features only through admin/features/registry.ts'
    },
  },
  featureEntryRule('admin features import each other through index.ts', 'web/src/admin/features', ['index.ts', 'index.tsx']),
  {
    name: 'public code does not import staff code',
    refuses: ({ from, to, local }) => {
      if (!local || !under(from, 'web/src') || under(from, 'web/src/admin') || !under(to, 'web/src/admin')) return undefined
      // App.tsx lazy-loads the staff entry, in a chunk of its own.
      if (from === 'web/src/App.tsx' && to === 'web/src/admin/AdminRoutes.tsx') return undefined
      return 'public code never imports staff code (web/src/admin); only App.tsx lazy-loads admin/AdminRoutes'
    },
  },
]

export function directionViolations(root: string): { rule: string; edge: ImportEdge; why: string }[] {
  const found = new Map<string, { rule: string; edge: ImportEdge; why: string }>()
  for (const edge of importEdges(root)) {
    for (const rule of RULES) {
      const why = rule.refuses(edge)
      // A file that imports the same file twice (statically and lazily) breaks the rule once.
      if (why) found.set(`${rule.name} ${edge.from} ${edge.to}`, { rule: rule.name, edge, why })
    }
  }
  return [...found.values()]
}

/** Each rule broken once on a made-up tree, beside imports each rule allows; every rule must report its breach and nothing else. */
function selfCheck(): string | undefined {
  const root = mkdtempSync(join(tmpdir(), 'import-direction-'))
  try {
    const make = (path: string, text = 'export const x = 1\n') => {
      mkdirSync(dirname(join(root, path)), { recursive: true })
      writeFileSync(join(root, path), text)
    }
    const importer = (path: string, ...specifiers: string[]) =>
      make(
        path,
        `${specifiers.map((s, i) => `import { x as x${i} } from '${s}'`).join('\n')}\nexport const x = [${specifiers.map((_, i) => `x${i}`).join(', ')}]\n`,
      )
    for (const file of ['api/src/features/a/index.ts', 'api/src/features/a/model.ts', 'api/src/features/a/store.ts', 'api/src/seed/demo.ts']) make(file)
    for (const file of [
      'api/src/shared/time.ts',
      'api/src/http/errors.ts',
      'web/src/features/a/index.ts',
      'web/src/features/a/Page.tsx',
      'web/src/lib/text.ts',
    ])
      make(file)
    for (const file of [
      'web/src/admin/features/a/index.ts',
      'web/src/admin/features/a/Screen.tsx',
      'web/src/admin/features/registry.ts',
      'web/src/admin/AdminRoutes.tsx',
    ])
      make(file)
    importer('api/src/http/routes.ts', '../features/a/index', './errors')
    importer('api/src/db/seed.ts', '../seed/demo')
    importer('api/src/shared/rules.ts', '../http/errors', './time')
    make('api/src/shared/hash.ts', "import { Elysia } from 'elysia'\nimport { createHash } from 'node:crypto'\nexport const x = [Elysia, createHash]\n")
    importer('api/src/features/b/index.ts', '../a/store', '../a/index', '../a/model', './own')
    make('api/src/features/b/own.ts')
    importer('web/src/features/b/index.ts', '../a/Page', '../a', './own')
    make('web/src/features/b/own.ts')
    importer('web/src/offline/sync.ts', '../features/a/index', '../lib/text')
    importer('web/src/admin/shell/Dashboard.tsx', '../features/a/Screen', '../features/registry', '../features/a')
    importer('web/src/admin/features/b/Screen.tsx', '../a/Screen', '../a/index')
    importer('web/src/App.tsx', './admin/AdminRoutes', './admin/features/a')
    importer('web/src/shell/Nav.tsx', '../admin/features/registry')
    importer('web/src/features/a/Page.test.tsx', '../b/own')
    const found = directionViolations(root).map(({ rule, edge }) => `${rule}: ${edge.from} → ${edge.to}`)
    const expected = [
      'API infrastructure does not import features or seed: api/src/http/routes.ts → api/src/features/a/index.ts',
      'API infrastructure does not import features or seed: api/src/db/seed.ts → api/src/seed/demo.ts',
      'api/src/shared imports only api/src/shared: api/src/shared/rules.ts → api/src/http/errors.ts',
      'api/src/shared imports only api/src/shared: api/src/shared/hash.ts → elysia',
      'API features import each other through index.ts or model.ts: api/src/features/b/index.ts → api/src/features/a/store.ts',
      'web features import each other through index.ts: web/src/features/b/index.ts → web/src/features/a/Page.tsx',
      'web infrastructure does not import features: web/src/offline/sync.ts → web/src/features/a/index.ts',
      'admin shell imports admin features only through registry.ts or an index: web/src/admin/shell/Dashboard.tsx → web/src/admin/features/a/Screen.tsx',
      'admin features import each other through index.ts: web/src/admin/features/b/Screen.tsx → web/src/admin/features/a/Screen.tsx',
      'public code does not import staff code: web/src/App.tsx → web/src/admin/features/a/index.ts',
      'public code does not import staff code: web/src/shell/Nav.tsx → web/src/admin/features/registry.ts',
    ]
    const missing = expected.filter((line) => !found.includes(line))
    const extra = found.filter((line) => !expected.includes(line))
    const untested = RULES.filter((rule) => !expected.some((line) => line.startsWith(`${rule.name}:`))).map((rule) => rule.name)
    if (missing.length + extra.length + untested.length === 0) return undefined
    return `self-check failed:\n  not reported: ${JSON.stringify(missing)}\n  reported wrongly: ${JSON.stringify(extra)}\n  rules without a breach: ${JSON.stringify(untested)}`
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
}

if (import.meta.main)
  runTreeCheck({
    selfCheck,
    find: directionViolations,
    describe: ({ rule, edge, why }) => `${edge.from} → ${edge.to}: ${why} [${rule}]`,
    summary: (count) => (count ? `${count} import(s) against the direction rules` : `every import follows the ${RULES.length} direction rules`),
  })
