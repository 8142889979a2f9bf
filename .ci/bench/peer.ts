/**
 * `--peer <url>`: Lighthouse mobile on a peer site's home page and on ours, alternately in one run (ours,
 * peer, ours with every script blocked, then again), so both see the same machine: on a shared machine
 * only figures taken side by side are comparable. Each run keeps the load average at its start.
 */
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { ASKS_FOR_A_RERUN, type LighthouseFigures, lighthouseFigures, lighthouseOnce, metric, RERUNS, type Report, score } from './lighthouse'

/** Which site a run measured: ours, the peer's `/`, or ours with its scripts blocked (HTML and CSS alone). */
export type Side = 'ours' | 'peer' | 'ours, scripts blocked'

export interface PeerRunFigures {
  side: Side
  url: string
  performance: number
  tbtMs: number
  fcpMs: number
  lcpMs: number
  speedIndexMs: number
  cls: number
  bytes: number
  /** From `mainthread-work-breakdown`, by Lighthouse's group. */
  styleLayoutMs: number
  scriptEvaluationMs: number
  otherMs: number
  mainThreadMs: number
  /** One-minute load average when the run started. */
  loadAverage: number
}

export interface PeerComparison {
  route: string
  /** Runs in the order made; run i of each side is a "same run" pair. */
  runs: PeerRunFigures[]
  reruns: number
  /** Our side's runs as the usual Lighthouse section reads them (all four categories), so it is not run twice. */
  ours: LighthouseFigures
}

function breakdown(report: Report, group: string): number {
  const items = report.audits['mainthread-work-breakdown']?.details?.items ?? []
  return items.filter((item) => item.group === group).reduce((sum, item) => sum + (item.duration ?? 0), 0)
}

function figuresOf(report: Report, side: Side, url: string, loadAverage: number): PeerRunFigures {
  return {
    side,
    url,
    performance: score(report, 'performance'),
    tbtMs: metric(report, 'total-blocking-time'),
    fcpMs: metric(report, 'first-contentful-paint'),
    lcpMs: metric(report, 'largest-contentful-paint'),
    speedIndexMs: metric(report, 'speed-index'),
    cls: metric(report, 'cumulative-layout-shift'),
    bytes: metric(report, 'total-byte-weight'),
    styleLayoutMs: breakdown(report, 'styleLayout'),
    scriptEvaluationMs: breakdown(report, 'scriptEvaluation'),
    otherMs: breakdown(report, 'other'),
    mainThreadMs: metric(report, 'mainthread-work-breakdown'),
    loadAverage,
  }
}

// Blocking every script leaves what the HTML and CSS alone cost the phone (the first question).
const BLOCK_SCRIPTS = ['--blocked-url-patterns=*.js']

/**
 * For each of `runs`: our `route`, the peer's `/`, and — on `/` only, to keep the run short — our `/` with
 * its scripts blocked. Reports go to `outputDir` as lighthouse-peer-<route>-<side>-<n>.json.
 */
export async function measurePeer(origin: string, peer: string, route: string, runs: number, outputDir: string): Promise<PeerComparison> {
  const name = route === '/' ? 'home' : route.replace(/\W+/g, '-').replace(/^-|-$/g, '')
  const peerHome = new URL('/', peer).href
  const sides: Array<{ side: Side; url: string; args: string[]; file: string }> = [
    { side: 'ours', url: `${origin}${route}`, args: [], file: 'ours' },
    { side: 'peer', url: peerHome, args: [], file: 'peer' },
    ...(route === '/' ? [{ side: 'ours, scripts blocked' as Side, url: `${origin}/`, args: BLOCK_SCRIPTS, file: 'ours-noscript' }] : []),
  ]
  const runsMade: PeerRunFigures[] = []
  const ourReports: Report[] = []
  let reruns = 0
  for (let i = 0; i < runs; i++) {
    for (const { side, url, args, file } of sides) {
      for (let attempt = 0; ; attempt++) {
        const loadAverage = loadavg()[0]!
        try {
          const report = await lighthouseOnce(url, join(outputDir, `lighthouse-peer-${name}-${file}-${i + 1}.json`), args)
          runsMade.push(figuresOf(report, side, url, Math.round(loadAverage * 100) / 100))
          if (side === 'ours') ourReports.push(report)
          break
        } catch (error) {
          if (attempt >= RERUNS || !ASKS_FOR_A_RERUN.test(String(error))) throw error
          reruns++
        }
      }
    }
  }
  return { route, runs: runsMade, reruns, ours: lighthouseFigures(route, ourReports, reruns) }
}
