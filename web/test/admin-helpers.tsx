/**
 * Test helpers for the staff screens (component tests only; nothing in the app imports this).
 * `mockApi` answers both fetch and XMLHttpRequest from one route table and records every request.
 */
import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { resetOutboxForTests } from '../src/offline/outbox'
import { resetAdminApi } from '../src/admin/adminApi'
import { useAdminSession } from '../src/admin/session'
import { clearAdminCache, resetAdminStores } from '../src/admin/shell/stores'
// As the staff entry does: the features register their record kinds and lists with the shell.
import '../src/admin/features/registry'

export interface RecordedRequest {
  method: string
  path: string
  /** The query string ('?kind=event'), '' for none. */
  search: string
  headers: Record<string, string>
  /** Parsed JSON, a FormData, or undefined. */
  body: unknown
  via: 'fetch' | 'xhr'
}

export type Reply = { status?: number; body?: unknown } | 'network'
export type Route = (request: RecordedRequest) => Reply | Promise<Reply>

export interface MockApi {
  requests: RecordedRequest[]
  /** What the code under test passed to console.error (kept quiet while mocked). */
  logged: unknown[][]
  /** Requests that change data (not GET). */
  changes(): RecordedRequest[]
  /** Replaces or adds routes ("METHOD /path"). */
  set(routes: Record<string, Route | Reply>): void
  restore(): void
}

const realFetch = globalThis.fetch
const RealXHR = globalThis.XMLHttpRequest
const realConsoleError = console.error

function lowerHeaders(headers: HeadersInit | undefined): Record<string, string> {
  const out: Record<string, string> = {}
  if (!headers) return out
  new Headers(headers).forEach((value, key) => {
    out[key.toLowerCase()] = value
  })
  return out
}

export function mockApi(routes: Record<string, Route | Reply> = {}): MockApi {
  const table = new Map<string, Route | Reply>(Object.entries(routes))
  const requests: RecordedRequest[] = []
  const logged: unknown[][] = []
  console.error = (...args: unknown[]) => {
    logged.push(args)
  }

  const answer = async (request: RecordedRequest): Promise<Reply> => {
    requests.push(request)
    const route = table.get(`${request.method} ${request.path}`)
    if (route === undefined) return { status: 404, body: { error: `No mock for ${request.method} ${request.path}` } }
    return typeof route === 'function' ? route(request) : route
  }

  globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost:3000')
    let body: unknown
    if (init.body instanceof FormData) body = init.body
    else if (typeof init.body === 'string') body = JSON.parse(init.body)
    const reply = await answer({
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      search: url.search,
      headers: lowerHeaders(init.headers),
      body,
      via: 'fetch',
    })
    if (reply === 'network') throw new TypeError('Failed to fetch')
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    })
  }) as typeof fetch

  class FakeXHR {
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null }
    status = 0
    responseText = ''
    onload: (() => void) | null = null
    onerror: (() => void) | null = null
    ontimeout: (() => void) | null = null
    onabort: (() => void) | null = null
    private method = 'GET'
    private url = ''
    private headers: Record<string, string> = {}
    open(method: string, url: string) {
      this.method = method.toUpperCase()
      this.url = url
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value
    }
    send(payload: unknown) {
      const body = payload instanceof FormData ? payload : typeof payload === 'string' ? JSON.parse(payload) : undefined
      setTimeout(async () => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 })
        const url = new URL(this.url, 'http://localhost:3000')
        const reply = await answer({ method: this.method, path: url.pathname, search: url.search, headers: this.headers, body, via: 'xhr' })
        if (reply === 'network') {
          this.onerror?.()
          return
        }
        this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 })
        this.status = reply.status ?? 200
        this.responseText = reply.body === undefined ? '' : JSON.stringify(reply.body)
        this.onload?.()
      }, 0)
    }
  }
  globalThis.XMLHttpRequest = FakeXHR as unknown as typeof XMLHttpRequest

  return {
    requests,
    logged,
    changes: () => requests.filter((r) => r.method !== 'GET'),
    set(more) {
      for (const [key, value] of Object.entries(more)) table.set(key, value)
    },
    restore() {
      globalThis.fetch = realFetch
      globalThis.XMLHttpRequest = RealXHR
      console.error = realConsoleError
    },
  }
}

/** A promise with its resolve, to hold a reply until the test lets it go. */
export function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => {
    resolve = r
  })
  return { promise, resolve }
}

export const TEST_TOKEN = 'aaa.bbb.ccc'

/** Fresh state for every test: signed in (unless told otherwise), at `path`, stores empty. */
export function resetAdmin(path = '/admin', token: string | null = TEST_TOKEN): void {
  resetAdminApi()
  // A new device: an empty outbox (IndexedDB emptied before anything reads it again) and no saved lists.
  resetOutboxForTests({ wipe: true })
  void clearAdminCache()
  resetAdminStores()
  sessionStorage.clear()
  localStorage.clear()
  if (token) localStorage.setItem('adminToken', token)
  useAdminSession.setState({ token: null, hydrated: false, endedBy: null })
  history.replaceState(null, '', path)
}

export function renderScreen(element: ReactElement) {
  return render(element)
}

/** A small file of a given type (and optionally size). */
export function makeFile(name: string, type: string, size = 64): File {
  return new File([new Uint8Array(size)], name, { type })
}

/** Sorted entries of a FormData, files as `file:name`. */
export function formEntries(body: unknown): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {}
  if (!(body instanceof FormData)) return out
  body.forEach((value, key) => {
    const text = typeof value === 'string' ? value : `file:${(value as File).name}`
    const existing = out[key]
    if (existing === undefined) out[key] = text
    else out[key] = Array.isArray(existing) ? [...existing, text] : [existing, text]
  })
  return out
}
