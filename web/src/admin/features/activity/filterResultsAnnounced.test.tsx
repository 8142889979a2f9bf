/** Activity's filters say what they found in a polite live region that is there before they are used: the count, or that nothing matches. */
import { afterEach, beforeEach, expect, test } from 'bun:test'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { mockApi, resetAdmin, type MockApi } from '../../../../test/admin-helpers'
import { Activity } from './Activity'

let mock: MockApi
beforeEach(() => resetAdmin('/activity'))
afterEach(() => mock?.restore())

const entry = (id: number) => ({
  id,
  at: '2026-11-23T12:00:00Z',
  device_at: null,
  device_time_believable: true,
  username: 'sam',
  attempted_username: null,
  kind: 'event',
  action: 'update',
  record_id: '4',
  summary: `Change ${id}`,
  changes: null,
})

test('a filter announces how many changes match, or that nothing does, in the same status region', async () => {
  mock = mockApi({
    'GET /api/admin/activity': (request) => ({
      body: request.search.includes('member=nobody') ? [] : request.search.includes('member=sam') ? [entry(2)] : [entry(3), entry(2), entry(1)],
    }),
  })
  render(<Activity />)
  await screen.findByText('Change 3')
  const region = screen.getAllByRole('status').find((element) => element.closest('.admin-card'))!
  expect(region.getAttribute('role')).toBe('status')
  expect(region.textContent).toBe('')

  fireEvent.change(screen.getByLabelText('Member'), { target: { value: 'sam' } })
  await waitFor(() => expect(region.textContent).toBe('1 change matches these filters.'))
  expect(region.isConnected).toBe(true)

  fireEvent.change(screen.getByLabelText('Member'), { target: { value: 'nobody' } })
  await waitFor(() => expect(region.textContent).toBe('Nothing matches these filters.'))
  expect(region.isConnected).toBe(true)

  fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }))
  await waitFor(() => expect(region.textContent).toBe('Filters cleared: 3 changes shown.'))
  expect(region.isConnected).toBe(true)
})
