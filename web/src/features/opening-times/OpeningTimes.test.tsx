import { afterEach, beforeEach, describe, expect, setSystemTime, test } from 'bun:test'
import { render, screen, waitFor, within } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { resetStores, restoreFetch, sampleTimes, stubFetch } from '../../../test/shell-helpers'
import { builtVenue as venue } from '../../lib/venue'
import { useHolidays } from './holidaysStore'
import { useOpeningTimes } from './store'
import { OpeningTimes } from './OpeningTimes'
import { OpenStatus } from './OpenStatus'

const holidays = [
  { id: 1, holiday_date: '2026-12-25', open_time: null, close_time: null, closed: true, location: venue.hotelName, venue: 'hotel' },
  { id: 2, holiday_date: '2026-12-25', open_time: '12:00', close_time: '16:00', closed: false, location: venue.barName, venue: 'stables' },
  { id: 3, holiday_date: '2026-12-28', open_time: '11:00', close_time: '22:00', closed: false, location: venue.barName, venue: 'stables' },
]

const column = (key: 'hotel' | 'stables') => document.querySelector(`.opening-times__venue[data-venue="${key}"]`) as HTMLElement

beforeEach(async () => {
  await resetStores([useOpeningTimes, useHolidays])
})
afterEach(async () => {
  await Bun.sleep(30)
  restoreFetch()
  setSystemTime()
})

describe('OpeningTimes', () => {
  test('one column per venue with its own groups, hours and food times; Closed when closed', async () => {
    stubFetch({ '/api/opening-times': sampleTimes, '/api/bank-holiday-exceptions': [] })
    render(<OpeningTimes />)
    await waitFor(() => expect(column('hotel').querySelector('table')).toBeTruthy())
    const hotel = within(column('hotel'))
    const stables = within(column('stables'))
    expect(hotel.getByRole('heading', { level: 3 }).textContent).toBe(venue.hotelName)
    expect(stables.getByRole('heading', { level: 3 }).textContent).toBe(venue.barName)
    expect(hotel.getByRole('columnheader', { name: 'Breakfast' })).toBeTruthy()
    expect(stables.getByRole('columnheader', { name: 'Lunch' })).toBeTruthy()
    const hotelRows = hotel
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent)
    expect(hotelRows).toEqual(['Monday-Friday08:00 - 22:0008:00 - 11:00', 'Saturday08:00 - 22:0008:00 - 11:30', 'Sunday08:00 - 21:0008:00 - 11:30'])
    const stablesRows = stables
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent)
    expect(stablesRows[0]).toBe('Monday-TuesdayClosed—')
    expect(stablesRows).toHaveLength(4)
  })

  test('no Holidays & Bank Holidays section when the list is empty', async () => {
    stubFetch({ '/api/opening-times': sampleTimes, '/api/bank-holiday-exceptions': [] })
    render(<OpeningTimes />)
    await waitFor(() => expect(column('hotel').querySelector('table')).toBeTruthy())
    await waitFor(() => expect(useHolidays.getState().status).toBe('ready'))
    expect(screen.queryByText('Holidays & Bank Holidays')).toBeNull()
  })

  test('each venue lists its own exceptions, in its own column', async () => {
    stubFetch({ '/api/opening-times': sampleTimes, '/api/bank-holiday-exceptions': holidays })
    render(<OpeningTimes />)
    await waitFor(() => expect(screen.getAllByText('Holidays & Bank Holidays')).toHaveLength(2))
    const hotelItems = within(column('hotel'))
      .getAllByRole('listitem')
      .map((li) => li.textContent)
    const stablesItems = within(column('stables'))
      .getAllByRole('listitem')
      .map((li) => li.textContent)
    expect(hotelItems).toEqual(['Friday 25 December 2026: Closed'])
    expect(stablesItems).toEqual(['Friday 25 December 2026: 12:00 - 16:00', 'Monday 28 December 2026: 11:00 - 22:00'])
  })

  test('only the venue with exceptions gets the section', async () => {
    stubFetch({ '/api/opening-times': sampleTimes, '/api/bank-holiday-exceptions': holidays.filter((h) => h.venue === 'stables') })
    render(<OpeningTimes />)
    await waitFor(() => expect(within(column('stables')).queryByText('Holidays & Bank Holidays')).toBeTruthy())
    expect(within(column('hotel')).queryByText('Holidays & Bank Holidays')).toBeNull()
  })

  test('a failed or non-array holidays reply gives an empty list', async () => {
    const original = console.error
    console.error = () => {}
    try {
      stubFetch({ '/api/opening-times': sampleTimes, '/api/bank-holiday-exceptions': { error: 'nope' } })
      const first = render(<OpeningTimes />)
      await waitFor(() => expect(useHolidays.getState().status).toBe('ready'))
      expect(useHolidays.getState().data).toEqual([])
      expect(screen.queryByText('Holidays & Bank Holidays')).toBeNull()
      first.unmount()
      await resetStores([useOpeningTimes, useHolidays])
      stubFetch({ '/api/opening-times': sampleTimes })
      render(<OpeningTimes />)
      await waitFor(() => expect(useHolidays.getState().status).toBe('error'))
      await waitFor(() => expect(column('hotel').querySelector('table')).toBeTruthy())
      expect(screen.queryByText('Holidays & Bank Holidays')).toBeNull()
    } finally {
      console.error = original
    }
  })

  test('when opening times cannot load, the phone number is offered', async () => {
    const original = console.error
    console.error = () => {}
    try {
      stubFetch({})
      render(<OpeningTimes />)
      await waitFor(() => expect(screen.getAllByText(/Opening times are not available right now/)).toHaveLength(2))
      expect(screen.getAllByRole('link', { name: venue.phone })).toHaveLength(2)
    } finally {
      console.error = original
    }
  })
})

describe('OpenStatus', () => {
  test('renders nothing on the server and before data', () => {
    expect(renderToString(<OpenStatus venue="hotel" />)).toBe('')
  })

  test('says whether each venue is open now, honouring today’s exception', async () => {
    // Christmas Day 2026 (a Friday), 13:00 in London: the hotel is closed for the day, the Stables open 12-16.
    setSystemTime(new Date('2026-12-25T13:00:00Z'))
    stubFetch({ '/api/opening-times': sampleTimes, '/api/bank-holiday-exceptions': holidays })
    render(
      <>
        <OpenStatus venue="hotel" />
        <OpenStatus venue="stables" />
      </>,
    )
    await waitFor(() => expect(document.querySelectorAll('.open-status')).toHaveLength(2))
    await waitFor(() => expect(document.querySelector('[data-venue="stables"]')!.textContent).toContain('Open now · closes at 16:00'))
    const hotel = document.querySelector('.open-status[data-venue="hotel"]')!
    expect(hotel.textContent).toBe(`${venue.hotelName}Closed · opens Saturday at 08:00`)
    expect(hotel.className).toContain('open-status--closed')
  })

  test('a label of null hides the venue name', async () => {
    setSystemTime(new Date('2026-12-04T10:00:00Z'))
    stubFetch({ '/api/opening-times': sampleTimes, '/api/bank-holiday-exceptions': [] })
    render(<OpenStatus venue="hotel" label={null} />)
    await waitFor(() => expect(document.querySelector('.open-status')!.textContent).toBe('Open now · closes at 22:00'))
  })
})
