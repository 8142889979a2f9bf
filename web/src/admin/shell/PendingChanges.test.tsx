import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { enqueue, replay, useOutbox } from '../../offline/outbox'
import { connectOutbox, mutate } from '../adminApi'
import { PendingChangesPanel, NOTHING_PENDING } from './PendingChanges'
import { ManageEvent } from '../features/events/ManageEvent'
import { PendingLink } from './ui'
import { mockApi, resetAdmin, type MockApi } from '../../../test/admin-helpers'

let mock: MockApi
beforeEach(() => {
  resetAdmin('/admin')
  window.confirm = () => true
})
afterEach(() => mock?.restore())

const itemOf = (label: string) => screen.getByText(label, { selector: '.admin-pending__label' }).closest('li') as HTMLElement

const EVENT = {
  id: 11,
  title: 'Summer Barn Dance',
  description: 'A caller and a band.',
  start_datetime: '2099-07-04T18:30:00.000Z',
  image_url: '/files/dance.png',
  image_width: 800,
  image_height: 600,
  ticket_url: null,
  contact_to_book: 1 as const,
  updated_at: '2026-01-01T00:00:00.000Z',
}

describe('Pending changes panel', () => {
  test('nothing waiting says so; the header link is absent', async () => {
    mock = mockApi()
    render(
      <>
        <PendingLink />
        <PendingChangesPanel />
      </>,
    )
    expect(screen.getByText(NOTHING_PENDING)).toBeTruthy()
    expect(screen.queryByTestId('pending-count')).toBeNull()
  })

  test('lists every entry with its state; a failed one shows the server reason and can be retried or discarded', async () => {
    mock = mockApi({
      'POST /api/add-bank-holiday-times': { status: 400, body: { error: 'The date must be a real date.' } },
      'PUT /api/update-times': 'network',
    })
    await connectOutbox()
    await enqueue({
      channel: 'admin',
      method: 'POST',
      path: '/api/add-bank-holiday-times',
      body: { kind: 'json', value: { holiday_date: '2026-02-30' } },
      label: 'Exception on 30 Feb',
    })
    await enqueue({
      channel: 'admin',
      method: 'PUT',
      path: '/api/update-times',
      body: { kind: 'json', value: { day: 'saturday' } },
      label: 'Saturday opening hours',
    })
    await replay()
    render(
      <>
        <PendingLink />
        <PendingChangesPanel />
      </>,
    )
    expect(screen.getByTestId('pending-count').textContent).toContain('2')
    const failed = within(itemOf('Exception on 30 Feb'))
    expect(failed.getByText('Failed')).toBeTruthy()
    expect(failed.getByText('The server refused it: The date must be a real date.')).toBeTruthy()
    const waiting = within(itemOf('Saturday opening hours'))
    expect(waiting.getByText('Waiting to sync')).toBeTruthy()
    expect(waiting.getByText(/Last try: The server could not be reached\./)).toBeTruthy()

    // Retry: the server now accepts it.
    mock.set({
      'POST /api/add-bank-holiday-times': { status: 201, body: { message: 'Bank holiday times added.' } },
      'PUT /api/update-times': { body: { message: 'Opening times updated.' } },
    })
    fireEvent.click(failed.getByRole('button', { name: 'Retry Exception on 30 Feb' }))
    await waitFor(() => expect(useOutbox.getState().entries).toHaveLength(0))
    expect(await screen.findByText(NOTHING_PENDING)).toBeTruthy()
    // Both landed: they stay listed as sent for the rest of the visit, newest first.
    expect(within(itemOf('Exception on 30 Feb')).getByText('Sent')).toBeTruthy()
    expect(within(itemOf('Saturday opening hours')).getByText('Sent')).toBeTruthy()
    expect([...document.querySelectorAll('[data-state="sent"] .admin-pending__label')].map((el) => el.textContent)).toEqual([
      'Saturday opening hours',
      'Exception on 30 Feb',
    ])
  })

  test('Discard removes a failed change without sending it', async () => {
    mock = mockApi({ 'POST /api/delete-event': { status: 404, body: { error: 'Event not found.' } } })
    await connectOutbox()
    await enqueue({ channel: 'admin', method: 'POST', path: '/api/delete-event', body: { kind: 'json', value: { id: 4 } }, label: 'Delete event: Quiz' })
    await replay()
    render(<PendingChangesPanel />)
    fireEvent.click(within(itemOf('Delete event: Quiz')).getByRole('button', { name: 'Discard Delete event: Quiz' }))
    await waitFor(() => expect(useOutbox.getState().entries).toHaveLength(0))
    expect(mock.changes()).toHaveLength(1)
  })
})

