import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { CreateEvent } from './CreateEvent'
import { EventEditModal } from './EventEditModal'
import type { DisplayEvent } from './changes'
import { makeFile, mockApi, resetAdmin, type MockApi } from '../../../../test/admin-helpers'
import { describedBy, expectFieldErrors, expectFocusOnMessage, invalidLabels } from '../../../../test/field-errors'
import { quiet } from '../../../../test/quiet'

const REQUIRED = 'Please fill in all required fields (Title, Description, Start Date/Time).'
const TICKET = 'Please enter the ticket link as a full web address starting with http:// or https://.'
const START_HINT = 'Venue time (UK).'
const IMAGE_HINT = 'JPEG, PNG or WEBP, less than 2MB.'

let mock: MockApi
afterEach(() => mock?.restore())
const set = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } })
const form = () => document.querySelector('form') as HTMLFormElement
/** Every field of a new event filled in, the image read for its preview. */
async function fillValidEvent() {
  set('Title', 'Folk Night')
  set('Description', 'Fiddles.')
  set('Start Date/Time', '2099-06-05T19:30')
  fireEvent.change(screen.getByLabelText('Image'), { target: { files: [makeFile('a.png', 'image/png')] } })
  await screen.findByAltText('Preview of the selected event image')
}

describe('Create Events: errors tied to fields', () => {
  beforeEach(() => resetAdmin('/createEvent'))

  test('an empty form marks title, description and start, links the hints, and focuses Title', async () => {
    mock = mockApi()
    render(<CreateEvent />)
    fireEvent.click(screen.getByRole('button', { name: 'Upload event' }))
    await screen.findByText(REQUIRED)
    await waitFor(() => expectFieldErrors(form(), REQUIRED, ['Title', 'Description', 'Start Date/Time'], { 'Start Date/Time': START_HINT, Image: IMAGE_HINT }))
  })

  test('fixing a field clears its mark; the next problem marks the next field (the image)', async () => {
    mock = mockApi()
    render(<CreateEvent />)
    fireEvent.click(screen.getByRole('button', { name: 'Upload event' }))
    await screen.findByText(REQUIRED)
    set('Title', 'Folk Night')
    expect(invalidLabels(form())).toEqual(['Description', 'Start Date/Time'])
    set('Description', 'Fiddles.')
    set('Start Date/Time', '2099-06-05T19:30')
    fireEvent.click(screen.getByRole('button', { name: 'Upload event' }))
    await screen.findByText('Please select an image to upload.')
    await waitFor(() => expectFieldErrors(form(), 'Please select an image to upload.', ['Image'], { Image: IMAGE_HINT }))
  })

  test('a bad ticket link marks only the ticket field', async () => {
    mock = mockApi()
    render(<CreateEvent />)
    await fillValidEvent()
    set('Ticket link (optional)', 'tickets.example')
    fireEvent.click(screen.getByRole('button', { name: 'Upload event' }))
    await screen.findByText(TICKET)
    await waitFor(() => expectFieldErrors(form(), TICKET, ['Ticket link (optional)']))
  })

  test('a refusal from the server marks no field and puts focus on the message', async () => {
    mock = mockApi({ 'POST /api/upload-event': { status: 400, body: { error: 'The image could not be read.' } } })
    render(<CreateEvent />)
    await fillValidEvent()
    await quiet(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Upload event' }))
      await screen.findByText('The image could not be read.')
    })
    expect(invalidLabels(form())).toEqual([])
    await waitFor(() => expectFocusOnMessage('The image could not be read.'))
  })

  test('after the upload, focus is on its status message, not the page', async () => {
    mock = mockApi({ 'POST /api/upload-event': { body: { message: 'Event uploaded successfully!', event: { id: 5, updated_at: 'x' } } } })
    render(<CreateEvent />)
    await fillValidEvent()
    fireEvent.click(screen.getByRole('button', { name: 'Upload event' }))
    await screen.findByText('Event uploaded successfully!')
    await waitFor(() => expectFocusOnMessage('Event uploaded successfully!'))
  })
})

const EVENT: DisplayEvent = {
  id: 11,
  title: 'Summer Barn Dance',
  description: 'A caller and a band.',
  start_datetime: '2099-07-04T18:30:00.000Z',
  image_url: null,
  image_width: null,
  image_height: null,
  ticket_url: null,
  contact_to_book: 0,
  updated_at: '2026-01-01T00:00:00Z',
} as DisplayEvent

describe('Edit event dialog: errors tied to fields', () => {
  beforeEach(() => resetAdmin('/manageEvent'))

  test('clearing title and start marks them, the message sits before the fields, and Title gets focus', async () => {
    mock = mockApi()
    render(<EventEditModal event={EVENT} onClose={() => {}} onSaved={() => {}} />)
    set('Title', '')
    set('Start Date/Time', '')
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }))
    const message = await screen.findByText(REQUIRED)
    await waitFor(() => expectFieldErrors(form(), REQUIRED, ['Title', 'Start Date/Time'], { 'Start Date/Time': START_HINT }))
    // Above the first field, so it is in view when focus moves there (not below the dialog's fold).
    const title = screen.getByLabelText('Title')
    expect(message.compareDocumentPosition(title) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(describedBy(screen.getByLabelText('Replace Image'))).toContain('Optional. PNG, JPEG or GIF, less than 2MB.')
  })

  test('a refused save puts focus on the message', async () => {
    mock = mockApi({ 'POST /api/update-event': { status: 400, body: { error: 'Title is too long.' } } })
    render(<EventEditModal event={EVENT} onClose={() => {}} onSaved={() => {}} />)
    await quiet(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }))
      await screen.findByText('Title is too long.')
    })
    await waitFor(() => expectFocusOnMessage('Title is too long.'))
  })
})
