/**
 * How `npm run bench` judges its figures against the performance targets: the worst run against the target, the median beside
 * it, ✔/✘, and a summary naming the route of the worst run and what a partial run left out. Pure logic
 * from .ci/bench, tested here so it runs with the API tests in `npm test`.
 */
import { describe, expect, test } from 'bun:test'
import { issue17Checks, lighthouseCoverage } from '../../.ci/bench/checklist'
import type { LighthouseFigures } from '../../.ci/bench/lighthouse'
import type { EndpointFigures } from '../../.ci/bench/load'
import { parseOptions } from '../../.ci/bench/options'
import { API_READS, LIGHTHOUSE_ROUTES } from '../../.ci/bench/targets'
import type { UploadFigures } from '../../.ci/bench/upload'
import { mark, meets, spread, summariseRuns, worstRoute, type RunFigures } from '../../.ci/bench/verdict'

const perfect: RunFigures = { performance: 100, accessibility: 100, bestPractices: 100, seo: 100, fcpMs: 600, lcpMs: 700, tbtMs: 0, cls: 0 }
const run = (changes: Partial<RunFigures>): RunFigures => ({ ...perfect, ...changes })

function route(path: string, runs: RunFigures[]): LighthouseFigures {
  return { route: path, runs, reruns: 0, ...summariseRuns(runs), failedAudits: [], consoleErrors: [] }
}

const checkOf = (checks: ReturnType<typeof issue17Checks>, start: string) => {
  const found = checks.find((check) => check.target.startsWith(start))
  if (!found) throw new Error(`no check starting '${start}' in ${checks.map((c) => c.target).join(' | ')}`)
  return found
}

describe('worst run and median', () => {
  test('a score is as bad as its lowest run, a time as its highest; the median sits beside it', () => {
    expect(spread([99, 95, 99], 'higher')).toEqual({ worst: 95, median: 99 })
    expect(spread([15, 242, 1], 'lower')).toEqual({ worst: 242, median: 15 })
    expect(spread([700, 900], 'lower')).toEqual({ worst: 900, median: 800 })
    expect(() => spread([], 'lower')).toThrow()
  })

  test('each figure takes its own worst run, and a median score is a whole number', () => {
    const { worst, median } = summariseRuns([run({ performance: 99, tbtMs: 15 }), run({ performance: 100, tbtMs: 242, fcpMs: 650 }), run({ fcpMs: 910 })])
    expect(worst).toEqual({ ...perfect, performance: 99, tbtMs: 242, fcpMs: 910 })
    expect(median.performance).toBe(100)
    expect(median.tbtMs).toBe(15)
    expect(median.fcpMs).toBe(650)
    expect(summariseRuns([run({ performance: 99 }), run({ performance: 100 })]).median.performance).toBe(100)
  })

  test('a target is met from the right side only, and the mark says so', () => {
    expect(meets(100, 100, 'higher')).toBe(true)
    expect(meets(99, 100, 'higher')).toBe(false)
    expect(meets(30, 30, 'lower')).toBe(true)
    expect(meets(30.5, 30, 'lower')).toBe(false)
    expect(meets(0.001, 0, 'lower')).toBe(false)
    expect([mark(true), mark(false), mark(undefined)]).toEqual(['✔', '✘', '–'])
  })

  test('the worst route is the one with the worst run, not the worst median', () => {
    const routes = [
      route('/', [run({ tbtMs: 20 }), run({ tbtMs: 25 }), run({ tbtMs: 28 })]),
      route('/contact', [run({ tbtMs: 0 }), run({ tbtMs: 95 }), run({ tbtMs: 1 })]),
    ]
    expect(worstRoute(routes, 'tbtMs')).toEqual({ route: '/contact', worst: 95, median: 1 })
    expect(worstRoute([], 'tbtMs')).toBeUndefined()
  })
})

