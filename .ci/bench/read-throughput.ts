/** Public reads as a few visitors make them: each client fetches the paths in turn, one request at a time, for a while. */

export interface ReadThroughput {
  requests: number
  /** Replies other than 200, and requests that failed outright. */
  failures: number
  requestsPerSecond: number
  /** The slowest reply seen. */
  worstMs: number
}

/** A tally of replies: how many, how many not 200 (or failed outright), the slowest. */
export interface ReplyTally {
  requests: number
  failures: number
  worstMs: number
}

/** One request, its reply read to the end and counted in `tally`. */
export async function countedFetch(url: string, init: RequestInit, tally: ReplyTally): Promise<void> {
  const sent = performance.now()
  try {
    const res = await fetch(url, init)
    await res.arrayBuffer()
    if (res.status !== 200) tally.failures++
  } catch {
    tally.failures++
  }
  tally.requests++
  tally.worstMs = Math.max(tally.worstMs, performance.now() - sent)
}

export async function readThroughput(origin: string, paths: string[], clients: number, durationMs: number): Promise<ReadThroughput> {
  const started = performance.now()
  const end = started + durationMs
  const tally: ReplyTally = { requests: 0, failures: 0, worstMs: 0 }
  const client = async (offset: number) => {
    for (let i = offset; performance.now() < end; i++)
      await countedFetch(`${origin}${paths[i % paths.length]}`, { headers: { 'accept-encoding': 'gzip, br' } }, tally)
  }
  await Promise.all(Array.from({ length: clients }, (_, i) => client(i)))
  return { ...tally, requestsPerSecond: tally.requests / ((performance.now() - started) / 1000) }
}
