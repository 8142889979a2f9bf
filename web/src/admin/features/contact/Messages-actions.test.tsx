/** Messages: mark handled (who and when) and delete (confirmed), through the outbox like every content change. */
import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { connectOutbox, discard } from '../../adminApi'
import { SYNCED_MESSAGE } from '../../api/messages'
import { loadOutbox, replay, resetOutboxForTests, useOutbox } from '../../../offline/outbox'
import { mockApi, resetAdmin, type MockApi } from '../../../../test/admin-helpers'
import { formatReceived } from '../../time'
import { Messages } from './Messages'

const message = (id: number, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  name,
  phone: '',
  email: `${name.toLowerCase()}@example.org`,
  message: `Hello from ${name}`,
  status: 'sent',
  attempts: 1,
  last_error: null,
  created_at: `2026-03-0${id}T10:00:00Z`,
  sent_at: null,
  handled_by: null,
  handled_at: null,
  ...extra,
})

const itemOf = (name: string) => screen.getByRole('heading', { name }).closest('li') as HTMLElement

let mock: MockApi
let realConfirm: typeof window.confirm
beforeEach(() => {
  resetAdmin('/messages')
  realConfirm = window.confirm
})
afterEach(() => {
  mock?.restore()
  window.confirm = realConfirm
})

describe('Messages: handled and deleted', () => {
  test('mark handled: sent with its own Idempotency-Key (as it is made: no device time); the list shows who and when', async () => {
    let handled = false
    mock = mockApi({
      'GET /api/admin/messages': () => ({ body: [message(1, 'Ada', handled ? { handled_by: 'sam', handled_at: '2026-03-02T09:00:00Z' } : {})] }),
      'PUT /api/admin/messages/1': () => {
        handled = true
        return { body: { message: 'Marked handled.', item: message(1, 'Ada') } }
      },
    })
    render(<Messages />)
    await screen.findByText('Hello from Ada')
    fireEvent.click(within(itemOf('Ada')).getByRole('button', { name: /^Mark handled/ }))
    expect(await screen.findByText(`Handled by sam ${formatReceived('2026-03-02T09:00:00Z')}`)).toBeTruthy()
    const [put] = mock.changes()
    expect(put!.body).toEqual({ handled: true })
    expect(put!.headers['idempotency-key']).toBeTruthy()
    expect(put!.headers['x-device-time']).toBeUndefined()
    expect(within(itemOf('Ada')).getByRole('button', { name: /^Mark not handled/ })).toBeTruthy()
  })

  test('delete asks first; cancelled, nothing is sent', async () => {
    mock = mockApi({
      'GET /api/admin/messages': { body: [message(1, 'Ada')] },
      'DELETE /api/admin/messages/1': { body: { message: 'Message deleted.', id: 1 } },
    })
    const asked: string[] = []
    window.confirm = (text?: string) => (asked.push(String(text)), false)
    render(<Messages />)
    await screen.findByText('Hello from Ada')
    fireEvent.click(within(itemOf('Ada')).getByRole('button', { name: /^Delete/ }))
    expect(asked).toEqual(['Delete the message from Ada? It cannot be brought back.'])
    expect(mock.changes().map((r) => `${r.method} ${r.path}`)).toEqual([])
    window.confirm = () => true
    mock.set({ 'GET /api/admin/messages': { body: [] } })
    fireEvent.click(within(itemOf('Ada')).getByRole('button', { name: /^Delete/ }))
    expect(await screen.findByText('No messages yet.')).toBeTruthy()
    expect(mock.changes().map((r) => r.method)).toEqual(['DELETE'])
  })

  test('deleted: the message leaves the list and the screen says so, once, in a live region', async () => {
    mock = mockApi({
      'GET /api/admin/messages': { body: [message(1, 'Ada'), message(2, 'Bo')] },
      'DELETE /api/admin/messages/1': { body: { message: 'Message deleted.', id: 1 } },
    })
    window.confirm = () => true
    render(<Messages />)
    await screen.findByText('Hello from Ada')
    mock.set({ 'GET /api/admin/messages': { body: [message(2, 'Bo')] } })
    fireEvent.click(within(itemOf('Ada')).getByRole('button', { name: /^Delete/ }))
    await screen.findByRole('heading', { name: 'Messages (1)' })
    expect(document.body.textContent).not.toContain('Hello from Ada')
    const said = screen.getAllByText('Message deleted.')
    expect(said).toHaveLength(1)
    expect(said[0]!.closest('[role="status"], [aria-live="polite"]')).toBeTruthy()
  })

  test('no answer: the mark and the deletion wait to sync with their badges', async () => {
    mock = mockApi({
      'GET /api/admin/messages': { body: [message(1, 'Ada'), message(2, 'Bo')] },
      'PUT /api/admin/messages/1': 'network',
      'DELETE /api/admin/messages/2': 'network',
    })
    window.confirm = () => true
    await connectOutbox()
    render(<Messages />)
    await screen.findByText('Hello from Ada')
    fireEvent.click(within(itemOf('Ada')).getByRole('button', { name: /^Mark handled/ }))
    await waitFor(() => expect(within(itemOf('Ada')).getByText('Change waiting to sync')).toBeTruthy())
    expect(within(itemOf('Ada')).getByText('Marked handled on this device')).toBeTruthy()
    fireEvent.click(within(itemOf('Bo')).getByRole('button', { name: /^Delete/ }))
    await waitFor(() => expect(within(itemOf('Bo')).getByText('Deletion waiting to sync')).toBeTruthy())
    expect(itemOf('Bo').classList.contains('is-deleted')).toBe(true)
    // Leave no queued change behind for the next test file's server to receive.
    await waitFor(() => expect(useOutbox.getState().entries.map((e) => e.state)).toEqual(['waiting', 'waiting']))
    for (const entry of useOutbox.getState().entries) await discard(entry.id)
  })
})

