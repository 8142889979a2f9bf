import { connect } from 'node:net'

/** Parses one HTTP/1.1 reply written by the server for a request sent byte for byte. */
export interface RawReply {
  status: number
  headers: Record<string, string>
  body: string
}

export function rawRequest(base: string, request: string | Uint8Array, timeoutMs = 10_000): Promise<RawReply> {
  const port = Number(new URL(base).port)
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    const socket = connect(port, '127.0.0.1', () => socket.write(request))
    const finish = () => {
      clearTimeout(timer)
      const text = Buffer.concat(chunks).toString('latin1')
      const end = text.indexOf('\r\n\r\n')
      if (end === -1) return reject(new Error(`no complete reply: ${JSON.stringify(text.slice(0, 200))}`))
      const [statusLine, ...lines] = text.slice(0, end).split('\r\n')
      const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]))
      let body = text.slice(end + 4)
      if (headers['transfer-encoding'] === 'chunked') body = dechunk(body)
      else if (headers['content-length']) body = body.slice(0, Number(headers['content-length']))
      resolve({ status: Number(statusLine!.split(' ')[1]), headers, body })
    }
    socket.on('data', (chunk) => {
      chunks.push(chunk as Buffer)
      // One reply is all we wait for: the server may keep the connection open.
      const text = Buffer.concat(chunks).toString('latin1')
      const end = text.indexOf('\r\n\r\n')
      const length = /content-length: *(\d+)/i.exec(text.slice(0, end))?.[1]
      if (end !== -1 && length !== undefined && text.length >= end + 4 + Number(length)) socket.destroy()
      if (end !== -1 && /transfer-encoding: *chunked/i.test(text.slice(0, end)) && text.endsWith('0\r\n\r\n')) socket.destroy()
    })
    socket.on('close', finish)
    socket.on('error', () => {})
    const timer = setTimeout(() => socket.destroy(), timeoutMs)
  })
}

function dechunk(body: string): string {
  let out = ''
  let at = 0
  while (at < body.length) {
    const lineEnd = body.indexOf('\r\n', at)
    const size = parseInt(body.slice(at, lineEnd), 16)
    if (!size) break
    out += body.slice(lineEnd + 2, lineEnd + 2 + size)
    at = lineEnd + 2 + size + 2
  }
  return out
}
