/** Messages: mark handled (who and when) and delete (confirmed), through the outbox like every content change. */
import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { connectOutbox, discard } from '../../adminApi'
import { useOutbox } from '../../../offline/outbox'
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
    expect(said[0]!.closest('[aria-live="polite"]')).toBeTruthy()
  })

  test('offline: the mark and the deletion wait on this device with their badges', async () => {
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
