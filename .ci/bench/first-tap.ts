/**
 * Section 9: what a slow phone does before the visitor first acts, and how fast the first tap is
 * answered. Chromium at 390×844 with its CPU slowed 4× (CDP Emulation.setCPUThrottlingRate, as
 * Lighthouse's mobile preset simulates), the app as visitors get it (it starts on the first action,
 * web/src/shell/appOnDemand.ts): each public route loaded, its long tasks (PerformanceObserver
 * 'longtask') recorded from navigation until 2 s after `load`; then the phone menu button tapped, and
 * the time from that tap to the next paint read from the Event Timing API (the tap's interaction).
 */
import type { Browser } from 'playwright-core'
import { chromium } from 'playwright-core'
import { CHROMIUM_PATH } from '../../web/e2e/harness'
import { TARGETS } from './targets'
import type { Check } from './verdict'
import { ms, table } from './report'

export interface FirstTapFigures {
  route: string
  runs: { longTasksMs: number[]; menuTapMs: number | null }[]
}

const PHONE = { width: 390, height: 844 }

interface Watched {
  longTasks: number[]
  taps: number[]
}

/** In the page from its first script: long tasks and the durations of interactions' events (Event Timing), as they are reported. */
const WATCH = `
  localStorage.setItem('cookiesAgreed', 'true')
  window.longTasks = []
  new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.longTasks.push(entry.duration) }).observe({ type: 'longtask', buffered: true })
  window.taps = []
  new PerformanceObserver((list) => { for (const entry of list.getEntries()) if (entry.interactionId) window.taps.push(entry.duration) })
    .observe({ type: 'event', durationThreshold: 16, buffered: true })
`

async function once(browser: Browser, origin: string, route: string): Promise<FirstTapFigures['runs'][number]> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2, serviceWorkers: 'block' })
  try {
    await context.addInitScript(WATCH)
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    await page.goto(`${origin}${route}`, { waitUntil: 'load' })
    // Functions, not strings: the pages' Content-Security-Policy forbids evaluating strings.
    await page.waitForFunction(
      () => performance.now() > (performance.getEntriesByType('navigation' as never)[0] as unknown as { loadEventEnd: number }).loadEventEnd + 2000,
      null,
      {
        polling: 250,
        timeout: 30_000,
      },
    )
    const longTasksMs = await page.evaluate(() => [...(globalThis as unknown as Watched).longTasks])
    await page.locator('.navbar__toggle').tap()
    await page.locator('.navbar__toggle[aria-expanded="true"]').waitFor({ timeout: 10_000 })
    // Event Timing reports an interaction once its next paint is done: a frame later, then the observer's task.
    const menuTapMs = await page
      .waitForFunction(
        () => {
          const { taps } = globalThis as unknown as Watched
          return taps.length ? Math.max(...taps) : null
        },
        null,
        { polling: 100, timeout: 5000 },
      )
      .then((handle) => handle.jsonValue() as Promise<number>)
      // No entry at the 16 ms threshold: the tap was answered within a frame.
      .catch(() => 16)
    return { longTasksMs, menuTapMs }
  } finally {
    await context.close()
  }
}

export async function measureFirstTap(origin: string, routes: string[], runs: number): Promise<FirstTapFigures[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH })
  try {
    const figures: FirstTapFigures[] = []
    for (const route of routes) {
      const routeRuns: FirstTapFigures['runs'] = []
      for (let i = 0; i < runs; i++) routeRuns.push(await once(browser, origin, route))
      figures.push({ route, runs: routeRuns })
    }
    return figures
  } finally {
    await browser.close()
  }
}

const longest = (run: FirstTapFigures['runs'][number]) => Math.max(0, ...run.longTasksMs)

export function firstTapTable(figures: FirstTapFigures[]): string {
  const rows = figures.flatMap((f) =>
    f.runs.map((run, i) => [f.route, String(i + 1), String(run.longTasksMs.length), ms(longest(run)), run.menuTapMs === null ? '–' : ms(run.menuTapMs)]),
  )
  return table(
    '9. Before the first action, 4× slower CPU at 390×844 (the app starts on the first action)',
    ['route', 'run', 'long tasks', 'longest', 'menu tap to next paint'],
    rows,
    ['long tasks: PerformanceObserver longtask entries from navigation to 2 s after load (real time under the 4× slowdown)'],
    1,
  )
}

export function firstTapChecks(figures: FirstTapFigures[]): Check[] {
  if (!figures.length) return []
  const worstTask = Math.max(...figures.flatMap((f) => f.runs.map(longest)))
  const worstTap = Math.max(...figures.flatMap((f) => f.runs.map((run) => run.menuTapMs ?? Infinity)))
  return [
    {
      target: `no task over ${ms(TARGETS.longTaskMs)} before the first action (4× CPU, every route)`,
      figure: ms(worstTask),
      met: worstTask <= TARGETS.longTaskMs,
    },
    {
      target: `phone menu's first tap to next paint ≤ ${ms(TARGETS.menuTapMs)} (4× CPU)`,
      figure: Number.isFinite(worstTap) ? ms(worstTap) : 'not measured',
      met: Number.isFinite(worstTap) ? worstTap <= TARGETS.menuTapMs : undefined,
    },
  ]
}
