/**
 * `npm run typecheck`: every part of the code against its own libs and types, one `tsc -p` each
 * (project references would need `composite`, which asks for declaration-ready exports everywhere).
 * All parts run even when one fails, so every error shows; exits 1 if any part failed.
 */
import { join } from 'node:path'

const root = join(import.meta.dir, '..')
const TYPECHECK_PROJECTS = ['tsconfig.api.json', 'tsconfig.web.json', 'tsconfig.sw.json', 'tsconfig.web-node.json']

let failed = 0
for (const project of TYPECHECK_PROJECTS) {
  console.log(`--- tsc -p ${project}`)
  const proc = Bun.spawn([join(root, 'node_modules/.bin/tsc'), '--noEmit', '-p', project], { cwd: root, stdout: 'inherit', stderr: 'inherit' })
  if ((await proc.exited) !== 0) failed++
}
if (failed > 0) console.log(`${failed} of ${TYPECHECK_PROJECTS.length} type-check projects failed`)
process.exit(failed > 0 ? 1 : 0)
