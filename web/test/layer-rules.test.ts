/**
 * The layer rules in biome.jsonc (`npm run layers`, and the no-Bun-in-the-browser rule) really refuse what they say they refuse: each probe is a
 * one-import file at a path in a scratch copy of the tree's layout, linted with the project's own config.
 * A rule whose pattern or file scope stopped matching would let its probe through and fail here.
 */
import { expect, test } from 'bun:test'
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

const root = join(import.meta.dir, '../..')

/** [file, its one import, refused?] */
const PROBES: Array<[string, string, boolean]> = [
  // Public code never imports staff code…
  ['web/src/features/events/Events.tsx', "import '../../admin/stores'", true],
  ['web/src/shell/Layout.tsx', "import { x } from '../admin/ui'", true],
  ['web/src/ui/Hero.tsx', "import { x } from '../admin/ui'", true],
  ['web/src/stores/publicStore.ts', "export { y } from '../admin/adminApi'", true],
  // …except App.tsx's lazy staff entry, and nothing else from App.tsx.
  ['web/src/App.tsx', "const Admin = () => import('./admin/AdminRoutes')", false],
  ['web/src/App.tsx', "import './admin/stores'", true],
  // Web code takes from the API only shared rules and model types.
  ['web/src/features/home/UsesServer.tsx', "import '../../../../api/src/app'", true],
  ['web/src/features/events/UsesStore.tsx', "import '../../../../api/src/features/events/store'", true],
  ['web/src/admin/UsesDb.ts', "import '../../../api/src/db/database'", true],
  ['web/src/ui/UsesShared.tsx', "import '../../../api/src/shared/time'", false],
  ['web/src/api/UsesModel.ts', "export type { VenueEvent } from '../../../api/src/features/events/model'", false],
  // lib/ is pure logic, and so are the pure files beside a feature or in the shell; the rest of a feature may use the client.
  ['web/src/lib/usesOffline.ts', "import '../offline/sync'", true],
  ['web/src/lib/usesClient.ts', "import { apiGet } from '../api/client'", true],
  ['web/src/lib/usesTypes.ts', "import type { VenueEvent } from '../api/types'", false],
  ['web/src/features/events/eventDisplay.ts', "import '../../offline/sync'", true],
  ['web/src/shell/pageArrival.ts', "import { apiGet } from '../api/client'", true],
  ['web/src/features/login/Login.tsx', "import { api } from '../../api/client'", false],
  // Staff screens go through the admin layer, not the outbox; the admin layer itself may use it.
  ['web/src/admin/features/galleries/Screen.tsx', "import { discard } from '../../../offline/outbox'", true],
  ['web/src/admin/features/events/EventsScreen.tsx', "import '../../../offline/outbox/replay'", true],
  ['web/src/admin/features/galleries/Other.tsx', "import '../../adminApi'", false],
  ['web/src/admin/adminLayer.ts', "import { submit } from '../offline/outbox'", false],
  // Tests beside public code may use server helpers, still not staff code.
  ['web/src/features/home/Home.test.tsx', "import { demoVenue } from '../../../../api/src/config'", false],
  ['web/src/shell/Other.test.tsx', "import '../admin/stores'", true],
  // Browser code has no Bun (its type check cannot tell: Bun's globals leak in through elysia's types).
  ['web/src/lib/usesBun.ts', "export const file = Bun.file('x')", true],
  ['web/src/lib/bun.test.ts', "export const file = Bun.file('x')", false],
]

/** Probes split so no file appears twice in one scratch tree (App.tsx is probed twice). */
function rounds(): Array<typeof PROBES> {
  const out: Array<typeof PROBES> = []
  for (const probe of PROBES) {
    const round = out.find((r) => !r.some(([file]) => file === probe[0]))
    if (round) round.push(probe)
    else out.push([probe])
  }
  return out
}

test('the layer rules refuse each forbidden import and allow the permitted ones', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'layer-rules-'))
  try {
    const results: Record<string, boolean> = {}
    for (const [index, probes] of rounds().entries()) {
      const dir = join(scratch, String(index))
      mkdirSync(dir)
      copyFileSync(join(root, 'biome.jsonc'), join(dir, 'biome.jsonc'))
      for (const [file, line] of probes) {
        mkdirSync(dirname(join(dir, file)), { recursive: true })
        writeFileSync(join(dir, file), `${line}\n`)
      }
      const lint = Bun.spawnSync(
        [
          join(root, 'node_modules/.bin/biome'),
          'lint',
          '--vcs-enabled=false',
          '--only=style/noRestrictedImports',
          '--only=style/noRestrictedGlobals',
          '--reporter=json',
          '--colors=off',
          '.',
        ],
        { cwd: dir, stdout: 'pipe', stderr: 'pipe' },
      )
      const report = lint.stdout
        .toString()
        .split('\n')
        .find((l) => l.startsWith('{'))
      if (!report) throw new Error(`biome printed no report:\n${lint.stdout}\n${lint.stderr}`)
      const refused = new Set((JSON.parse(report) as { diagnostics: Array<{ location?: { path?: string } }> }).diagnostics.map((d) => d.location?.path))
      for (const [file, line] of probes) results[`${file}: ${line}`] = refused.has(file)
    }
    expect(results).toEqual(Object.fromEntries(PROBES.map(([file, line, refused]) => [`${file}: ${line}`, refused])))
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
})
