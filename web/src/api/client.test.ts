import { afterEach, describe, expect, test } from 'bun:test'
import { api, ApiError, onServerReached, TIMED_OUT } from './client'

const realFetch = globalThis.fetch
afterEach(() => {
  globalThis.fetch = realFetch
})

/** A server that accepts the request and never answers: only an abort ends the wait. */
function hungServer() {
  globalThis.fetch = ((_input: RequestInfo | URL, init: RequestInit = {}) =>
    new Promise<Response>((_resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
    })) as typeof fetch
}

describe('api client timeouts', () => {
  test('a request to a server that never answers fails as a network failure once timeoutMs passes', async () => {
    hungServer()
    const started = Date.now()
    const error = await api.get('/api/events', { timeoutMs: 100 }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).isNetwork).toBe(true)
    expect((error as ApiError).message).toBe(TIMED_OUT)
    expect(Date.now() - started).toBeGreaterThanOrEqual(90)
  })

  test('the caller’s own abort still aborts (it is not reported as a timeout)', async () => {
    hungServer()
    const controller = new AbortController()
    const pending = api.get('/api/events', { timeoutMs: 10_000, signal: controller.signal }).catch((e: unknown) => e)
    controller.abort()
    expect(((await pending) as Error).name).toBe('AbortError')
  })

  test('a reply in time is returned as before', async () => {
    globalThis.fetch = (async () => new Response(JSON.stringify([1, 2]), { status: 200 })) as unknown as typeof fetch
    expect(await api.get<number[]>('/api/events', { timeoutMs: 1_000 })).toEqual([1, 2])
  })
})

describe('an answer that is not the venue’s server', () => {
  test('a page answered in its place (a Wi-Fi sign-in page) is no answer: nobody is told the server is back, and a change sent is not taken as landed', async () => {
    globalThis.fetch = (async () =>
      new Response('<html><body>Sign in to the hotel Wi-Fi</body></html>', {
        status: 200,
        headers: { 'content-type': 'text/html' },
      })) as unknown as typeof fetch
    let reached = 0
    const stop = onServerReached(() => reached++)
    try {
      const error = await api.post('/api/holidays', { date: '2027-01-09' }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(ApiError)
      expect((error as ApiError).isNetwork).toBe(true)
      expect(reached).toBe(0)
    } finally {
      stop()
    }
  })

  test('an empty answer (204) is still the server’s', async () => {
    globalThis.fetch = (async () => new Response(null, { status: 204 })) as unknown as typeof fetch
    expect(await api.delete('/api/holidays/1')).toBeNull()
  })
})
