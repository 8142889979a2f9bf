import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { fireEvent, render, screen } from '@testing-library/react'
import { builtVenue as venue } from '../../../lib/venue'
import { AddHoliday, DeleteHoliday } from './holidays'
import { mockApi, resetAdmin, type MockApi } from '../../../../test/admin-helpers'

const HOLIDAYS = [
  {
    id: 1,
    holiday_date: '2099-12-25',
    original_holiday_date: '2099-12-25',
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
let confirmAnswer = true
beforeEach(() => {
  resetAdmin('/addHoliday')
  confirmAnswer = true
  window.confirm = () => confirmAnswer
})
afterEach(() => mock?.restore())

const set = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } })

describe('Add Opening Times Exception', () => {
  test('lists the existing exceptions with their venue and times', async () => {
    mock = mockApi({ 'GET /api/bank-admin-holiday-exceptions': { body: HOLIDAYS } })
    render(<AddHoliday />)
    expect(await screen.findByText('Friday 25 December 2099')).toBeTruthy()
    expect(screen.getByText(`${venue.hotelName} · Closed all day`)).toBeTruthy()
    expect(screen.getByText(`${venue.barName} · 12:00 - 16:00`)).toBeTruthy()
  })

  test("'All fields are required' until date, location and both times are given", async () => {
    mock = mockApi({ 'GET /api/bank-admin-holiday-exceptions': { body: [] } })
    render(<AddHoliday />)
    fireEvent.click(screen.getByRole('button', { name: 'Add exception' }))
    expect(await screen.findByText('All fields are required')).toBeTruthy()
    set('Date', '2099-05-04')
    set('Location', 'stables')
    set('Opens', '11:00')
    fireEvent.click(screen.getByRole('button', { name: 'Add exception' }))
    expect(screen.getByText('All fields are required')).toBeTruthy()
    expect(mock.changes()).toHaveLength(0)
  })

  test('Closed all day needs no times; sends the venue key as location, date and closed', async () => {
    mock = mockApi({
      'GET /api/bank-admin-holiday-exceptions': { body: [] },
      'POST /api/add-bank-holiday-times': { status: 201, body: { message: 'Bank holiday times added.', holiday: HOLIDAYS[0] } },
    })
    render(<AddHoliday />)
    set('Date', '2099-05-04')
    set('Location', 'stables')
    fireEvent.click(screen.getByLabelText('Closed all day'))
    expect((screen.getByLabelText('Opens') as HTMLInputElement).disabled).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Add exception' }))
    expect(await screen.findByText('Bank holiday times added.')).toBeTruthy()
    expect(mock.changes()[0]!.body).toEqual({ location: 'stables', holiday_date: '2099-05-04', open_time: '', close_time: '', closed: true })
  })

  test("a refused add says 'Failed to add bank holiday times.' and the server's reason", async () => {
    mock = mockApi({
      'GET /api/bank-admin-holiday-exceptions': { body: [] },
      'POST /api/add-bank-holiday-times': { status: 409, body: { error: 'There is already an exception for that venue on that date.' } },
    })
    render(<AddHoliday />)
    set('Date', '2099-05-04')
    set('Location', 'hotel')
    set('Opens', '10:00')
    set('Closes', '16:00')
    fireEvent.click(screen.getByRole('button', { name: 'Add exception' }))
    expect(await screen.findByText('Failed to add bank holiday times.')).toBeTruthy()
    expect(screen.getByText('There is already an exception for that venue on that date.')).toBeTruthy()
    expect(mock.changes()[0]!.body).toEqual({ location: 'hotel', holiday_date: '2099-05-04', open_time: '10:00', close_time: '16:00', closed: false })
  })
})

describe('Remove Opening Times Exception', () => {
  test('Remove asks first, then sends DELETE with original_holiday_date and location', async () => {
    mock = mockApi({
      'GET /api/bank-admin-holiday-exceptions': { body: HOLIDAYS },
      'DELETE /api/remove-bank-holiday-times': { body: { message: 'Bank holiday times removed.' } },
    })
    render(<DeleteHoliday />)
    const button = await screen.findByRole('button', { name: `Remove ${venue.barName} on Saturday 26 December 2099` })
    confirmAnswer = false
    fireEvent.click(button)
    expect(mock.changes()).toHaveLength(0)
    confirmAnswer = true
    fireEvent.click(button)
    expect(await screen.findByText('Bank holiday times removed.')).toBeTruthy()
    expect(mock.changes()[0]!.body).toEqual({ holiday_date: '2099-12-26', location: 'stables' })
  })

  test("a failed removal says 'Failed to remove the holiday.'", async () => {
    mock = mockApi({
      'GET /api/bank-admin-holiday-exceptions': { body: HOLIDAYS },
      'DELETE /api/remove-bank-holiday-times': { status: 400, body: { error: 'All fields are required' } },
    })
    render(<DeleteHoliday />)
    fireEvent.click(await screen.findByRole('button', { name: `Remove ${venue.hotelName} on Friday 25 December 2099` }))
    expect(await screen.findByText('Failed to remove the holiday.')).toBeTruthy()
  })
})
