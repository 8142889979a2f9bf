/** Public reads as a few visitors make them: each client fetches the paths in turn, one request at a time, for a while. */

export interface ReadThroughput {
  requests: number
  /** Replies other than 200, and requests that failed outright. */
  failures: number
  requestsPerSecond: number
  /** The slowest reply seen. */
  worstMs: number
}

export async function readThroughput(origin: string, paths: string[], clients: number, durationMs: number): Promise<ReadThroughput> {
  const started = performance.now()
  const end = started + durationMs
  let requests = 0
  let failures = 0
  let worstMs = 0
  const client = async (offset: number) => {
    for (let i = offset; performance.now() < end; i++) {
      const sent = performance.now()
      try {
        const res = await fetch(`${origin}${paths[i % paths.length]}`, { headers: { 'accept-encoding': 'gzip, br' } })
        await res.arrayBuffer()
        if (res.status !== 200) failures++
      } catch {
        failures++
      }
      requests++
      worstMs = Math.max(worstMs, performance.now() - sent)
    }
  }
  await Promise.all(Array.from({ length: clients }, (_, i) => client(i)))
  return { requests, failures, requestsPerSecond: requests / ((performance.now() - started) / 1000), worstMs }
}
