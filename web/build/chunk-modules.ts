import { isAbsolute, relative } from 'node:path'
import type { Plugin } from 'vite'

/** Where the list is written in the build: next to Vite's own manifest. */
export const CHUNK_MODULES_FILE = '.vite/chunk-modules.json'

/**
 * Writes which source modules went into each JavaScript chunk ({ "assets/index-….js": ["web/src/main.tsx",
 * "node_modules/react-dom/…", …] }, paths relative to the repository). Vite's manifest names only the
 * module a chunk starts from; this lets the bundle test see every module a page downloads, so admin
 * code or pdf.js bundled into a public chunk cannot go unnoticed.
 */
export function chunkModules(repositoryRoot: string): Plugin {
  return {
    name: 'venue:chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const modules: Record<string, string[]> = {}
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue
        modules[output.fileName] = Object.keys(output.modules).map((id) => (isAbsolute(id) ? relative(repositoryRoot, id) : id))
      }
      this.emitFile({ type: 'asset', fileName: CHUNK_MODULES_FILE, source: JSON.stringify(modules, null, 1) })
    },
  }
}