describe('Conflict view', () => {
  const current = { ...EVENT, title: 'Barn Dance (moved indoors)', description: 'Now in the big barn.', updated_at: '2026-03-03T00:00:00.000Z' }

  async function conflictedEdit() {
    mock = mockApi({
      'GET /api/admin/events': { body: [EVENT] },
      'POST /api/update-event': (req) =>
        req.headers['if-match']
          ? { status: 409, body: { error: 'This event was changed by someone else since you opened it.', current } }
          : { body: { message: 'Event updated.', event: { ...EVENT, title: 'Barn Dance by Lantern' } } },
    })
    const body = new FormData()
    for (const [k, v] of Object.entries({
      id: '11',
      title: 'Barn Dance by Lantern',
      description: 'A caller and a band.',
      start_datetime: '2099-07-04T19:30',
      contactToBook: 'true',
      ticket_url: '',
    }))
      body.append(k, v)
    await mutate({
      method: 'POST',
      path: '/api/update-event',
      body,
      label: 'Edit event: Barn Dance by Lantern',
      baseVersion: EVENT.updated_at,
      record: 'event:11',
      meta: { kind: 'event', op: 'update', id: 11 },
    }).catch(() => undefined)
  }

  test('shows both versions side by side, the differences marked, and nothing was overwritten', async () => {
    await conflictedEdit()
    render(<PendingChangesPanel />)
    const item = within(itemOf('Edit event: Barn Dance by Lantern'))
    expect(item.getByText('Conflict')).toBeTruthy()
    expect(item.getByText(/This event was changed by someone else since you opened it\. Nothing has been overwritten\./)).toBeTruthy()
    const titleRow = item.getByRole('rowheader', { name: /Title/ }).closest('tr')!
    expect(within(titleRow).getByText('Barn Dance by Lantern')).toBeTruthy()
    expect(within(titleRow).getByText('Barn Dance (moved indoors)')).toBeTruthy()
    expect(titleRow.className).toContain('is-different')
    const startRow = item.getByRole('rowheader', { name: /Start Date\/Time/ }).closest('tr')!
    expect(startRow.className).not.toContain('is-different')
    expect(mock.changes()).toHaveLength(1)
  })

  test("'Keep the server’s version' drops the change; nothing more is sent", async () => {
    await conflictedEdit()
    render(<PendingChangesPanel />)
    fireEvent.click(within(itemOf('Edit event: Barn Dance by Lantern')).getByRole('button', { name: /Keep the server’s version/ }))
    await waitFor(() => expect(useOutbox.getState().entries).toHaveLength(0))
    expect(mock.changes()).toHaveLength(1)
  })

  test("'Keep my version' sends it again without the version check, under a new key", async () => {
    await conflictedEdit()
    render(<PendingChangesPanel />)
    fireEvent.click(within(itemOf('Edit event: Barn Dance by Lantern')).getByRole('button', { name: /Keep my version/ }))
    await waitFor(() => expect(mock.changes()).toHaveLength(2))
    await waitFor(() => expect(useOutbox.getState().entries).toHaveLength(0))
    const [first, second] = mock.changes()
    expect(second!.headers['if-match']).toBeUndefined()
    expect(second!.headers['idempotency-key']).not.toBe(first!.headers['idempotency-key'])
  })

  test('the events list marks the row in conflict, linking to Pending changes', async () => {
    await conflictedEdit()
    render(<ManageEvent />)
    const row = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('tr[data-event-id="11"]')
      if (!found) throw new Error('no row yet')
      return found
    })
    expect(row.getAttribute('data-pending')).toBe('conflict')
    expect(within(row).getByRole('link', { name: 'Conflict — see Pending changes' }).getAttribute('href')).toBe('/admin#pending-changes')
  })
})

