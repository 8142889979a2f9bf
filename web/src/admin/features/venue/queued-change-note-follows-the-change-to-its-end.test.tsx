/**
 * A change saved on this device says so beneath its form ("Saved on this device — will sync…"). When it is
 * sent, that note follows it to its end: "Synced" once it lands, and, where the server met it with a newer
 * version (409) or refused it (4xx), that, with the server's reason and the way to Pending changes, rather
 * than the promise that it will sync.
 */
import { afterEach, expect, test } from 'bun:test'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { builtVenue } from '../../../lib/venue'
import { discard, replay, retry, useOutbox } from '../../../offline/outbox'
import { useStaffMember } from '../../session'
import { CONFLICT_MESSAGE, QUEUED_MESSAGE, REFUSED_MESSAGE, SETTLED_MESSAGE, SYNCED_MESSAGE } from '../../api/messages'
import { mockApi, resetAdmin, type MockApi } from '../../../../test/admin-helpers'
import { VenueDetails } from './VenueDetails'
import { useAdminVenue } from './store'
import { whileOffline } from '../../../../test/offline'

const FILLED = '2026-06-01T10:00:00.000Z'
const SAVE = 'Save venue details'

let mock: MockApi
afterEach(() => mock?.restore())

/** Saves a new phone number with the device offline, then comes back online and sends it, answered by `answer`. */
async function saveOfflineThenSend(answer: () => { status: number; body: unknown }): Promise<HTMLElement> {
  resetAdmin('/venueDetails')
  useAdminVenue.getState().reset()
  useStaffMember.setState({ username: 'admin', role: 'owner', mustChangePassword: false })
  mock = mockApi({
    'GET /api/admin/venue': { body: { venue: builtVenue, updated_at: FILLED } },
    'PUT /api/admin/venue': answer as never,
  })
  render(<VenueDetails />)
  await screen.findByRole('button', { name: SAVE })
  const form = screen.getByRole('button', { name: SAVE }).closest('form') as HTMLFormElement
  await whileOffline(async () => {
    fireEvent.change(within(form).getByLabelText('Phone'), { target: { value: '01632 960 124' } })
    fireEvent.click(within(form).getByRole('button', { name: SAVE }))
    await within(form).findByText(QUEUED_MESSAGE)
  })
  await replay()
  return form
}

test('a kept change the server meets with a newer version says so, not that it will sync', async () => {
  const form = await saveOfflineThenSend(() => ({
    status: 409,
    body: {
      error: 'The venue details were changed since you opened them.',
      current: { venue: { ...builtVenue, phone: '01632 960 999' }, updated_at: '2026-06-01T11:00:00.000Z' },
    },
  }))
  await waitFor(() => expect(useOutbox.getState().entries[0]?.state).toBe('conflict'))
  await within(form).findByText(CONFLICT_MESSAGE)
  expect(within(form).queryByText(QUEUED_MESSAGE)).toBeNull()
  expect(within(form).getByRole('link', { name: 'See Pending changes' })).toBeTruthy()
})

test("a kept change the server refuses says so, with the server's reason", async () => {
  const form = await saveOfflineThenSend(() => ({ status: 400, body: { error: 'The phone number is not one we can ring.' } }))
  await waitFor(() => expect(useOutbox.getState().entries[0]?.state).toBe('failed'))
  await within(form).findByText(REFUSED_MESSAGE)
  expect(within(form).getByText('The phone number is not one we can ring.')).toBeTruthy()
  expect(within(form).queryByText(QUEUED_MESSAGE)).toBeNull()
})

test('once the conflict is settled in Pending changes (here discarded), the note no longer says the change will sync', async () => {
  const form = await saveOfflineThenSend(() => ({
    status: 409,
    body: { error: 'Changed since.', current: { venue: { ...builtVenue, phone: '01632 960 999' }, updated_at: '2026-06-01T11:00:00.000Z' } },
  }))
  await within(form).findByText(CONFLICT_MESSAGE)
  await discard(useOutbox.getState().entries[0]!.id)
  await within(form).findByText(SETTLED_MESSAGE)
  expect(within(form).queryByText(QUEUED_MESSAGE)).toBeNull()
})

test('a refused change sent again from Pending changes (Retry) is said to be on its way again, not settled', async () => {
  let puts = 0
  const form = await saveOfflineThenSend((() =>
    ++puts === 1 ? { status: 400, body: { error: 'The phone number is not one we can ring.' } } : new Promise(() => {})) as never)
  await within(form).findByText(REFUSED_MESSAGE)
  // Not awaited: Retry sends at once, and this answer never comes.
  void retry(useOutbox.getState().entries[0]!.id)
  await within(form).findByText(QUEUED_MESSAGE)
  expect(within(form).queryByText(SETTLED_MESSAGE)).toBeNull()
})

test('"Synced" stays once the landed change has left the short list of recent landings', async () => {
  const form = await saveOfflineThenSend(() => ({
    status: 200,
    body: { message: 'Venue details saved.', venue: builtVenue, updated_at: '2026-06-01T12:00:00.000Z' },
  }))
  await within(form).findByText(SYNCED_MESSAGE)
  useOutbox.setState({ sent: [] })
  await waitFor(() => expect(within(form).getByText(SYNCED_MESSAGE)).toBeTruthy())
  expect(within(form).queryByText(QUEUED_MESSAGE)).toBeNull()
})