describe('Messages offline: a list already loaded may be handled, in memory only; otherwise the screen says why it needs a connection', () => {
  const setOnLine = (value: boolean) => Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => value })
  afterEach(() => setOnLine(true))

  test('opened before the connection dropped: marked and deleted offline, kept only while the page is open, never written to the device', async () => {
    mock = mockApi({ 'GET /api/admin/messages': { body: [message(1, 'Ada'), message(2, 'Bo')] } })
    window.confirm = () => true
    await connectOutbox()
    render(<Messages />)
    await screen.findByText('Hello from Ada')
    setOnLine(false)
    fireEvent.click(within(itemOf('Ada')).getByRole('button', { name: /^Mark handled/ }))
    await waitFor(() => expect(within(itemOf('Ada')).getByText('Change waiting to sync')).toBeTruthy())
    expect(within(itemOf('Ada')).getByRole('status').textContent).toContain('kept only while this page is open')
    fireEvent.click(within(itemOf('Bo')).getByRole('button', { name: /^Delete/ }))
    await waitFor(() => expect(within(itemOf('Bo')).getByText('Deletion waiting to sync')).toBeTruthy())
    expect(useOutbox.getState().entries).toHaveLength(2)
    // The page opened again: nothing of the visitors' messages was kept on the device.
    resetOutboxForTests()
    await loadOutbox()
    expect(useOutbox.getState().entries).toEqual([])
    expect(mock.changes()).toEqual([])
  })

  test('the connection drops with the screen open: it says so at once; back online, the mark is sent and its note says it has synced', async () => {
    let handled = false
    mock = mockApi({
      'GET /api/admin/messages': () => ({ body: [message(1, 'Ada', handled ? { handled_by: 'sam', handled_at: '2026-03-02T09:00:00Z' } : {})] }),
      'PUT /api/admin/messages/1': () => {
        handled = true
        return { body: { message: 'Marked handled.', item: message(1, 'Ada') } }
      },
    })
    await connectOutbox()
    render(<Messages />)
    await screen.findByText('Hello from Ada')
    expect(screen.queryByText(/^Offline: showing the messages/)).toBeNull()
    setOnLine(false)
    window.dispatchEvent(new Event('offline'))
    expect(await screen.findByText(/^Offline: showing the messages as loaded earlier in this visit/)).toBeTruthy()
    fireEvent.click(within(itemOf('Ada')).getByRole('button', { name: /^Mark handled/ }))
    await waitFor(() => expect(within(itemOf('Ada')).getByRole('status').textContent).toContain('Will sync when you’re back online'))
    setOnLine(true)
    window.dispatchEvent(new Event('online'))
    // What offline/sync.ts does on 'online' in the app.
    await replay()
    await waitFor(() => expect(within(itemOf('Ada')).getByRole('status').textContent).toBe(SYNCED_MESSAGE))
    expect(mock.changes().map((change) => change.path)).toEqual(['/api/admin/messages/1'])
    expect(screen.queryByText(/^Offline: showing the messages/)).toBeNull()
  })

  test('opened after the connection dropped, with the list loaded earlier in the visit: the same list, handled the same way', async () => {
    mock = mockApi({ 'GET /api/admin/messages': { body: [message(1, 'Ada')] } })
    await connectOutbox()
    render(<Messages />)
    await screen.findByText('Hello from Ada')
    cleanup()
    setOnLine(false)
    mock.set({ 'GET /api/admin/messages': 'network' })
    render(<Messages />)
    await waitFor(() => expect(mock.requests.filter((r) => r.path === '/api/admin/messages')).toHaveLength(2))
    expect(await screen.findByText(/^Offline: showing the messages as loaded earlier in this visit/)).toBeTruthy()
    fireEvent.click(within(itemOf('Ada')).getByRole('button', { name: /^Mark handled/ }))
    await waitFor(() => expect(within(itemOf('Ada')).getByText('Change waiting to sync')).toBeTruthy())
    expect(screen.queryByRole('alert')).toBeNull()
    for (const entry of useOutbox.getState().entries) await discard(entry.id)
  })

  test('opened after the connection dropped, never loaded in this visit: it says the messages need a connection, and why', async () => {
    setOnLine(false)
    mock = mockApi({ 'GET /api/admin/messages': 'network' })
    render(<Messages />)
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('The messages can only be seen with a connection to the server: You appear to be offline.'),
    )
    expect(screen.queryByRole('button', { name: /^Mark handled/ })).toBeNull()
  })
})
