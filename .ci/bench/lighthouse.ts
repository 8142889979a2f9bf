/**
 * Section 3: Lighthouse 12, mobile with its default simulated throttling, run by Node (its CLI does not
 * run under Bun) against the real server. Each route runs `runs` times; every run's figures are kept,
 * with each figure's worst run (what the targets judge) and median.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../web/e2e/harness'
import { run } from './processes'
import { summariseRuns, type RunFigures } from './verdict'

const root = join(import.meta.dir, '..', '..')
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const

export interface LighthouseFigures {
  route: string
  /** Every run, in order. */
  runs: RunFigures[]
  /** Runs made again because Lighthouse itself failed to record them and asked for a rerun. */
  reruns: number
  /** Each figure's worst run (scores: the lowest; times and CLS: the highest). */
  worst: RunFigures
  median: RunFigures
  /** Audits that cost points outside Performance, from any run: where to look first. */
  failedAudits: string[]
  /** The browser console's errors in any run (they cost Best Practices points): where from (console.error, network, exception…) and which URL, shortened. */
  consoleErrors: string[]
}

export interface Report {
  lighthouseVersion: string
  runtimeError?: { code: string; message: string }
  categories: Record<(typeof CATEGORIES)[number], { score: number | null; auditRefs: Array<{ id: string; weight: number }> }>
  audits: Record<
    string,
    {
      title: string
      score: number | null
      numericValue?: number
      scoreDisplayMode: string
      details?: {
        items?: Array<{ description?: string; source?: string; sourceLocation?: { url?: string }; group?: string; duration?: number }>
      }
    }
  >
}

/** `extraArgs`: more CLI flags, e.g. the peer comparison's `--blocked-url-patterns=*.js`. */
export async function lighthouseOnce(url: string, outputPath: string, extraArgs: string[] = []): Promise<Report> {
  await run(
    'node',
    [
      join(root, 'node_modules/lighthouse/cli/index.js'),
      url,
      '--output=json',
      `--output-path=${outputPath}`,
      `--only-categories=${CATEGORIES.join(',')}`,
      `--chrome-flags=${CHROMIUM_ARGS.join(' ')}`,
      '--quiet',
      ...extraArgs,
    ],
    { env: { CHROME_PATH: CHROMIUM_PATH }, stopSignal: 'SIGINT', timeoutMs: 180_000 },
  )
  const report = JSON.parse(readFileSync(outputPath, 'utf8')) as Report
  if (report.runtimeError) throw new Error(`Lighthouse could not measure ${url}: ${report.runtimeError.code} ${report.runtimeError.message}`)
  return report
}

export function metric(report: Report, audit: string): number {
  const value = report.audits[audit]?.numericValue
  if (value === undefined) throw new Error(`Lighthouse reported no ${audit}`)
  return value
}

export function score(report: Report, category: (typeof CATEGORIES)[number]): number {
  const value = report.categories[category]?.score
  if (value === null || value === undefined) throw new Error(`Lighthouse reported no ${category} score`)
  return Math.round(value * 100)
}

/**
 * Lighthouse's own tracing hiccups (NO_NAVSTART and the like end with "Please run Lighthouse again"):
 * not the page's fault, so that run is made again, up to twice, and counted. Any other failure stands.
 */
export const ASKS_FOR_A_RERUN = /run Lighthouse again|NO_NAVSTART/i
export const RERUNS = 2

export async function measureLighthouse(origin: string, route: string, runs: number, outputDir: string): Promise<LighthouseFigures> {
  const reports: Report[] = []
  let reruns = 0
  const name = route === '/' ? 'home' : route.replace(/\W+/g, '-').replace(/^-|-$/g, '')
  for (let i = 0; i < runs; i++) {
    for (let attempt = 0; ; attempt++) {
      try {
        reports.push(await lighthouseOnce(`${origin}${route}`, join(outputDir, `lighthouse-${name}-${i + 1}.json`)))
        break
      } catch (error) {
        if (attempt >= RERUNS || !ASKS_FOR_A_RERUN.test(String(error))) throw error
        reruns++
      }
    }
  }
  return lighthouseFigures(route, reports, reruns)
}

/** One route's figures from its runs' reports (also used by --peer for our side of its runs). */
export function lighthouseFigures(route: string, reports: Report[], reruns: number): LighthouseFigures {
  const failedAudits = reports.flatMap((report) =>
    CATEGORIES.filter((c) => c !== 'performance')
      .flatMap((category) => report.categories[category].auditRefs.filter((ref) => ref.weight > 0).map((ref) => ref.id))
      .map((id) => ({ id, audit: report.audits[id] }))
      // Any audit that weighs in its category and scored under full marks (binary or on a scale).
      .filter(({ audit }) => !!audit && ['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode) && audit.score !== null && audit.score < 1)
      .map(({ id, audit }) => `${audit!.title} (${id})`),
  )
  const consoleErrors = reports.flatMap((report) =>
    (report.audits['errors-in-console']?.details?.items ?? []).map((item) =>
      `${item.source ?? '?'} ${item.sourceLocation?.url ?? ''}: ${(item.description ?? '').replace(/\s+/g, ' ').slice(0, 160)}`.replace(/ :/, ':'),
    ),
  )
  const figures = reports.map(
    (report): RunFigures => ({
      performance: score(report, 'performance'),
      accessibility: score(report, 'accessibility'),
      bestPractices: score(report, 'best-practices'),
      seo: score(report, 'seo'),
      fcpMs: metric(report, 'first-contentful-paint'),
      lcpMs: metric(report, 'largest-contentful-paint'),
      tbtMs: metric(report, 'total-blocking-time'),
      cls: metric(report, 'cumulative-layout-shift'),
    }),
  )
  return {
    route,
    runs: figures,
    reruns,
    ...summariseRuns(figures),
    failedAudits: [...new Set(failedAudits)],
    consoleErrors: [...new Set(consoleErrors)],
  }
}
