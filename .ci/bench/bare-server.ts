/**
 * The yardstick for the API load test: a bare Bun.serve that answers each path with the exact bytes
 * (and content type and encoding) the real server sent for it, with no framework, routing or work.
 * Usage: bun .ci/bench/bare-server.ts <port> <replies.json>
 */
import { readFileSync } from 'node:fs'
import type { RecordedReply } from './load'

const [port, repliesFile] = process.argv.slice(2)
if (!port || !repliesFile) throw new Error('usage: bare-server.ts <port> <replies.json>')
const recorded = JSON.parse(readFileSync(repliesFile, 'utf8')) as Record<string, RecordedReply>
const replies = new Map(Object.entries(recorded).map(([path, reply]) => [path, { ...reply, body: Buffer.from(reply.bodyBase64, 'base64') }]))

Bun.serve({
  port: Number(port),
  hostname: '127.0.0.1',
  fetch(request) {
    const reply = replies.get(new URL(request.url).pathname)
    if (!reply) return new Response('not recorded', { status: 404 })
    return new Response(reply.body, { status: reply.status, headers: reply.headers })
  },
})
console.log(`bare server on ${port}`)