describe('queued changes in the lists', () => {
  test('an event created offline shows at once, can be edited and deleted before it syncs', async () => {
    mock = mockApi({ 'GET /api/admin/events': { body: [EVENT] } })
    const onLine = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(navigator), 'onLine')!
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false })
    try {
      await mutate({
        method: 'POST',
        path: '/api/upload-event',
        body: { title: 'Quiz Night', description: 'Eight rounds.', startDatetime: '2099-08-01T19:30', image_base64: 'data:image/png;base64,AAAA' },
        label: 'New event: Quiz Night',
        creates: { placeholder: 'tmp-quiz', idField: 'event.id' },
        record: 'event:tmp-quiz',
        meta: {
          kind: 'event',
          op: 'create',
          id: 'tmp-quiz',
          event: { title: 'Quiz Night', description: 'Eight rounds.', start_datetime: '2099-08-01T18:30:00.000Z', ticket_url: null, contact_to_book: 0 },
        },
      }).catch(() => undefined)
      render(<ManageEvent />)
      const row = await waitFor(() => {
        const found = document.querySelector<HTMLElement>('tr[data-event-id="tmp-quiz"]')
        if (!found) throw new Error('no row yet')
        return found
      })
      expect(within(row).getByText('New waiting to sync')).toBeTruthy()
      fireEvent.click(within(row).getByRole('button', { name: 'Edit Quiz Night' }))
      const dialog = within(screen.getByRole('dialog', { name: 'Edit event' }))
      fireEvent.change(dialog.getByLabelText('Title'), { target: { value: 'Quiz Night Special' } })
      fireEvent.click(dialog.getByRole('button', { name: 'Save Changes' }))
      expect(await screen.findByText('Saved on this device — will sync when you’re back online')).toBeTruthy()
      await waitFor(() => expect(document.querySelector('tr[data-event-id="tmp-quiz"] .admin-table__title')!.textContent).toContain('Quiz Night Special'))
      fireEvent.click(screen.getByRole('button', { name: 'Delete Quiz Night Special' }))
      await waitFor(() => expect(useOutbox.getState().entries).toHaveLength(3))
    } finally {
      delete (navigator as unknown as Record<string, unknown>).onLine
      Object.defineProperty(Object.getPrototypeOf(navigator), 'onLine', onLine)
    }
    expect(mock.changes()).toHaveLength(0)
    // Back online: create, edit and delete go in order, the later two naming the new event's real id.
    mock.set({
      'POST /api/upload-event': { status: 201, body: { message: 'Event uploaded successfully!', event: { ...EVENT, id: 77 } } },
      'POST /api/update-event': { body: { message: 'Event updated.', event: { ...EVENT, id: 77 } } },
      'POST /api/delete-event': { body: { message: 'Event deleted.', id: 77 } },
    })
    await replay()
    expect(mock.changes().map((r) => r.path)).toEqual(['/api/upload-event', '/api/update-event', '/api/delete-event'])
    expect((mock.changes()[1]!.body as FormData).get('id')).toBe('77')
    expect(mock.changes()[1]!.headers['if-match']).toBeUndefined()
    expect(mock.changes()[2]!.body).toEqual({ id: 77 })
    expect(useOutbox.getState().entries).toHaveLength(0)
  })
})
