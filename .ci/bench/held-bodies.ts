/**
 * Held anonymous bodies: many sockets each declare a contact message near the route's limit and send all
 * of it but the last byte, so the server holds every one open until its body deadline. Measured: the
 * peak RSS of the server's process tree while they are held, and public reads by a few visitors while
 * they are held, against the same reads with none held. Each socket comes "through the proxy" with an
 * X-Forwarded-For address of its own (the server runs with TRUST_PROXY=127.0.0.1), so the cap on open
 * bodies per address refuses none of them: the worst case, a thousand addresses at once.
 */
import { connect, type Socket } from 'node:net'
import { peakTreeRss, treeRss } from './memory'
import { type ReadThroughput, readThroughput } from './read-throughput'

export interface HeldBodiesFigures {
  sockets: number
  /** The declared Content-Length of each; all but its last byte is sent. */
  declaredBytes: number
  /** Sockets whose bytes were all written before the reads began. */
  sent: number
  /** Sockets still open, with no reply, when the reads under hold began and when they ended. */
  openAtStart: number
  openAtEnd: number
  /** Sockets the server answered (or closed) before the bench closed them, by status ('closed': no reply). */
  earlyReplies: Record<string, number>
  /** From the first connection to the last socket's bytes written. */
  openMs: number
  idle: ReadThroughput
  held: ReadThroughput
  /** Requests per second under hold as a share of idle. */
  readShare: number
  peakRssBytes: number
  serverPeakRssBytes: number | null
  rssBeforeBytes: number
  rssAfterBytes: number
  samples: number
}

interface Held {
  socket: Socket
  sent: boolean
  /** The status line's code, 'closed' when the server closed without a reply, or undefined while it holds it. */
  early: string | undefined
}

/** The i-th distinct client address (10.0.0.1, 10.0.0.2, …). */
const addressOf = (i: number) => `10.${((i + 1) >> 16) & 255}.${((i + 1) >> 8) & 255}.${(i + 1) & 255}`

/** A contact message's JSON of exactly `bytes` bytes (its last byte is the closing brace). */
function contactBody(bytes: number): Buffer {
  const head = '{"name":"Bench visitor","email":"visitor@example.com","message":"'
  return Buffer.from(`${head}${'a'.repeat(bytes - head.length - 2)}"}`)
}

/** Opens one socket and writes the request but its body's last byte; resolves once written (or on failure). */
function holdOne(port: number, address: string, body: Buffer): Promise<Held> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port })
    const held: Held = { socket, sent: false, early: undefined }
    socket.on('data', (chunk: Buffer) => {
      held.early ??= /^HTTP\/1\.1 (\d{3})/.exec(chunk.toString('latin1'))?.[1] ?? 'other'
    })
    socket.on('close', () => {
      held.early ??= 'closed'
      resolve(held)
    })
    socket.on('error', () => {
      held.early ??= 'error'
    })
    socket.on('connect', () => {
      const head =
        `POST /api/email/send-email HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${body.byteLength}\r\nX-Forwarded-For: ${address}\r\n\r\n`
      socket.write(Buffer.concat([Buffer.from(head, 'latin1'), body.subarray(0, body.byteLength - 1)]), () => {
        held.sent = true
        resolve(held)
      })
    })
  })
}

/** Opens `count` held sockets, `batch` connecting at a time; gives up waiting on writes after `timeoutMs`. */
async function holdMany(port: number, count: number, body: Buffer, timeoutMs: number): Promise<Held[]> {
  const held: Held[] = []
  const batch = 50
  const deadline = performance.now() + timeoutMs
  for (let first = 0; first < count; first += batch) {
    const opening = Array.from({ length: Math.min(batch, count - first) }, (_, i) => holdOne(port, addressOf(first + i), body))
    const left = Math.max(0, deadline - performance.now())
    const done = await Promise.race([Promise.all(opening), Bun.sleep(left).then(() => undefined)])
    if (!done) throw new Error(`writing the held requests took over ${Math.round(timeoutMs / 1000)} s (${first} sockets opened)`)
    held.push(...done)
  }
  return held
}

const stillHeld = (held: Held[]) => held.filter((h) => h.early === undefined && !h.socket.destroyed).length

export async function measureHeldBodies(options: {
  origin: string
  port: number
  serverPid: number
  sockets: number
  declaredBytes: number
  readPaths: string[]
  readClients: number
  readSeconds: number
  progress?: (message: string) => void
}): Promise<HeldBodiesFigures> {
  const { origin, port, serverPid, sockets } = options
  const readMs = options.readSeconds * 1000
  options.progress?.(`reads with nothing held (${options.readClients} clients, ${options.readSeconds} s)`)
  const idle = await readThroughput(origin, options.readPaths, options.readClients, readMs)
  const rssBeforeBytes = treeRss(serverPid).bytes
  const body = contactBody(options.declaredBytes)
  let held: Held[] = []
  options.progress?.(`opening ${sockets} sockets, each holding a ${options.declaredBytes}-byte contact message but its last byte`)
  const measured = await peakTreeRss(serverPid, 50, async () => {
    const opened = performance.now()
    held = await holdMany(port, sockets, body, 15_000)
    const openMs = performance.now() - opened
    // Let the server take in what was written before counting what it holds.
    await Bun.sleep(500)
    const openAtStart = stillHeld(held)
    options.progress?.(`${openAtStart} of ${sockets} held; reads while they are held`)
    const during = await readThroughput(origin, options.readPaths, options.readClients, readMs)
    return { openMs, openAtStart, during, openAtEnd: stillHeld(held) }
  })
  const earlyReplies: Record<string, number> = {}
  for (const h of held) if (h.early !== undefined) earlyReplies[h.early] = (earlyReplies[h.early] ?? 0) + 1
  for (const h of held) h.socket.destroy()
  await Bun.sleep(1000)
  return {
    sockets,
    declaredBytes: options.declaredBytes,
    sent: held.filter((h) => h.sent).length,
    openAtStart: measured.result.openAtStart,
    openAtEnd: measured.result.openAtEnd,
    earlyReplies,
    openMs: measured.result.openMs,
    idle,
    held: measured.result.during,
    readShare: idle.requestsPerSecond ? measured.result.during.requestsPerSecond / idle.requestsPerSecond : 0,
    peakRssBytes: measured.peakBytes,
    serverPeakRssBytes: measured.rootHighWaterBytes,
    rssBeforeBytes,
    rssAfterBytes: treeRss(serverPid).bytes,
    samples: measured.samples,
  }
}
