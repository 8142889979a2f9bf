import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { ApiError } from '../api/client'
import { replay, useOutbox, wake } from '../offline/outbox'
import { adminGet, ConflictError, mutate, QueuedError } from './adminApi'
import { useFormDraft } from './drafts'
import { useAdminSession } from './session'
import { deferred, mockApi, resetAdmin, TEST_TOKEN, type MockApi } from '../../test/admin-helpers'

let mock: MockApi
beforeEach(() => resetAdmin('/manageAttractions'))
afterEach(() => mock?.restore())

describe('adminApi', () => {
  test('every call carries the bearer token; every change an Idempotency-Key', async () => {
    mock = mockApi({ 'GET /api/around': { body: [] }, 'POST /api/delete-event': { body: { message: 'Event deleted.', id: 1 } } })
    await adminGet('/api/around')
    await mutate({ method: 'POST', path: '/api/delete-event', body: { id: 1 }, label: 'Delete event' })
    expect(mock.requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${TEST_TOKEN}`, `Bearer ${TEST_TOKEN}`])
    expect(mock.requests[0]!.headers['idempotency-key']).toBeUndefined()
    expect(mock.requests[1]!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/)
  })

  test('two changes give two different keys', async () => {
    mock = mockApi({ 'POST /api/delete-event': { body: { message: 'Event deleted.' } } })
    await mutate({ method: 'POST', path: '/api/delete-event', body: { id: 1 }, label: 'a' })
    await mutate({ method: 'POST', path: '/api/delete-event', body: { id: 2 }, label: 'b' })
    const [a, b] = mock.changes().map((r) => r.headers['idempotency-key'])
    expect(a).not.toBe(b)
  })

  test('a lost reply keeps the change in the outbox; it is re-sent later with the same key, so the server applies it once', async () => {
    let calls = 0
    mock = mockApi({ 'PUT /api/update-times': () => (++calls === 1 ? 'network' : { body: { message: 'Opening times updated.' } }) })
    const change = {
      method: 'PUT' as const,
      path: '/api/update-times',
      body: { name: 'x', day: 'saturday', open_time: '09:00', close_time: '17:00', type: 'opening' },
      label: 'Times',
    }
    const first = await mutate(change).catch((e) => e)
    expect(first).toBeInstanceOf(QueuedError)
    expect((first as QueuedError).isNetwork).toBe(true)
    expect(useOutbox.getState().entries.map((e) => e.label)).toEqual(['Times'])
    await wake()
    await replay()
    const keys = mock.changes().map((r) => r.headers['idempotency-key'])
    expect(keys).toHaveLength(2)
    expect(keys[0]).toBe(keys[1]!)
    expect(useOutbox.getState().entries).toHaveLength(0)
    // The same input again is a new change with a new key.
    await mutate(change)
    expect(mock.changes()[2]!.headers['idempotency-key']).not.toBe(keys[0]!)
  })

  test('offline, nothing is sent: the change is queued at once', async () => {
    mock = mockApi({ 'POST /api/delete-event': { body: { message: 'Event deleted.' } } })
    const onLine = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(navigator), 'onLine')!
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false })
    try {
      const error = await mutate({ method: 'POST', path: '/api/delete-event', body: { id: 9 }, label: 'Delete event' }).catch((e) => e)
      expect(error).toBeInstanceOf(QueuedError)
    } finally {
      delete (navigator as unknown as Record<string, unknown>).onLine
      Object.defineProperty(Object.getPrototypeOf(navigator), 'onLine', onLine)
    }
    expect(mock.changes()).toHaveLength(0)
    expect(useOutbox.getState().entries.map((e) => e.state)).toEqual(['waiting'])
  })

  test('a 409 with the current record is a conflict kept for staff to settle; a refusal is not kept', async () => {
    const current = { id: 3, title: 'Changed elsewhere', updated_at: '2026-02-02T00:00:00.000Z' }
    mock = mockApi({
      'POST /api/update-event': { status: 409, body: { error: 'This event was changed by someone else since you opened it.', current } },
      'POST /api/delete-event': { status: 404, body: { error: 'Event not found.' } },
    })
    const body = new FormData()
    body.append('id', '3')
    const conflict = await mutate({ method: 'POST', path: '/api/update-event', body, label: 'Edit', baseVersion: '2026-01-01T00:00:00.000Z' }).catch((e) => e)
    expect(conflict).toBeInstanceOf(ConflictError)
    expect(mock.changes()[0]!.headers['if-match']).toBe('"2026-01-01T00:00:00.000Z"')
    const refused = await mutate({ method: 'POST', path: '/api/delete-event', body: { id: 3 }, label: 'Delete' }).catch((e) => e)
    expect((refused as ApiError).message).toBe('Event not found.')
    expect(useOutbox.getState().entries.map((e) => [e.label, e.state])).toEqual([['Edit', 'conflict']])
  })

  test('a double click while the change is on its way sends one request', async () => {
    const hold = deferred<{ body: unknown }>()
    mock = mockApi({ 'POST /api/delete-event': () => hold.promise })
    const change = { method: 'POST' as const, path: '/api/delete-event', body: { id: 3 }, label: 'Delete' }
    const a = mutate(change)
    const b = mutate(change)
    hold.resolve({ body: { message: 'Event deleted.', id: 3 } })
    expect(await a).toEqual(await b)
    expect(mock.changes()).toHaveLength(1)
  })

  test('a FormData body goes through XMLHttpRequest with progress and the same error shape', async () => {
    mock = mockApi({ 'POST /api/upload-gallery': { status: 400, body: { error: 'Please select images and provide a type.' } } })
    const seen: number[] = []
    const body = new FormData()
    body.append('type', 'generic')
    const error = await mutate({ method: 'POST', path: '/api/upload-gallery', body, label: 'Upload' }, { onProgress: (f) => seen.push(f) }).catch((e) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(400)
    expect((error as ApiError).message).toBe('Please select images and provide a type.')
    expect(mock.requests[0]!.via).toBe('xhr')
    expect(mock.requests[0]!.headers.authorization).toBe(`Bearer ${TEST_TOKEN}`)
    expect(mock.requests[0]!.headers['idempotency-key']).toBeTruthy()
    expect(seen.length).toBeGreaterThan(0)
  })

  test('a 401 clears the token, keeps the open form input and goes to /login', async () => {
    mock = mockApi({ 'POST /api/upload-around': { status: 401, body: { error: 'Your session is invalid or has expired. Please log in again.' } } })
    function Form() {
      const form = useFormDraft('probe', { name: '' })
      return (
        <>
          <label htmlFor="n">Name</label>
          <input id="n" value={form.values.name} onChange={(e) => form.set('name', e.currentTarget.value)} />
          {form.restored ? <p>restored</p> : null}
        </>
      )
    }
    const first = render(<Form />)
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Half-typed walk' } })
    useAdminSession.getState().hydrate()
    await act(async () => {
      await mutate({ method: 'POST', path: '/api/upload-around', body: new FormData(), label: 'Upload' }).catch(() => undefined)
    })
    expect(localStorage.getItem('adminToken')).toBeNull()
    expect(useAdminSession.getState().endedBy).toBe('expired')
    expect(location.pathname).toBe('/login')
    expect(sessionStorage.getItem('adminReturnTo')).toBe('/manageAttractions')
    first.unmount()
    render(<Form />)
    await waitFor(() => expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Half-typed walk'))
    expect(screen.getByText('restored')).toBeTruthy()
  })
})
