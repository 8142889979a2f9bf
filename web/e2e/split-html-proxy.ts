/**
 * The real server behind a small proxy that sends each page's HTML in two pieces, the second
 * `pauseMs` after the first: how a slow phone network (or a busy parser) meets a page. Everything
 * else passes through as it is, uncompressed. For tests of what the browser paints in between.
 */
export function splitHtmlProxy(origin: string, splitAfter: RegExp, pauseMs: number) {
  return Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(request) {
      const url = new URL(request.url)
      const upstream = await fetch(`${origin}${url.pathname}${url.search}`, {
        method: request.method,
        headers: { ...Object.fromEntries(request.headers), 'accept-encoding': 'identity' },
      })
      const headers = new Headers(upstream.headers)
      headers.delete('content-encoding')
      headers.delete('content-length')
      if (request.headers.get('sec-fetch-dest') !== 'document') return new Response(upstream.body, { status: upstream.status, headers })
      const html = await upstream.text()
      const found = splitAfter.exec(html)
      if (!found) throw new Error(`no ${splitAfter} in ${url.pathname}`)
      const cut = found.index + found[0].length
      const encoder = new TextEncoder()
      const stream = new ReadableStream({
        async start(controller) {
          controller.enqueue(encoder.encode(html.slice(0, cut)))
          await Bun.sleep(pauseMs)
          controller.enqueue(encoder.encode(html.slice(cut)))
          controller.close()
        },
      })
      return new Response(stream, { status: upstream.status, headers })
    },
  })
}
