/**
 * The `--peer` comparison: every run of ours beside the peer's run made just before or after it, and the
 * issue's comparative targets judged on the worst run (each of ours against the peer's in the same run).
 */
import type { PeerComparison, PeerRunFigures, Side } from './peer'
import { kb, ms, seconds, table } from './report'
import { PEER_TARGETS } from './targets'
import type { Check } from './verdict'

const s2 = (n: number) => (n / 1000).toFixed(2)

function row(run: number, r: PeerRunFigures): string[] {
  return [
    String(run),
    r.side,
    r.loadAverage.toFixed(2),
    String(r.performance),
    String(Math.round(r.tbtMs)),
    s2(r.fcpMs),
    s2(r.lcpMs),
    s2(r.speedIndexMs),
    r.cls.toFixed(3),
    kb(r.bytes),
    String(Math.round(r.styleLayoutMs)),
    String(Math.round(r.scriptEvaluationMs)),
    String(Math.round(r.otherMs)),
    String(Math.round(r.mainThreadMs)),
  ]
}

/** The runs of one side, in order (run i of each side were made one after the other). */
const sideRuns = (c: PeerComparison, side: Side) => c.runs.filter((r) => r.side === side)

export function peerTable(comparisons: PeerComparison[], peer: string, reportsDir: string): string {
  const rows = comparisons.flatMap((c) => {
    const ours = sideRuns(c, 'ours')
    return ours.flatMap((_, i) =>
      (['ours', 'peer', 'ours, scripts blocked'] as Side[]).flatMap((side) => {
        const r = sideRuns(c, side)[i]
        return r ? [[c.route, ...row(i + 1, r)]] : []
      }),
    )
  })
  return table(
    `3b. Lighthouse 12 mobile, ours beside the peer ${peer} (its /), alternately in one run`,
    [
      'route',
      'run',
      'site',
      'load',
      'Perf',
      'TBT ms',
      'FCP s',
      'LCP s',
      'SI s',
      'CLS',
      'bytes',
      'style+layout ms',
      'script eval ms',
      'other ms',
      'main thread ms',
    ],
    rows,
    [
      'load: the one-minute load average as the run started (figures compare only within a run)',
      'main-thread columns: Lighthouse mainthread-work-breakdown (simulated 4× slower CPU); "scripts blocked" = --blocked-url-patterns=*.js, on / only',
      ...comparisons.filter((c) => c.reruns).map((c) => `${c.route}: ${c.reruns} run(s) made again, Lighthouse having failed to record them`),
      `Lighthouse reports: ${reportsDir} (lighthouse-peer-*.json)`,
    ],
    3,
  )
}

/** The worst over runs of f(ours run i, peer run i). */
function worstPair(c: PeerComparison, side: Side, f: (ours: PeerRunFigures, peer: PeerRunFigures) => number, better: 'higher' | 'lower') {
  const peers = sideRuns(c, 'peer')
  const values = sideRuns(c, side).flatMap((r, i) => (peers[i] ? [f(r, peers[i]!)] : []))
  if (!values.length) return undefined
  return better === 'higher' ? Math.min(...values) : Math.max(...values)
}

function routeChecks(c: PeerComparison): Check[] {
  const t = PEER_TARGETS
  const check = (target: string, value: number | undefined, ok: (v: number) => boolean, format: (v: number) => string): Check => ({
    target: `${c.route}: ${target}, worst run`,
    figure: value === undefined ? 'not measured' : format(value),
    met: value === undefined ? undefined : ok(value),
  })
  const signed = (v: number) => `${v >= 0 ? '+' : ''}${Math.round(v)}`
  return [
    check(
      'Performance ≥ the peer’s in the same run',
      worstPair(c, 'ours', (o, p) => o.performance - p.performance, 'higher'),
      (v) => v >= 0,
      (v) => `${signed(v)} points`,
    ),
    check(
      `TBT ≤ ${ms(t.tbtMs)}`,
      worstPair(c, 'ours', (o) => o.tbtMs, 'lower'),
      (v) => v <= t.tbtMs,
      ms,
    ),
    check(
      `TBT ≤ the peer’s + ${ms(t.tbtOverPeerMs)} in the same run`,
      worstPair(c, 'ours', (o, p) => o.tbtMs - p.tbtMs, 'lower'),
      (v) => v <= t.tbtOverPeerMs,
      (v) => `${signed(v)} ms`,
    ),
    check(
      `LCP ≤ ${seconds(t.lcpMs)}`,
      worstPair(c, 'ours', (o) => o.lcpMs, 'lower'),
      (v) => v <= t.lcpMs,
      seconds,
    ),
    check(
      `FCP ≤ ${seconds(t.fcpMs)}`,
      worstPair(c, 'ours', (o) => o.fcpMs, 'lower'),
      (v) => v <= t.fcpMs,
      seconds,
    ),
    check(
      `CLS ${t.cls}`,
      worstPair(c, 'ours', (o) => o.cls, 'lower'),
      (v) => v <= t.cls,
      (v) => v.toFixed(3),
    ),
  ]
}

export function peerChecks(comparisons: PeerComparison[]): Check[] {
  const home = comparisons.find((c) => c.route === '/')
  const over = home && worstPair(home, 'ours, scripts blocked', (o, p) => o.mainThreadMs - p.mainThreadMs, 'lower')
  const scriptless: Check = {
    target: '/ with scripts blocked: main-thread time ≤ the peer’s in the same run, worst run',
    figure: over === undefined ? 'not measured' : `${over >= 0 ? '+' : ''}${Math.round(over)} ms beside the peer`,
    met: over === undefined ? undefined : over <= 0,
  }
  return [...comparisons.flatMap(routeChecks), ...(home ? [scriptless] : [])]
}