describe('the checklist of performance targets', () => {
  const full = LIGHTHOUSE_ROUTES.map((path) => route(path, [perfect, perfect, perfect]))

  test('one slow run on one route misses Performance and TBT, naming the route, its worst and its median', () => {
    const lighthouse = full.map((r) => (r.route === '/stay' ? route('/stay', [perfect, run({ performance: 96, tbtMs: 80 }), perfect]) : r))
    const checks = issue17Checks({ browser: undefined, lighthouse, load: undefined, upload: undefined })
    expect(checkOf(checks, 'Lighthouse Performance 100')).toEqual({
      target: 'Lighthouse Performance 100, every route, every run',
      figure: 'worst 96 on /stay, median 100',
      met: false,
    })
    expect(checkOf(checks, 'Lighthouse TBT').met).toBe(false)
    expect(checkOf(checks, 'Lighthouse TBT').figure).toBe('worst 80 ms on /stay, median 0 ms')
    expect(checkOf(checks, 'Lighthouse FCP').met).toBe(true)
    expect(checkOf(checks, 'Lighthouse Best Practices').met).toBe(true)
    expect(lighthouseCoverage(lighthouse)).toBe('')
  })

  test('what was not measured is said so, never passed', () => {
    const checks = issue17Checks({ browser: undefined, lighthouse: [], load: undefined, upload: undefined })
    expect(checks.length).toBeGreaterThanOrEqual(8 + 2 + API_READS.length + 1 + 1 + 1)
    for (const check of checks) expect(check.met).toBeUndefined()
    expect(checkOf(checks, 'npm test').figure).toContain('not measured by the bench')
  })

  test('a partial Lighthouse run says which routes and runs it left out', () => {
    expect(lighthouseCoverage([route('/', [perfect])])).toBe(`not run on ${LIGHTHOUSE_ROUTES.slice(1).join(', ')}; 1 run per route, not 3`)
  })

  test('an API read must both keep up with the bare server and answer its 99th percentile in 10 ms', () => {
    const endpoint = (path: string, ratio: number, p99Ms: number): EndpointFigures => ({
      path,
      replyBytes: 1000,
      contentEncoding: null,
      server: { requestsPerSecond: ratio * 10_000, p50Ms: 1, p99Ms, non2xx: 0, errors: 0 },
      bare: { requestsPerSecond: 10_000, p50Ms: 1, p99Ms: 2, non2xx: 0, errors: 0 },
      ratio,
      peakRssBytes: 140_000_000,
    })
    const load = [endpoint('/api/opening-times', 0.8, 9), endpoint('/api/events', 0.9, 14), endpoint('/api/gallery/generic', 0.5, 3), endpoint('/', 0.2, 90)]
    const checks = issue17Checks({ browser: undefined, lighthouse: full, load, upload: undefined })
    expect(checkOf(checks, '/api/opening-times')).toMatchObject({ figure: '80 %, p99 9 ms', met: true })
    expect(checkOf(checks, '/api/events').met).toBe(false)
    expect(checkOf(checks, '/api/gallery/generic').met).toBe(false)
    expect(checkOf(checks, 'RSS under the read load')).toMatchObject({ figure: 'peak 140.0 MB', met: true })
  })

  test('the upload peak is judged against 350 MB and reports the time taken', () => {
    const upload = (peakRssBytes: number, variantsMs: number | null): UploadFigures => ({
      uploads: 20,
      meanBytes: 8_400_000,
      repliesMs: 12_300,
      variantsMs,
      variantsExpected: 160,
      variantsMade: variantsMs === null ? 40 : 160,
      peakRssBytes,
      serverPeakRssBytes: peakRssBytes,
      peakProcesses: 2,
      rssBeforeBytes: 100_000_000,
      rssAfterBytes: 120_000_000,
      samples: 900,
    })
    const met = issue17Checks({ browser: undefined, lighthouse: full, load: undefined, upload: upload(349_000_000, 95_000) })
    expect(checkOf(met, 'peak RSS while staff upload')).toEqual({
      target: 'peak RSS while staff upload 20 images of 8 MB at once ≤ 350.0 MB',
      figure: '349.0 MB; replies in 12.30 s, variants done in 95.00 s',
      met: true,
    })
    const missed = issue17Checks({ browser: undefined, lighthouse: full, load: undefined, upload: upload(590_000_000, null) })
    expect(checkOf(missed, 'peak RSS while staff upload')).toMatchObject({ met: false, figure: '590.0 MB; replies in 12.30 s, variants unfinished' })
  })
})

describe('command line', () => {
  test('by default every route with a performance target, three runs each; --quick runs / once; --only picks parts and refuses unknown ones', () => {
    const all = parseOptions([])
    expect(all.routes).toEqual(LIGHTHOUSE_ROUTES)
    expect(all.runs).toBe(3)
    expect([...all.sections]).toEqual(['assets', 'visits', 'lighthouse', 'first-tap', 'load', 'upload', 'held-bodies', 'worker-budgets'])
    const quick = parseOptions(['--quick'])
    expect([quick.routes, quick.runs, quick.durationSeconds]).toEqual([['/'], 1, 3])
    expect([...parseOptions(['--only=upload,load']).sections]).toEqual(['upload', 'load'])
    expect(() => parseOptions(['--only=uploads'])).toThrow('--only takes')
    expect(() => parseOptions(['--runs=0'])).toThrow()
  })
})
