/** The benchmark's command line (see USAGE). */
import { LIGHTHOUSE_ROUTES } from './targets'

/** The parts of the benchmark --only can pick (the build and the server are started whenever a part needs them). */
export const SECTIONS = ['assets', 'visits', 'lighthouse', 'first-tap', 'load', 'upload', 'held-bodies', 'worker-budgets'] as const
export type Section = (typeof SECTIONS)[number]

export const USAGE = `bun .ci/bench.ts [options]
  --quick                 3 s load runs, Lighthouse once on / only (the targets are judged on what ran)
  --runs=<n>              Lighthouse runs per route (default 3; the worst run is judged, the median shown beside it)
  --routes=/,/eat         Lighthouse routes (default ${LIGHTHOUSE_ROUTES.join(',')})
  --duration=<s>          seconds per load run (default 10)
  --only=<parts>          run only these parts: ${SECTIONS.join(',')} (default all)
  --dist=<folder>         reuse an existing build instead of building into a temp folder
  --peer=<url>            also run Lighthouse on this site's / alternately with ours (and ours with scripts blocked
                          on /), printing both per run and judging issue 30's targets against it`

export interface Options {
  durationSeconds: number
  runs: number
  routes: string[]
  dist: string | undefined
  sections: Set<Section>
  /** A peer site (e.g. the WordPress one on http://127.0.0.1:8081) to compare against, if any. */
  peer: string | undefined
}

export function parseOptions(argv: string[]): Options {
  const value = (name: string) => {
    const i = argv.findIndex((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`))
    if (i < 0) return undefined
    return argv[i]!.includes('=') ? argv[i]!.slice(name.length + 3) : argv[i + 1]
  }
  if (argv.includes('--help')) {
    console.log(USAGE)
    process.exit(0)
  }
  const quick = argv.includes('--quick')
  const positive = (raw: string | undefined, fallback: number, name: string) => {
    if (raw === undefined) return fallback
    const n = Number(raw)
    if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} must be a positive whole number, got '${raw}'`)
    return n
  }
  const only = value('only')?.split(',').filter(Boolean)
  const unknown = only?.filter((part) => !(SECTIONS as readonly string[]).includes(part))
  if (unknown?.length) throw new Error(`--only takes ${SECTIONS.join(', ')}; not ${unknown.join(', ')}`)
  return {
    durationSeconds: positive(value('duration'), quick ? 3 : 10, 'duration'),
    runs: positive(value('runs'), quick ? 1 : 3, 'runs'),
    routes: value('routes')?.split(',').filter(Boolean) ?? (quick ? ['/'] : LIGHTHOUSE_ROUTES),
    dist: value('dist'),
    sections: new Set((only ?? SECTIONS) as Section[]),
    peer: peerUrl(value('peer')),
  }
}

function peerUrl(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined
  if (!URL.canParse(raw) || !/^https?:$/.test(new URL(raw).protocol)) throw new Error(`--peer takes an http(s) URL, got '${raw}'`)
  return raw
}
