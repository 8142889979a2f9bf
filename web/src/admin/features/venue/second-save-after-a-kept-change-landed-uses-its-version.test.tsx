/**
 * Venue details saved offline, then synced: the next save is based on the version the form's own kept
 * change made, also before the read after the landing has answered (else the server answers 409 and
 * the owner meets their own first change as a conflict).
 */
import { afterEach, expect, test } from 'bun:test'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { builtVenue } from '../../../lib/venue'
import { replay, useOutbox } from '../../../offline/outbox'
import { useStaffMember } from '../../session'
import { mockApi, resetAdmin, type MockApi } from '../../../../test/admin-helpers'
import { VenueDetails } from './VenueDetails'
import { useAdminVenue } from './store'
import { whileOffline } from '../../../../test/offline'

const FILLED = '2026-06-01T10:00:00.000Z'
const FIRST_MADE = '2026-06-02T10:00:00.000Z'
const SAVE = 'Save venue details'

let mock: MockApi
afterEach(() => mock?.restore())

test('offline save, synced, then saved again before the details are read again: the second save is based on the version the first made', async () => {
  resetAdmin('/venueDetails')
  useAdminVenue.getState().reset()
  useStaffMember.setState({ username: 'admin', role: 'owner', mustChangePassword: false })
  let reads = 0
  let version = FILLED
  mock = mockApi({
    'GET /api/admin/venue': (() => (++reads === 1 ? { body: { venue: builtVenue, updated_at: FILLED } } : new Promise(() => {}))) as never,
    'PUT /api/admin/venue': ((request: { headers: Record<string, string>; body: typeof builtVenue }) => {
      if (request.headers['if-match'] !== `"${version}"`)
        return { status: 409, body: { error: 'Changed since.', current: { venue: builtVenue, updated_at: version } } }
      version = version === FILLED ? FIRST_MADE : '2026-06-03T10:00:00.000Z'
      return { body: { message: 'Venue details saved.', venue: request.body, updated_at: version } }
    }) as never,
  })
  render(<VenueDetails />)
  await screen.findByRole('button', { name: SAVE })
  const form = screen.getByRole('button', { name: SAVE }).closest('form') as HTMLFormElement
  const phone = () => within(form).getByLabelText('Phone')

  await whileOffline(async () => {
    fireEvent.change(phone(), { target: { value: '01632 960 124' } })
    fireEvent.click(within(form).getByRole('button', { name: SAVE }))
    await waitFor(() => expect(useOutbox.getState().entries).toHaveLength(1))
  })
  await replay()
  await waitFor(() => expect(useOutbox.getState().entries).toHaveLength(0))

  fireEvent.change(phone(), { target: { value: '01632 960 125' } })
  fireEvent.click(within(form).getByRole('button', { name: SAVE }))
  await within(form).findByText('Venue details saved.')
  expect(mock.changes().map((sent) => sent.headers['if-match'])).toEqual([`"${FILLED}"`, `"${FIRST_MADE}"`])
})
