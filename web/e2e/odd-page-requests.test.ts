/**
 * Odd requests for pages from a hostile client, against the real server and the real build (build
 * first: npm run build): odd paths, methods and headers get a 2xx–4xx answer without a stack trace and
 * the server stays up; a burst of page requests all get their page or a 404, quickly enough.
 */
import { describe, expect, test } from 'bun:test'
import { useServerAndBrowser } from './harness'

const suite = useServerAndBrowser()

const PRERENDERED = ['/', '/about', '/eat', '/drink', '/stay', '/events', '/around', '/contact', '/menu/menu1', '/menu/menu2'] as const

describe('a hostile client asking for pages', () => {
  /** Status and whether the body shows a stack trace or internals. */
  async function ask(path: string, init: RequestInit = {}) {
    const response = await fetch(`${suite.server.url}${path}`, { redirect: 'manual', ...init })
    const body = await response.text()
    return { status: response.status, leaks: /\bat .*\.(ts|js):\d+|node_modules|\/work\/|stack/i.test(body) }
  }

  test('odd paths, methods and headers get a 2xx–4xx answer without a stack trace, and the server stays up', async () => {
    const found: string[] = []
    const check = async (label: string, path: string, init?: RequestInit) => {
      const { status, leaks } = await ask(path, init).catch((error: Error) => ({ status: 0, leaks: false, error }))
      if (status === 0 || status >= 500 || leaks) found.push(`${label} ${path.slice(0, 40)} -> ${status}${leaks ? ' (leaks)' : ''}`)
    }
    for (const path of [
      '/%2e%2e/',
      '/%2e%2e/%2e%2e/etc/passwd',
      '//about',
      '/about/index.html',
      '/about//',
      '/%00',
      '/%ff',
      '/%',
      '/assets/%2e%2e/%2e%2e/package.json',
      '/menu/..',
      '/menu/%2e%2e',
      '/;/about',
      '/api/%2e%2e/about',
      `/${'a'.repeat(8000)}`,
      '/events?x=%ZZ',
      '/about/index.html.br',
    ])
      await check('GET', path)
    for (const method of ['HEAD', 'OPTIONS', 'POST', 'PUT', 'DELETE', 'PATCH'])
      await check(method, '/about', { method, body: method === 'HEAD' || method === 'OPTIONS' ? undefined : '{' })
    const odd: [string, string][] = [
      ['range', 'bytes=0-10'],
      ['range', 'bytes=99999999-'],
      ['range', 'lol'],
      ['if-none-match', '"garbage'],
      ['if-none-match', '*'],
      ['if-modified-since', 'yesterday'],
      ['accept-encoding', 'br;q=abc, gzip;q=-1, *;q=NaN'],
      ['accept', '////'],
      ['cookie', 'a'.repeat(12_000)],
      ['x-forwarded-host', 'evil.example'],
    ]
    for (const [name, value] of odd) await check(`${name}: ${value.slice(0, 20)}`, '/about', { headers: { [name]: value } })
    await check('huge header', '/about', { headers: { 'x-a': 'a'.repeat(300_000) } })
    expect(found).toEqual([])
    expect((await ask('/about')).status).toBe(200)
  }, 60_000)

  test('200 page requests at once all get their page or a 404, quickly enough', async () => {
    const paths = [...PRERENDERED, '/login', '/no-such-page']
    const started = Date.now()
    const statuses = await Promise.all(
      Array.from({ length: 200 }, (_, i) => {
        const path = paths[i % paths.length]
        return fetch(`${suite.server.url}${path}`, { headers: { 'accept-encoding': i % 2 ? 'br' : 'gzip' } }).then(
          async (response) => `${path === '/no-such-page' ? 404 : 200}:${response.status}:${(await response.arrayBuffer()).byteLength > 500}`,
          () => 'failed',
        )
      }),
    )
    const wrong = statuses.filter((s) => !/^(\d+):\1:true$/.test(s))
    expect({ wrong, slow: Date.now() - started > 30_000 }).toEqual({ wrong: [], slow: false })
  }, 60_000)
})
