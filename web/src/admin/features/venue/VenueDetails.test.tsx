/** The Venue details screen: owners only; the shared rule's and the server's reasons at their field; a save through the outbox, queued offline. */
import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { builtVenue } from '../../../lib/venue'
import { useOutbox } from '../../../offline/outbox'
import { useStaffMember } from '../../session'
import { mockApi, resetAdmin, type MockApi } from '../../../../test/admin-helpers'
import { expectFieldErrors, invalidLabels, sendExpectingErrors } from '../../../../test/field-errors'
import { quiet } from '../../../../test/quiet'
import { OFFLINE_NOTE, VenueDetails } from './VenueDetails'
import { useAdminVenue } from './store'

let mock: MockApi
afterEach(() => mock?.restore())
beforeEach(() => {
  resetAdmin('/venueDetails')
  useAdminVenue.getState().reset()
  useStaffMember.setState({ username: 'admin', role: 'owner', mustChangePassword: false })
})

const SAVE = 'Save venue details'
const stored = { venue: builtVenue, updated_at: '2026-06-01T10:00:00.000Z' }
const formOf = () => screen.getByRole('button', { name: SAVE }).closest('form') as HTMLFormElement
const set = (label: string, value: string) => fireEvent.change(within(formOf()).getByLabelText(label), { target: { value } })

async function opened(routes: Parameters<typeof mockApi>[0] = {}) {
  mock = mockApi({ 'GET /api/admin/venue': { body: stored }, ...routes })
  render(<VenueDetails />)
  await screen.findByRole('button', { name: SAVE })
  return formOf()
}

describe('Venue details', () => {
  test('every field is shown with the stored value', async () => {
    const form = await opened()
    expect((within(form).getByLabelText('Phone') as HTMLInputElement).value).toBe(builtVenue.phone)
    expect((within(form).getByLabelText('Postcode') as HTMLInputElement).value).toBe(builtVenue.address.postcode)
    expect((within(form).getByLabelText('Booking origin') as HTMLInputElement).value).toBe(builtVenue.booking.origin)
    expect(within(form).getAllByRole('textbox').length + within(form).queryAllByRole('spinbutton').length).toBeGreaterThanOrEqual(16)
  })

  test('a value the shared rule refuses is marked at its field, with its reason, and nothing is sent', async () => {
    const form = await opened()
    set('Phone', '555-1234')
    await sendExpectingErrors(form, SAVE, "Phone: '555-1234' is not a UK phone number, e.g. 01632 960 123 or +44 1632 960 123.", ['Phone'])
    expect(mock.changes()).toHaveLength(0)
  })

  test("the server's reason is shown at the field it names", async () => {
    const reason = "Postcode: 'LD1 1AA' is not a UK postcode, e.g. LA22 9HL."
    const form = await opened({ 'PUT /api/admin/venue': { status: 400, body: { error: reason } } })
    await quiet(async () => {
      fireEvent.click(within(form).getByRole('button', { name: SAVE }))
      await within(form).findAllByText(reason)
    })
    await waitFor(() => expectFieldErrors(form, reason, ['Postcode']))
    expect((within(form).getByLabelText('Postcode') as HTMLInputElement).value).toBe(builtVenue.address.postcode)
  })

  test('a valid change is sent whole, as JSON, and the saved details are kept', async () => {
    const saved = { ...builtVenue, phone: '015394 32000' }
    const form = await opened({ 'PUT /api/admin/venue': { body: { message: 'Venue details saved.', venue: saved, updated_at: '2026-06-02T10:00:00.000Z' } } })
    set('Phone', '015394 32000')
    fireEvent.click(within(form).getByRole('button', { name: SAVE }))
    await within(form).findByText('Venue details saved.')
    expect(mock.changes().map((r) => [r.method, r.path])).toEqual([['PUT', '/api/admin/venue']])
    expect(mock.changes()[0]!.body).toEqual(saved)
    expect(invalidLabels(form)).toEqual([])
    expect(useAdminVenue.getState().data?.venue.phone).toBe('015394 32000')
  })

  test('offline: the screen says new addresses need the connection, and the change waits in the outbox with its badge', async () => {
    const form = await opened()
    const onLine = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(navigator), 'onLine')!
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false })
    try {
      window.dispatchEvent(new Event('offline'))
      await screen.findByText(OFFLINE_NOTE)
      set('Booking origin', 'https://book.fellside.example')
      set('Booking script', 'https://book.fellside.example/w.js')
      fireEvent.click(within(form).getByRole('button', { name: SAVE }))
      await waitFor(() => expect(useOutbox.getState().entries.map((e) => [e.path, e.state])).toEqual([['/api/admin/venue', 'waiting']]))
      expect(useOutbox.getState().entries[0]!.meta).toEqual({ kind: 'venue', op: 'update', fields: ['booking.scriptUrl', 'booking.origin'] })
      await screen.findByText('Change waiting to sync')
    } finally {
      delete (navigator as unknown as Record<string, unknown>).onLine
      Object.defineProperty(Object.getPrototypeOf(navigator), 'onLine', onLine)
    }
    expect(mock.changes()).toHaveLength(0)
  })

  test('an editor is told only owners may change the details, and gets no form', async () => {
    useStaffMember.setState({ username: 'edna', role: 'editor', mustChangePassword: false })
    mock = mockApi({ 'GET /api/admin/venue': { status: 403, body: { error: 'Only an owner can do this.' } } })
    render(<VenueDetails />)
    expect((await screen.findByRole('alert')).textContent).toContain('Only an owner can see venue details')
    expect(screen.queryByRole('button', { name: SAVE })).toBeNull()
  })
})
