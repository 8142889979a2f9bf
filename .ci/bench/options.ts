/** The benchmark's command line: `bun .ci/bench.ts [--quick] [--duration=<s>] [--runs=<n>] [--routes=/,/eat] [--dist=<built dir>]`. */

const LIGHTHOUSE_ROUTES = ['/', '/eat', '/events', '/stay', '/contact']

export function parseOptions(argv: string[]) {
  const value = (name: string) => {
    const i = argv.findIndex((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`))
    if (i < 0) return undefined
    return argv[i]!.includes('=') ? argv[i]!.slice(name.length + 3) : argv[i + 1]
  }
  if (argv.includes('--help')) {
    console.log(
      'bun .ci/bench.ts [--quick] [--duration=<seconds per load run>] [--runs=<Lighthouse runs per route>] [--routes=/,/eat] [--dist=<existing build>]',
    )
    process.exit(0)
  }
  const quick = argv.includes('--quick')
  const positive = (raw: string | undefined, fallback: number, name: string) => {
    if (raw === undefined) return fallback
    const n = Number(raw)
    if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} must be a positive whole number, got '${raw}'`)
    return n
  }
  return {
    durationSeconds: positive(value('duration'), quick ? 3 : 10, 'duration'),
    runs: positive(value('runs'), 1, 'runs'),
    routes: value('routes')?.split(',').filter(Boolean) ?? (quick ? ['/'] : LIGHTHOUSE_ROUTES),
    dist: value('dist'),
  }
}
