/**
 * Section 3: Lighthouse 12, mobile with its default simulated throttling, run by Node (its CLI does not
 * run under Bun) against the real server. Each route runs `runs` times; every figure is the median.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../web/e2e/harness'
import { run } from './processes'
import { median } from './report'

const root = join(import.meta.dir, '..', '..')
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const

export interface LighthouseFigures {
  route: string
  runs: number
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  lcpMs: number
  fcpMs: number
  cls: number
  tbtMs: number
  /** Audits that cost points outside Performance (title and score), from the last run: where to look first. */
  failedAudits: string[]
  /** The browser console's errors during the last run (they cost Best Practices points), shortened. */
  consoleErrors: string[]
}

interface Report {
  lighthouseVersion: string
  runtimeError?: { code: string; message: string }
  categories: Record<(typeof CATEGORIES)[number], { score: number | null; auditRefs: Array<{ id: string; weight: number }> }>
  audits: Record<
    string,
    { title: string; score: number | null; numericValue?: number; scoreDisplayMode: string; details?: { items?: Array<{ description?: string }> } }
  >
}

async function lighthouseOnce(url: string, outputPath: string): Promise<Report> {
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
    ],
    { env: { CHROME_PATH: CHROMIUM_PATH }, stopSignal: 'SIGINT', timeoutMs: 180_000 },
  )
  const report = JSON.parse(readFileSync(outputPath, 'utf8')) as Report
  if (report.runtimeError) throw new Error(`Lighthouse could not measure ${url}: ${report.runtimeError.code} ${report.runtimeError.message}`)
  return report
}

function metric(report: Report, audit: string): number {
  const value = report.audits[audit]?.numericValue
  if (value === undefined) throw new Error(`Lighthouse reported no ${audit}`)
  return value
}

function score(report: Report, category: (typeof CATEGORIES)[number]): number {
  const value = report.categories[category]?.score
  if (value === null || value === undefined) throw new Error(`Lighthouse reported no ${category} score`)
  return Math.round(value * 100)
}

/** Scores are whole numbers in Lighthouse's own reports; a median of an even number of runs is rounded back to one. */
const medianScore = (reports: Report[], category: (typeof CATEGORIES)[number]) => Math.round(median(reports.map((r) => score(r, category))))

export async function measureLighthouse(origin: string, route: string, runs: number, outputDir: string): Promise<LighthouseFigures> {
  const reports: Report[] = []
  for (let i = 0; i < runs; i++) {
    const name = route === '/' ? 'home' : route.replace(/\W+/g, '-').replace(/^-|-$/g, '')
    reports.push(await lighthouseOnce(`${origin}${route}`, join(outputDir, `lighthouse-${name}-${i + 1}.json`)))
  }
  const last = reports.at(-1)!
  const failedAudits = CATEGORIES.filter((c) => c !== 'performance')
    .flatMap((category) => last.categories[category].auditRefs.filter((ref) => ref.weight > 0).map((ref) => ref.id))
    .map((id) => last.audits[id])
    .filter((audit): audit is NonNullable<typeof audit> => !!audit && audit.scoreDisplayMode === 'binary' && audit.score === 0)
    .map((audit) => audit.title)
  return {
    route,
    runs,
    performance: medianScore(reports, 'performance'),
    accessibility: medianScore(reports, 'accessibility'),
    bestPractices: medianScore(reports, 'best-practices'),
    seo: medianScore(reports, 'seo'),
    lcpMs: median(reports.map((r) => metric(r, 'largest-contentful-paint'))),
    fcpMs: median(reports.map((r) => metric(r, 'first-contentful-paint'))),
    cls: median(reports.map((r) => metric(r, 'cumulative-layout-shift'))),
    tbtMs: median(reports.map((r) => metric(r, 'total-blocking-time'))),
    failedAudits: [...new Set(failedAudits)],
    consoleErrors: (last.audits['errors-in-console']?.details?.items ?? []).map((item) => (item.description ?? '').replace(/\s+/g, ' ').slice(0, 160)),
  }
}
