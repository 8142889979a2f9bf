/**
 * Sections 4 and 5: the API under load (autocannon, run by Node), against the real server and against
 * a bare Bun.serve replaying the same bytes; and the server's peak memory (its process tree) while it is loaded.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { peakTreeRss } from './memory'
import { freePort, run, start, stop } from './processes'

const root = join(import.meta.dir, '..', '..')

/** What a phone's browser sends; large API replies are gzipped for it, so both servers send the same compressed bytes. */
const REQUEST_HEADERS = { 'accept-encoding': 'gzip, deflate, br' }

export interface RecordedReply {
  status: number
  headers: Record<string, string>
  bodyBase64: string
}

export interface LoadResult {
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  /** Replies other than 2xx, and connection errors and timeouts: any of these makes the figures suspect. */
  non2xx: number
  errors: number
}

export interface EndpointFigures {
  path: string
  replyBytes: number
  contentEncoding: string | null
  server: LoadResult
  bare: LoadResult
  /** Server throughput as a share of the bare Bun.serve's. */
  ratio: number
  /** The highest RSS of the server and any process it started, summed, during this endpoint's load. */
  peakRssBytes: number
}

/** Fetches each path once as a browser would and keeps the reply exactly as sent (still compressed). */
async function recordReplies(origin: string, paths: string[]): Promise<Record<string, RecordedReply>> {
  const replies: Record<string, RecordedReply> = {}
  for (const path of paths) {
    const res = await fetch(`${origin}${path}`, { headers: REQUEST_HEADERS, decompress: false })
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`)
    const headers: Record<string, string> = { 'content-type': res.headers.get('content-type') ?? 'application/octet-stream' }
    const encoding = res.headers.get('content-encoding')
    if (encoding) headers['content-encoding'] = encoding
    replies[path] = { status: res.status, headers, bodyBase64: Buffer.from(await res.arrayBuffer()).toString('base64') }
  }
  return replies
}

interface AutocannonResult {
  requests: { average: number }
  latency: { p50: number; p99: number }
  non2xx: number
  errors: number
  timeouts: number
}

async function autocannon(url: string, connections: number, durationSeconds: number): Promise<LoadResult> {
  const headers = Object.entries(REQUEST_HEADERS).flatMap(([name, value]) => ['-H', `${name}=${value}`])
  // One second of warm-up (not sampled) so both servers are measured with their code already compiled.
  const args = [
    join(root, 'node_modules/autocannon/autocannon.js'),
    '-c',
    String(connections),
    '-d',
    String(durationSeconds),
    '-j',
    '-n',
    '--warmup',
    '[',
    '-c',
    String(connections),
    '-d',
    '1',
    ']',
    ...headers,
    url,
  ]
  const output = await run('node', args, { timeoutMs: (durationSeconds + 60) * 1000 })
  // With --warmup autocannon prints the warm-up's result line first; the measured run is the last line.
  const result = JSON.parse(output.trim().split('\n').at(-1)!) as AutocannonResult
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  }
}

export async function measureLoad(options: {
  origin: string
  serverPid: number
  paths: string[]
  connections: number
  durationSeconds: number
  workDir: string
}): Promise<EndpointFigures[]> {
  const replies = await recordReplies(options.origin, options.paths)
  const repliesFile = join(options.workDir, 'replies.json')
  writeFileSync(repliesFile, JSON.stringify(replies))
  const barePort = await freePort()
  const bare = start(process.execPath, [join(import.meta.dir, 'bare-server.ts'), String(barePort), repliesFile])
  try {
    const bareOrigin = `http://127.0.0.1:${barePort}`
    const deadline = Date.now() + 30_000
    while (
      !(await fetch(`${bareOrigin}${options.paths[0]}`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (Date.now() > deadline) throw new Error(`the bare Bun.serve did not start:\n${bare.output()}`)
      await Bun.sleep(50)
    }
    const figures: EndpointFigures[] = []
    for (const path of options.paths) {
      const { result: server, peakBytes: peakRssBytes } = await peakTreeRss(options.serverPid, 200, () =>
        autocannon(`${options.origin}${path}`, options.connections, options.durationSeconds),
      )
      const bareResult = await autocannon(`${bareOrigin}${path}`, options.connections, options.durationSeconds)
      const reply = replies[path]!
      figures.push({
        path,
        replyBytes: Buffer.from(reply.bodyBase64, 'base64').byteLength,
        contentEncoding: reply.headers['content-encoding'] ?? null,
        server,
        bare: bareResult,
        ratio: server.requestsPerSecond / bareResult.requestsPerSecond,
        peakRssBytes,
      })
    }
    return figures
  } finally {
    await stop(bare)
  }
}
