/** Helpers for the shell's component tests: a router at a chosen path, a stubbed fetch, store resets. */
import { render } from '@testing-library/react'
import { clear } from 'idb-keyval'
import type { ReactElement } from 'react'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'

export function renderAt(path: string, ui: ReactElement) {
  const memory = memoryLocation({ path, record: true })
  const result = render(<Router hook={memory.hook}>{ui}</Router>)
  return { ...result, memory, location: () => memory.history[memory.history.length - 1] }
}

export interface FetchCall {
  url: string
  method: string
  headers: Record<string, string>
  body: unknown
}

type Handler = ((call: FetchCall) => unknown) | Response | object | string | number | boolean | null

const realFetch = globalThis.fetch

/**
 * Replaces globalThis.fetch: each request goes to the first route whose key ('GET /api/x' or just
 * '/api/x') matches; a route is a value (sent as JSON 200), a Response, or a function of the call
 * returning either; unmatched = 404. A thrown error is a network failure.
 */
export function stubFetch(routes: Record<string, Handler>): FetchCall[] {
  const calls: FetchCall[] = []
  globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const path = url.replace(/^https?:\/\/[^/]+/, '')
    const method = (init.method ?? 'GET').toUpperCase()
    const headers = Object.fromEntries(new Headers(init.headers).entries())
    let body: unknown = init.body
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body)
      } catch {
        // keep the text
      }
    }
    const call = { url: path, method, headers, body }
    calls.push(call)
    const key = `${method} ${path}` in routes ? `${method} ${path}` : path
    if (!(key in routes)) return json({ error: 'Not found' }, 404)
    const handler = routes[key]
    const reply = typeof handler === 'function' ? await (handler as (call: FetchCall) => unknown)(call) : handler
    if (reply instanceof Response) return reply.clone()
    return json(reply)
  }) as typeof fetch
  return calls
}

export function restoreFetch() {
  globalThis.fetch = realFetch
}

export function json(data: unknown, status = 200): Response {
  return new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } })
}

/** Puts resource stores back to their first state and empties the saved copies in IndexedDB. */
export async function resetStores(stores: { setState(state: object): void }[]) {
  for (const store of stores) store.setState({ data: null, savedAt: null, status: 'idle', fromCache: false, error: null })
  await clear()
}

export const sampleTimes = {
  monsal: {
    monday_to_friday: {
      label: 'Monday-Friday',
      closed: false,
      hours: { open_time: '08:00', close_time: '22:00' },
      breakfast: { open_time: '08:00', close_time: '11:00' },
    },
    saturday: { label: 'Saturday', closed: false, hours: { open_time: '08:00', close_time: '22:00' }, breakfast: { open_time: '08:00', close_time: '11:30' } },
    sunday: { label: 'Sunday', closed: false, hours: { open_time: '08:00', close_time: '21:00' }, breakfast: { open_time: '08:00', close_time: '11:30' } },
  },
  stables: {
    monday_to_tuesday: { label: 'Monday-Tuesday', closed: true, hours: null, lunch: null },
    wednesday_to_friday: {
      label: 'Wednesday-Friday',
      closed: false,
      hours: { open_time: '12:00', close_time: '23:00' },
      lunch: { open_time: '12:00', close_time: '15:00' },
    },
    saturday: { label: 'Saturday', closed: false, hours: { open_time: '11:00', close_time: '01:00' }, lunch: { open_time: '12:00', close_time: '16:00' } },
    sunday: { label: 'Sunday', closed: false, hours: { open_time: '11:00', close_time: '22:00' }, lunch: { open_time: '12:00', close_time: '16:00' } },
  },
  updated_at: '2026-11-01T10:00:00.000Z',
}
