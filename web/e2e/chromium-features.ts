/**
 * The features Chromium runs without under these tests. Chromium reads only the last
 * `--disable-features` it is given, and playwright-core passes its own list, so ours is its list and
 * more. Its list is read from the playwright-core installed (it is not exported); if that cannot be
 * read the tests stop rather than run a Chromium that differs from Playwright's in ways nobody chose
 * (PaintHolding alone changes when the first paint comes).
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

/**
 * A spare renderer is started ahead of the next navigation, but for one browser context: with a few
 * contexts loading pages side by side each took the others' spare and had a new one made, 60 renderer
 * processes for 24 page loads in four contexts (18 without).
 */
const OURS = ['SpareRendererForSitePerProcess']

function playwrightDisabledFeatures(): string[] {
  const require = createRequire(import.meta.url)
  const bundle = readFileSync(join(dirname(require.resolve('playwright-core/package.json')), 'lib', 'coreBundle.js'), 'utf8')
  const list = /disabledFeatures = \[([^\]]*)\]/.exec(bundle)?.[1]
  const names = list
    ?.replace(/\/\/[^\n]*/g, '')
    .match(/"[^"]*"/g)
    ?.map((quoted) => quoted.slice(1, -1))
  if (!names?.includes('PaintHolding')) throw new Error("Cannot read playwright-core's --disable-features list: see web/e2e/chromium-features.ts")
  return names
}

export const DISABLE_FEATURES = `--disable-features=${[...playwrightDisabledFeatures(), ...OURS].join(',')}`
