import { afterEach, beforeEach, expect, test } from 'bun:test'
import { render, waitFor } from '@testing-library/react'
import { resetStores, restoreFetch, sampleTimes, stubFetch } from '../../../test/shell-helpers'
import { timeRange } from './timeRange'
import { builtVenue as venue } from '../../lib/venue'
import { useHolidays } from './holidaysStore'
import { useOpeningTimes } from './store'
import { OpeningTimes } from './OpeningTimes'

beforeEach(async () => {
  await resetStores([useOpeningTimes, useHolidays])
})
afterEach(async () => {
  await Bun.sleep(30)
  restoreFetch()
})

test("one time-range form: SPEC's 'open - close', in the tables and the holiday lines of the same card", async () => {
  stubFetch({
    '/api/opening-times': sampleTimes,
    '/api/bank-holiday-exceptions': [
      { id: 2, holiday_date: '2099-12-25', open_time: '12:00', close_time: '16:00', closed: false, location: venue.barName, venue: 'stables' },
    ],
  })
  render(<OpeningTimes />)
  await waitFor(() => expect(document.querySelector('.opening-times__holiday-time')).toBeTruthy())
  const text = document.querySelector('.opening-times')?.textContent ?? ''
  const ranges = text.match(/\d\d:\d\d\s*\S\s*\d\d:\d\d/g) ?? []
  expect(ranges.length).toBeGreaterThan(4)
  for (const range of ranges) expect(range).toMatch(/^\d\d:\d\d - \d\d:\d\d$/)
  expect(timeRange('08:00', '22:00')).toBe('08:00 - 22:00')
})
