import { afterEach, beforeEach, expect, test } from 'bun:test'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { ManageEvent } from './ManageEvent'
import { formEntries, mockApi, resetAdmin, type MockApi } from '../../../../test/admin-helpers'

const event = (id: number, title: string, alt_text: string | null) => ({
  id,
  title,
  description: 'Music.',
  start_datetime: '2099-07-04T18:30:00.000Z',
  image_url: `/files/${id}.png`,
  image_variants: [],
  image_width: 800,
  image_height: 600,
  ticket_url: null,
  contact_to_book: 0,
  updated_at: '2026-01-01T00:00:00Z',
  alt_text,
})

let mock: MockApi
beforeEach(() => resetAdmin('/manageEvent'))
afterEach(() => mock?.restore())

test('an event picture without a description is flagged; the edit dialog shows and sends the description', async () => {
  const described = event(1, 'Folk night', 'Fiddlers by the fire')
  const bare = event(2, 'Barn dance', null)
  mock = mockApi({
    'GET /api/admin/events': { body: [described, bare] },
    'POST /api/update-event': { body: { message: 'Event updated.', event: { ...bare, alt_text: 'Couples dancing in the barn' } } },
  })
  render(<ManageEvent />)
  const row = (id: number) => document.querySelector(`[data-event-id="${id}"]`) as HTMLElement
  await waitFor(() => expect(row(2)).toBeTruthy())
  expect(within(row(2)).getByText('No description')).toBeTruthy()
  expect(within(row(1)).queryByText('No description')).toBeNull()
  expect(within(row(1)).getByAltText('Fiddlers by the fire')).toBeTruthy()
  fireEvent.click(within(row(2)).getByRole('button', { name: 'Edit Barn dance' }))
  const field = await screen.findByLabelText('Alt text: what the picture shows (optional)')
  expect((field as HTMLInputElement).value).toBe('')
  fireEvent.change(field, { target: { value: 'x'.repeat(251) } })
  fireEvent.click(screen.getByRole('button', { name: /Save Changes/i }))
  expect(await screen.findByText('The description (alt text) must be at most 250 characters.')).toBeTruthy()
  fireEvent.change(field, { target: { value: ' Couples dancing in the barn ' } })
  fireEvent.click(screen.getByRole('button', { name: /Save Changes/i }))
  await waitFor(() => expect(mock.changes()).toHaveLength(1))
  expect(formEntries(mock.changes()[0]!.body).alt_text).toBe('Couples dancing in the barn')
})
