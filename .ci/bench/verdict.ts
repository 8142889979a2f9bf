/**
 * How a figure is judged: the worst of several runs (every run is held to its target, not the
 * median), the median beside it, and ✔ or ✘ — or – where there is no target or no figure.
 */
import { median } from './report'

export const mark = (ok: boolean | undefined): string => (ok === undefined ? '–' : ok ? '✔' : '✘')

/** Whether a bigger figure is better (a score) or worse (a time, a layout shift). */
export type Better = 'higher' | 'lower'

export interface Spread {
  worst: number
  median: number
}

/** The worst and the median of one figure over runs. */
export function spread(values: number[], better: Better): Spread {
  if (values.length === 0) throw new Error('no runs to judge')
  return { worst: better === 'higher' ? Math.min(...values) : Math.max(...values), median: median(values) }
}

/** Whether a figure meets its target; `better` says from which side. */
export function meets(value: number, target: number, better: Better): boolean {
  return better === 'higher' ? value >= target : value <= target
}

/** One Lighthouse run's figures. */
export interface RunFigures {
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  fcpMs: number
  lcpMs: number
  tbtMs: number
  cls: number
}

export const RUN_METRICS: Readonly<Record<keyof RunFigures, Better>> = {
  performance: 'higher',
  accessibility: 'higher',
  bestPractices: 'higher',
  seo: 'higher',
  fcpMs: 'lower',
  lcpMs: 'lower',
  tbtMs: 'lower',
  cls: 'lower',
}

const SCORES = new Set<keyof RunFigures>(['performance', 'accessibility', 'bestPractices', 'seo'])

/**
 * Each figure's worst and median over the runs of one route, every figure judged on its own (the worst
 * FCP and the worst TBT may come from different runs). A median score of an even number of runs is
 * rounded back to a whole number, as Lighthouse writes scores.
 */
export function summariseRuns(runs: RunFigures[]): { worst: RunFigures; median: RunFigures } {
  const worst = {} as RunFigures
  const middle = {} as RunFigures
  for (const [metric, better] of Object.entries(RUN_METRICS) as [keyof RunFigures, Better][]) {
    const { worst: w, median: m } = spread(
      runs.map((run) => run[metric]),
      better,
    )
    worst[metric] = w
    middle[metric] = SCORES.has(metric) ? Math.round(m) : m
  }
  return { worst, median: middle }
}

export interface RouteSummary {
  route: string
  worst: RunFigures
  median: RunFigures
}

/** The route with the worst run for one figure, its worst and its median; undefined with no routes. */
export function worstRoute(routes: RouteSummary[], metric: keyof RunFigures): { route: string; worst: number; median: number } | undefined {
  const better = RUN_METRICS[metric]
  let found: RouteSummary | undefined
  for (const route of routes) {
    if (!found) found = route
    else if (better === 'higher' ? route.worst[metric] < found.worst[metric] : route.worst[metric] > found.worst[metric]) found = route
  }
  return found && { route: found.route, worst: found.worst[metric], median: found.median[metric] }
}

/** A target of the issue, the figure measured for it, and whether it is met (undefined: not measured, or not judged here). */
export interface Check {
  target: string
  figure: string
  met: boolean | undefined
}
