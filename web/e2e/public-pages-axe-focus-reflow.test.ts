/**
 * Every public page, loaded once per size with the cookie notice showing (as a first visit shows it),
 * and checked in that one load (build first): axe with every WCAG 2.2 A/AA rule and best practice
 * finds nothing (phone and desktop); no two landmarks share a name, nor two links going to different
 * places, nor two buttons, as a screen reader lists them (phone and desktop); nothing scrolls sideways, also with WCAG 1.4.12's text spacing
 * (320 px, phone, 400 % zoom of 1280 px); every Tab stop shows a focus indicator, in view and not
 * hidden behind the fixed header or the notice (phone, desktop, 400 % zoom).
 */
import { describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { contextsOf, PUBLIC_PATHS, settled, ZOOM_400 } from './a11y-helpers'
import { ambiguousNames, axeViolations } from './a11y-staff-helpers'
import { DESKTOP, PHONE, useServerAndBrowser } from './harness'
import { reflowProblems, tabThroughPublicPage } from './page-checks'
import { acrossTabs } from './parallel-pages'

const suite = useServerAndBrowser()
const visit = contextsOf(suite)

type Check = 'axe' | 'names' | 'reflow' | 'tab'
type Viewport = { width: number; height: number }
const CHECKS: Record<Check, (page: Page, path: string) => Promise<string[]>> = {
  // axe reads the page as loaded; the text spacing is added and taken away again; the Tab walk moves focus last.
  axe: axeViolations,
  names: ambiguousNames,
  reflow: reflowProblems,
  tab: (page, path) => tabThroughPublicPage(page, path),
}

const SIZES: { viewport: Viewport; checks: Check[] }[] = [
  { viewport: PHONE, checks: ['axe', 'names', 'reflow', 'tab'] },
  { viewport: DESKTOP, checks: ['axe', 'names', 'tab'] },
  { viewport: ZOOM_400, checks: ['reflow', 'tab'] },
  { viewport: { width: 320, height: 640 }, checks: ['reflow'] },
]

const WORDS: Record<Check, string> = {
  axe: 'zero axe violations',
  names: 'landmarks, links and buttons are told apart',
  reflow: 'no sideways scrolling, with and without text spacing',
  tab: 'focus always visible and never hidden',
}

describe('every public page, cookie notice showing, one load per size', () => {
  for (const { viewport, checks } of SIZES)
    test(`${viewport.width}×${viewport.height}: ${checks.map((check) => WORDS[check]).join('; ')}`, async () => {
      const problems = await acrossTabs(
        () => visit({ viewport }),
        PUBLIC_PATHS,
        async (page, path) => {
          await page.goto(`${suite.server.url}${path}`)
          await settled(page)
          const found: string[] = []
          for (const check of checks) found.push(...(await CHECKS[check](page, `${path} at ${viewport.width}×${viewport.height}`)))
          return found
        },
      )
      expect(problems).toEqual([])
    }, 300_000)
})
