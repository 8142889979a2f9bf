import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { builtVenue as venue } from '../../../lib/venue'
import { ManageTimes } from './ManageTimes'
import { deferred, mockApi, resetAdmin, type MockApi } from '../../../../test/admin-helpers'

const r = (open_time: string, close_time: string) => ({ open_time, close_time })
const TIMES = {
  monsal: {
    monday_to_friday: { label: 'Monday-Friday', closed: false, hours: r('08:00', '22:00'), breakfast: r('08:00', '11:00') },
    saturday: { label: 'Saturday', closed: false, hours: r('08:00', '22:00'), breakfast: r('08:00', '11:30') },
    sunday: { label: 'Sunday', closed: false, hours: r('08:00', '21:00'), breakfast: null },
  },
  stables: {
    monday_to_tuesday: { label: 'Monday-Tuesday', closed: true, hours: null, lunch: null },
    wednesday_to_friday: { label: 'Wednesday-Friday', closed: false, hours: r('12:00', '23:00'), lunch: r('12:00', '15:00') },
    saturday: { label: 'Saturday', closed: false, hours: r('11:00', '23:00'), lunch: r('12:00', '16:00') },
    sunday: { label: 'Sunday', closed: false, hours: r('11:00', '22:00'), lunch: r('12:00', '16:00') },
  },
  updated_at: '2026-01-01T00:00:00Z',
}

let mock: MockApi
beforeEach(() => resetAdmin('/manageTimes'))
afterEach(() => mock?.restore())

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement & HTMLSelectElement
const choose = (label: string, value: string) => fireEvent.change(field(label), { target: { value } })
const optionsOf = (label: string) => (within(field(label)).getAllByRole('option') as HTMLOptionElement[]).map((o) => o.textContent)

describe('Manage Opening Times', () => {
  test('the business select names the two venues; each offers only its own groups; food is Breakfast or Lunch', async () => {
    mock = mockApi({ 'GET /api/opening-times': { body: TIMES } })
    render(<ManageTimes />)
    await screen.findAllByText('Monday-Friday')
    expect(optionsOf('Business').slice(1)).toEqual([venue.hotelName, venue.barName])
    expect(field('Days').disabled).toBe(true)
    choose('Business', 'hotel')
    expect(optionsOf('Days').slice(1)).toEqual(['Monday-Friday', 'Saturday', 'Sunday'])
    expect(optionsOf('Times for')).toEqual(['Opening hours', 'Breakfast'])
    choose('Business', 'stables')
    expect(optionsOf('Days').slice(1)).toEqual(['Monday-Tuesday', 'Wednesday-Friday', 'Saturday', 'Sunday'])
    expect(optionsOf('Times for')).toEqual(['Opening hours', 'Lunch'])
  })

  test('the current values fill the form for the chosen group and type', async () => {
    mock = mockApi({ 'GET /api/opening-times': { body: TIMES } })
    render(<ManageTimes />)
    await screen.findAllByText('Monday-Friday')
    choose('Business', 'hotel')
    choose('Days', 'saturday')
    expect([field('Opens').value, field('Closes').value]).toEqual(['08:00', '22:00'])
    choose('Times for', 'food')
    expect([field('Opens').value, field('Closes').value]).toEqual(['08:00', '11:30'])
    choose('Business', 'stables')
    choose('Days', 'monday_to_tuesday')
    choose('Times for', 'opening')
    expect((screen.getByLabelText('Closed') as HTMLInputElement).checked).toBe(true)
    expect(field('Opens').disabled).toBe(true)
  })

  test('a group chosen before the current times arrive is filled in when they do', async () => {
    const hold = deferred<{ body: unknown }>()
    mock = mockApi({ 'GET /api/opening-times': () => hold.promise })
    render(<ManageTimes />)
    choose('Business', 'stables')
    choose('Days', 'saturday')
    expect(field('Opens').value).toBe('')
    hold.resolve({ body: TIMES })
    await screen.findAllByText('Monday-Tuesday')
    await waitFor(() => expect(field('Opens').value).toBe('11:00'))
    expect(field('Closes').value).toBe('23:00')
  })

  test('open and close are required unless Closed is ticked', async () => {
    mock = mockApi({
      'GET /api/opening-times': { body: TIMES },
      'PUT /api/update-times': { body: { message: 'Opening times updated.', opening_times: TIMES } },
    })
    render(<ManageTimes />)
    await screen.findAllByText('Monday-Friday')
    fireEvent.click(screen.getByRole('button', { name: 'Save times' }))
    expect(await screen.findByText('Please choose a business and the days to change.')).toBeTruthy()
    choose('Business', 'hotel')
    choose('Days', 'sunday')
    fireEvent.change(field('Opens'), { target: { value: '' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save times' }))
    expect(await screen.findByText('Please enter the opening and closing times, or tick Closed.')).toBeTruthy()
    expect(mock.changes()).toHaveLength(0)
    fireEvent.click(screen.getByLabelText('Closed'))
    fireEvent.click(screen.getByRole('button', { name: 'Save times' }))
    expect(await screen.findByText('Opening times updated.')).toBeTruthy()
    expect(mock.changes()[0]!.body).toEqual({ name: 'hotel', day: 'sunday', open_time: '', close_time: '', type: 'opening', closed: true })
  })

  test('sends PUT /api/update-times with the group key and type; failure says so exactly', async () => {
    let fail = false
    mock = mockApi({
      'GET /api/opening-times': { body: TIMES },
      'PUT /api/update-times': () =>
        fail
          ? { status: 400, body: { error: 'Closing time must differ from the opening time.' } }
          : { body: { message: 'Opening times updated.', opening_times: TIMES } },
    })
    render(<ManageTimes />)
    await screen.findAllByText('Monday-Friday')
    choose('Business', 'stables')
    choose('Days', 'wednesday_to_friday')
    choose('Times for', 'food')
    fireEvent.change(field('Opens'), { target: { value: '12:30' } })
    fireEvent.change(field('Closes'), { target: { value: '15:30' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save times' }))
    expect(await screen.findByText('Opening times updated.')).toBeTruthy()
    expect(mock.changes()[0]!.body).toEqual({
      name: 'stables',
      day: 'wednesday_to_friday',
      open_time: '12:30',
      close_time: '15:30',
      type: 'food',
      closed: false,
    })
    fail = true
    fireEvent.change(field('Closes'), { target: { value: '15:45' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save times' }))
    expect(await screen.findByText('Error updating times. Please try again.')).toBeTruthy()
  })
})
