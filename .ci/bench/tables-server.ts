/** Sections 4–5 of the report: the API under load, server start-up and memory. */
import type { EndpointFigures } from './load'
import type { VariantWait } from './server'
import { kb, mb, met, ms, seconds, table } from './report'
import { TARGETS } from './targets'

export function loadTable(results: EndpointFigures[], connections: number, durationSeconds: number): string {
  const mark = (text: string, ok: boolean) => (ok ? text : `${text}*`)
  const rows = results.map((r) => [
    r.path,
    `${kb(r.replyBytes)}${r.contentEncoding ? ` ${r.contentEncoding}` : ''}`,
    Math.round(r.server.requestsPerSecond).toString(),
    ms(r.server.p50Ms),
    mark(ms(r.server.p99Ms), r.server.p99Ms <= TARGETS.p99Ms),
    Math.round(r.bare.requestsPerSecond).toString(),
    ms(r.bare.p50Ms),
    ms(r.bare.p99Ms),
    mark(`${Math.round(r.ratio * 100)} %`, r.ratio >= TARGETS.throughputRatio),
  ])
  rows.push(['target', '', '', '', `≤ ${ms(TARGETS.p99Ms)}`, '', '', '', `≥ ${TARGETS.throughputRatio * 100} %`])
  const troubled = results.flatMap((r) =>
    (['server', 'bare'] as const)
      .filter((which) => r[which].non2xx || r[which].errors)
      .map((which) => `${r.path} (${which}): ${r[which].non2xx} non-2xx replies, ${r[which].errors} errors/timeouts — figures suspect`),
  )
  return table(
    `4. API and served pages (from the render cache) under load: autocannon, ${connections} connections, ${durationSeconds} s per run, Accept-Encoding gzip/br; the real server vs a bare Bun.serve sending the same bytes`,
    ['endpoint', 'reply', 'req/s', 'p50', 'p99', 'bare req/s', 'bare p50', 'bare p99', 'ratio'],
    rows,
    ['* = target missed; the server runs with NODE_ENV=production (one request log line per request, to a file)', ...troubled],
  )
}

export interface ServerFigures {
  firstStart: number | undefined
  coldStart: number | undefined
  load: EndpointFigures[] | undefined
  variants: VariantWait | undefined
}

export function serverTable({ firstStart, coldStart, load, variants }: ServerFigures): string {
  const peak = load?.length ? Math.max(...load.map((r) => r.peakRssBytes)) : undefined
  const rows: string[][] = [
    ['first start (empty DATA_DIR, seeds demo content)', firstStart === undefined ? 'not measured' : ms(firstStart), '', ''],
    ['cold start (spawn to first 200 of /api/health)', coldStart === undefined ? 'not measured' : ms(coldStart), '', ''],
    [
      'peak RSS under load',
      peak === undefined ? 'not measured' : mb(peak),
      `≤ ${mb(TARGETS.peakRssBytes)}`,
      peak === undefined ? '' : met(peak <= TARGETS.peakRssBytes),
    ],
    [
      'image variants ready',
      !variants
        ? 'not measured'
        : variants.state === 'none'
          ? 'API lists none'
          : `${variants.state} (${variants.variants}) after ${seconds(variants.waitedMs)}`,
      '',
      '',
    ],
  ]
  return table('5. Server start and memory', ['', 'value', 'target', 'met'], rows, [
    'peak RSS: the kernel high-water mark (VmHWM), reset before the load, and RSS sampled every 200 ms',
  ])
}
