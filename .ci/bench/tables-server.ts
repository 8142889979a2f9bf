/** Sections 4–6 of the report: the API under load, server start-up and memory, memory under staff uploads. */
import type { EndpointFigures } from './load'
import type { BackgroundWait, VariantWait } from './server'
import { kb, mb, ms, seconds, table } from './report'
import { API_READS, TARGETS } from './targets'
import type { UploadFigures } from './upload'
import { mark } from './verdict'

/** The targets of one path under load: throughput for the API reads, latency for the served pages. */
export function loadTargets(path: string): { ratio: number; p99Ms: number } {
  return { ratio: TARGETS.throughputRatio, p99Ms: API_READS.includes(path) ? TARGETS.apiP99Ms : TARGETS.pageP99Ms }
}

export function loadTable(results: EndpointFigures[], connections: number, durationSeconds: number): string {
  const rows = results.map((r) => {
    const target = loadTargets(r.path)
    return [
      r.path,
      `${kb(r.replyBytes)}${r.contentEncoding ? ` ${r.contentEncoding}` : ''}`,
      Math.round(r.server.requestsPerSecond).toString(),
      ms(r.server.p50Ms),
      `${ms(r.server.p99Ms)} ${mark(r.server.p99Ms <= target.p99Ms)}`,
      Math.round(r.bare.requestsPerSecond).toString(),
      ms(r.bare.p50Ms),
      ms(r.bare.p99Ms),
      `${Math.round(r.ratio * 100)} % ${mark(r.ratio >= target.ratio)}`,
      `≥ ${target.ratio * 100} %, p99 ≤ ${ms(target.p99Ms)}`,
    ]
  })
  const troubled = results.flatMap((r) =>
    (['server', 'bare'] as const)
      .filter((which) => r[which].non2xx || r[which].errors)
      .map((which) => `${r.path} (${which}): ${r[which].non2xx} non-2xx replies, ${r[which].errors} errors/timeouts — figures suspect`),
  )
  return table(
    `4. API and served pages (from the render cache) under load: autocannon, ${connections} connections, ${durationSeconds} s per run, Accept-Encoding gzip/br; the real server vs a bare Bun.serve sending the same bytes`,
    ['endpoint', 'reply', 'req/s', 'p50', 'p99', 'bare req/s', 'bare p50', 'bare p99', 'ratio', 'target'],
    rows,
    [
      'targets: throughput for the API reads, p99 ≤ 20 ms and as fast as a file for the pages',
      'the server runs with NODE_ENV=production (one request log line per request, to a file)',
      ...troubled,
    ],
  )
}

/** The highest RSS of the server's process tree over the whole read load. */
export const readLoadPeak = (load: EndpointFigures[] | undefined) => (load?.length ? Math.max(...load.map((r) => r.peakRssBytes)) : undefined)

export interface ServerFigures {
  firstStart: number | undefined
  coldStart: number | undefined
  load: EndpointFigures[] | undefined
  variants: VariantWait | undefined
  background: BackgroundWait | undefined
}

export function serverTable({ firstStart, coldStart, load, variants, background }: ServerFigures): string {
  const peak = readLoadPeak(load)
  const rows: string[][] = [
    ['first start (empty DATA_DIR, seeds demo content)', firstStart === undefined ? 'not measured' : ms(firstStart), '', ''],
    ['cold start (spawn to first 200 of /api/health)', coldStart === undefined ? 'not measured' : ms(coldStart), '', ''],
    [
      'peak RSS under the read load (section 4)',
      peak === undefined ? 'not measured' : mb(peak),
      `≤ ${mb(TARGETS.readLoadRssBytes)}`,
      peak === undefined ? mark(undefined) : mark(peak <= TARGETS.readLoadRssBytes),
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
    ["the start's picture copies done (file worker gone)", !background ? 'not measured' : `${background.state} after ${seconds(background.waitedMs)}`, '', ''],
  ]
  return table('5. Server start and memory', ['', 'value', 'target', 'met'], rows, [
    "RSS: the server and every process it started, summed, sampled every 200 ms; or the server's own high-water mark (VmHWM, reset before each run) if higher",
    'the read load starts once the copies the start makes of every picture are done, as on a server that has been up a while',
  ])
}

export function uploadTable(figures: UploadFigures): string {
  const variants =
    figures.variantsMs === null
      ? `${figures.variantsMade} of ${figures.variantsExpected} made, then gave up`
      : `${figures.variantsExpected} made after ${seconds(figures.variantsMs)}`
  const rows: string[][] = [
    [
      'peak RSS (server and its child processes)',
      mb(figures.peakRssBytes),
      `≤ ${mb(TARGETS.uploadPeakRssBytes)}`,
      mark(figures.peakRssBytes <= TARGETS.uploadPeakRssBytes),
    ],
    ["the server's own peak (VmHWM)", figures.serverPeakRssBytes === null ? 'not readable' : mb(figures.serverPeakRssBytes), '', ''],
    ['RSS before / after', `${mb(figures.rssBeforeBytes)} / ${mb(figures.rssAfterBytes)}`, '', ''],
    ['processes in the tree at most', String(figures.peakProcesses), '', ''],
    ['all replies (201) after', seconds(figures.repliesMs), '', ''],
    ['image variants', variants, '', ''],
  ]
  return table(
    `6. Memory while staff upload ${figures.uploads} photos of ${mb(figures.meanBytes)} at once (POST /api/upload-gallery, one photo each, logged in as the owner)`,
    ['', 'value', 'target', 'met'],
    rows,
    [`RSS sampled every 50 ms (${figures.samples} samples) from the first request until every variant the replies list is on disk`],
  )
}
