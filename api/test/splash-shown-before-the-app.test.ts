/**
 * The splash card is placed by the page's own script before the app starts (web/src/shell/splashBeforeTheApp.ts),
 * while only the served page's inline CSS applies (the full sheet is media="print" until the app): the rules
 * that show it once placed, and fade it, must be inline too, though the served markup has no placed card.
 */
import { afterAll, expect, test } from 'bun:test'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { withCriticalCss } from '../src/http/critical-css'

const dist = mkdtempSync(join(tmpdir(), 'splash-css-'))
afterAll(() => rmSync(dist, { recursive: true, force: true }))

test('a served page carries inline the rules that show the placed splash card and fade it', async () => {
  mkdirSync(join(dist, 'assets'))
  writeFileSync(join(dist, 'assets', 'site.css'), readFileSync(join(import.meta.dir, '../../web/src/shell/splash.css'), 'utf8'))
  const page =
    '<!doctype html><html><head><link rel="stylesheet" crossorigin href="/assets/site.css"></head>' +
    '<body><div id="root"><div class="splash" aria-hidden="true"><img class="splash__logo" alt=""><p class="splash__name">Larkdale</p></div></div></body></html>'
  const css = /<style data-critical>([\s\S]*?)<\/style>/.exec(await withCriticalCss(page, dist))?.[1] ?? ''
  expect(css).toContain('.splash{')
  expect(css).toMatch(/\.splash\[data-placed\]\{visibility:visible\}/)
  expect(css).toMatch(/\.splash--fading\{opacity:0\}/)
  expect(css).toContain('@keyframes splash-in')
})
