import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { builtVenue as venue } from '../../../lib/venue'
import { enqueue } from '../../../offline/outbox'
import { connectOutbox } from '../../adminApi'
import { AddHoliday, DeleteHoliday } from './holidays'
import { mockApi, resetAdmin, type MockApi } from '../../../../test/admin-helpers'

// Two exceptions on the same date, one per venue: only the venue tells them apart.
const HOLIDAYS = [
  {
    id: 1,
    holiday_date: '2099-12-26',
    original_holiday_date: '2099-12-26',
    open_time: null,
    close_time: null,
    closed: true,
    location: venue.hotelName,
    venue: 'hotel',
  },
  {
    id: 2,
    holiday_date: '2099-12-26',
    original_holiday_date: '2099-12-26',
    open_time: '12:00',
    close_time: '16:00',
    closed: false,
    location: venue.barName,
    venue: 'stables',
  },
]

let mock: MockApi
beforeEach(() => {
  resetAdmin('/deleteHoliday')
  window.confirm = () => true
})
afterEach(() => mock?.restore())

const rowOf = (venueKey: string) => document.querySelector(`.admin-row[data-venue="${venueKey}"]`) as HTMLElement

describe('a holiday exception is for a venue key', () => {
  test('the add form offers the venues by name and sends the key', async () => {
    mock = mockApi({
      'GET /api/bank-admin-holiday-exceptions': { body: [] },
      'POST /api/add-bank-holiday-times': { status: 201, body: { message: 'Bank holiday times added.', holiday: HOLIDAYS[1] } },
    })
    render(<AddHoliday />)
    const options = [...(screen.getByLabelText('Location') as HTMLSelectElement).options].map((o) => [o.value, o.textContent])
    expect(options).toEqual([
      ['', 'Choose a venue…'],
      ['hotel', venue.hotelName],
      ['stables', venue.barName],
    ])
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2099-12-26' } })
    fireEvent.change(screen.getByLabelText('Location'), { target: { value: 'stables' } })
    fireEvent.change(screen.getByLabelText('Opens'), { target: { value: '12:00' } })
    fireEvent.change(screen.getByLabelText('Closes'), { target: { value: '16:00' } })
    fireEvent.click(screen.getByRole('button', { name: 'Add exception' }))
    expect(await screen.findByText('Bank holiday times added.')).toBeTruthy()
    expect(mock.changes()[0]!.body).toEqual({ location: 'stables', holiday_date: '2099-12-26', open_time: '12:00', close_time: '16:00', closed: false })
  })

  test('remove sends the key; the queued removal marks the row of that venue only', async () => {
    mock = mockApi({
      'GET /api/bank-admin-holiday-exceptions': { body: HOLIDAYS },
      'DELETE /api/remove-bank-holiday-times': 'network',
    })
    await connectOutbox()
    render(<DeleteHoliday />)
    fireEvent.click(await screen.findByRole('button', { name: `Remove ${venue.barName} on Saturday 26 December 2099` }))
    await waitFor(() => expect(rowOf('stables').classList.contains('is-deleted')).toBe(true))
    // The row is marked once the removal is queued; the outbox sends it a moment later.
    await waitFor(() => expect(mock.changes()).toHaveLength(1))
    expect(mock.changes()[0]!.body).toEqual({ holiday_date: '2099-12-26', location: 'stables' })
    expect(rowOf('hotel').classList.contains('is-deleted')).toBe(false)
  })

  test('a removal queued by an older version (display name, any case) still marks the right row', async () => {
    mock = mockApi({ 'GET /api/bank-admin-holiday-exceptions': { body: HOLIDAYS } })
    await connectOutbox()
    await enqueue({
      channel: 'admin',
      method: 'DELETE',
      path: '/api/remove-bank-holiday-times',
      body: { kind: 'json', value: { holiday_date: '2099-12-26', location: venue.barName.toUpperCase() } },
      label: 'Remove the Stables exception',
      meta: { kind: 'holiday', op: 'delete', holiday_date: '2099-12-26', location: venue.barName.toUpperCase() },
    })
    render(<DeleteHoliday />)
    await waitFor(() => expect(rowOf('stables').classList.contains('is-deleted')).toBe(true))
    expect(rowOf('hotel').classList.contains('is-deleted')).toBe(false)
  })

  test('an addition queued by an older version (display name only) is listed under its venue key', async () => {
    mock = mockApi({ 'GET /api/bank-admin-holiday-exceptions': { body: [] } })
    await connectOutbox()
    const holiday = { holiday_date: '2099-05-04', location: venue.hotelName, open_time: '10:00', close_time: '16:00', closed: false }
    await enqueue({
      channel: 'admin',
      method: 'POST',
      path: '/api/add-bank-holiday-times',
      body: { kind: 'json', value: holiday },
      label: 'Opening times exception',
      meta: { kind: 'holiday', op: 'create', holiday },
    })
    render(<DeleteHoliday />)
    await waitFor(() => expect(rowOf('hotel')?.classList.contains('is-pending')).toBe(true))
    expect(rowOf('hotel').textContent).toContain(`${venue.hotelName} · 10:00 - 16:00`)
  })
})
