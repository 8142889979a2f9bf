import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { ManageEvent } from './ManageEvent'
import { formEntries, makeFile, mockApi, resetAdmin, type MockApi } from '../../../../test/admin-helpers'

const EVENTS = [
  {
    id: 11,
    title: 'Summer Barn Dance',
    description: 'A caller, a band and a hay bale or two.',
    start_datetime: '2099-07-04T18:30:00.000Z', // 19:30 at the venue (BST)
    image_url: '/files/dance.png',
    image_width: 800,
    image_height: 600,
    ticket_url: null,
    contact_to_book: 1,
    updated_at: '2026-01-01T00:00:00Z',
  },
  {
    id: 12,
    title: 'Carols by Lantern',
    description: 'Mince pies after.',
    start_datetime: '2099-12-20T19:00:00.000Z', // 19:00 at the venue (GMT)
    image_url: null,
    image_width: null,
    image_height: null,
    ticket_url: 'https://tickets.example/carols',
    contact_to_book: 0,
    updated_at: '2026-01-01T00:00:00Z',
  },
]

let mock: MockApi
let confirmAnswer = true
beforeEach(() => {
  resetAdmin('/manageEvent')
  confirmAnswer = true
  window.confirm = () => confirmAnswer
})
afterEach(() => mock?.restore())

const openEditor = async (title: string) => {
  fireEvent.click(await screen.findByRole('button', { name: `Edit ${title}` }))
  return screen.getByRole('dialog', { name: 'Edit event' })
}

describe('Manage Events: table', () => {
  test('columns Image, Title, Description, Start Date/Time, Actions; dates en-GB 12-hour in venue time', async () => {
    mock = mockApi({ 'GET /api/admin/events': { body: EVENTS } })
    render(<ManageEvent />)
    await screen.findByRole('button', { name: 'Edit Summer Barn Dance' })
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Image', 'Title', 'Description', 'Start Date/Time', 'Actions'])
    const row = document.querySelector<HTMLElement>('tr[data-event-id="11"]')!
    expect(within(row).getByText(/Saturday,? 4 July 2099/).textContent).toMatch(/7:30\s?pm/i)
    expect(within(document.querySelector<HTMLElement>('tr[data-event-id="12"]')!).getByText('Image Not Available')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Delete Summer Barn Dance' })).toBeTruthy()
  })

  test('delete asks first, then POST /api/delete-event { id }', async () => {
    mock = mockApi({ 'GET /api/admin/events': { body: EVENTS }, 'POST /api/delete-event': { body: { message: 'Event deleted.', id: 12 } } })
    render(<ManageEvent />)
    confirmAnswer = false
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Carols by Lantern' }))
    expect(mock.changes()).toHaveLength(0)
    confirmAnswer = true
    fireEvent.click(screen.getByRole('button', { name: 'Delete Carols by Lantern' }))
    expect(await screen.findByText('Event deleted.')).toBeTruthy()
    expect(mock.changes()[0]!.body).toEqual({ id: 12 })
  })

  test('a failed delete is logged and shows a short error', async () => {
    mock = mockApi({ 'GET /api/admin/events': { body: EVENTS }, 'POST /api/delete-event': { status: 400, body: { error: 'Choose an event to delete.' } } })
    render(<ManageEvent />)
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Carols by Lantern' }))
    expect(await screen.findByText('The event could not be deleted.')).toBeTruthy()
    expect(mock.logged.some((args) => String(args[0]).includes('Event delete failed'))).toBe(true)
  })
})

describe('Manage Events: the edit modal', () => {
  test('opens prefilled (start in venue time), focused on Title, with Contact to Book and the current image', async () => {
    mock = mockApi({ 'GET /api/admin/events': { body: EVENTS } })
    render(<ManageEvent />)
    const dialog = await openEditor('Summer Barn Dance')
    const d = within(dialog)
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    expect((d.getByLabelText('Title') as HTMLInputElement).value).toBe('Summer Barn Dance')
    expect((d.getByLabelText('Description') as HTMLTextAreaElement).value).toBe('A caller, a band and a hay bale or two.')
    expect((d.getByLabelText('Start Date/Time') as HTMLInputElement).value).toBe('2099-07-04T19:30')
    expect((d.getByLabelText('Contact to Book') as HTMLInputElement).checked).toBe(true)
    expect(d.getByAltText('Current event image')).toBeTruthy()
    expect(document.activeElement).toBe(d.getByLabelText('Title'))
    expect(d.getByRole('button', { name: 'Cancel' })).toBeTruthy()
    expect(d.getByRole('button', { name: 'Save Changes' })).toBeTruthy()
    fireEvent.click(d.getByRole('button', { name: 'Cancel' }))
    const winter = within(await openEditor('Carols by Lantern'))
    expect((winter.getByLabelText('Start Date/Time') as HTMLInputElement).value).toBe('2099-12-20T19:00')
    expect((winter.getByLabelText('Contact to Book') as HTMLInputElement).checked).toBe(false)
  })

  test("Replace Image shows a preview; 'Clear selected image' removes it", async () => {
    mock = mockApi({ 'GET /api/admin/events': { body: EVENTS } })
    render(<ManageEvent />)
    const d = within(await openEditor('Summer Barn Dance'))
    const input = d.getByLabelText('Replace Image') as HTMLInputElement
    expect(input.getAttribute('accept')).toBe('image/png,image/jpeg,image/gif')
    fireEvent.change(input, { target: { files: [makeFile('new.gif', 'image/gif')] } })
    expect(await d.findByAltText('Preview of the replacement image')).toBeTruthy()
    fireEvent.click(d.getByRole('button', { name: 'Clear selected image' }))
    expect(d.queryByAltText('Preview of the replacement image')).toBeNull()
    expect(d.queryByRole('button', { name: 'Clear selected image' })).toBeNull()
    expect(d.getByAltText('Current event image')).toBeTruthy()
    fireEvent.change(input, { target: { files: [makeFile('x.webp', 'image/webp')] } })
    expect(await d.findByText('Please select a PNG, JPEG or GIF image.')).toBeTruthy()
  })

  test('the selected image is cleared on close (Cancel or Escape)', async () => {
    mock = mockApi({ 'GET /api/admin/events': { body: EVENTS } })
    render(<ManageEvent />)
    let d = within(await openEditor('Summer Barn Dance'))
    fireEvent.change(d.getByLabelText('Replace Image'), { target: { files: [makeFile('new.png', 'image/png')] } })
    await d.findByAltText('Preview of the replacement image')
    fireEvent.click(d.getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    d = within(await openEditor('Summer Barn Dance'))
    expect(d.queryByAltText('Preview of the replacement image')).toBeNull()
    expect((d.getByLabelText('Replace Image') as HTMLInputElement).value).toBe('')
    fireEvent.change(d.getByLabelText('Replace Image'), { target: { files: [makeFile('new.png', 'image/png')] } })
    await d.findByAltText('Preview of the replacement image')
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' })
    expect(screen.queryByRole('dialog')).toBeNull()
    d = within(await openEditor('Summer Barn Dance'))
    expect(d.queryByAltText('Preview of the replacement image')).toBeNull()
  })

  test('focus stays inside: Tab from the last control goes to the first, Shift+Tab from the first to the last', async () => {
    mock = mockApi({ 'GET /api/admin/events': { body: EVENTS } })
    render(<ManageEvent />)
    const dialog = await openEditor('Summer Barn Dance')
    const d = within(dialog)
    const save = d.getByRole('button', { name: 'Save Changes' })
    const title = d.getByLabelText('Title')
    save.focus()
    fireEvent.keyDown(save, { key: 'Tab' })
    expect(document.activeElement).toBe(title)
    fireEvent.keyDown(title, { key: 'Tab', shiftKey: true })
    expect(document.activeElement).toBe(save)
  })

  test('a native modal dialog: showModal where the browser has it (focus stays inside, the page behind is inert), else a plain open dialog; focus returns to Edit on close', async () => {
    mock = mockApi({ 'GET /api/admin/events': { body: EVENTS } })
    render(<ManageEvent />)
    const proto = HTMLDialogElement.prototype as { showModal?: () => void }
    const native = proto.showModal
    let modal = 0
    proto.showModal = function (this: HTMLDialogElement) {
      modal++
      this.setAttribute('open', '')
    }
    try {
      const edit = await screen.findByRole('button', { name: 'Edit Summer Barn Dance' })
      edit.focus()
      const dialog = await openEditor('Summer Barn Dance')
      expect(dialog.tagName).toBe('DIALOG')
      expect(modal).toBe(1)
      expect((dialog as HTMLDialogElement).open).toBe(true)
      fireEvent.keyDown(dialog, { key: 'Escape' })
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Summer Barn Dance' }))
      delete proto.showModal
      const plain = await openEditor('Summer Barn Dance')
      expect((plain as HTMLDialogElement).open).toBe(true)
      expect(modal).toBe(1)
    } finally {
      proto.showModal = native
    }
  })

  test('Save Changes sends multipart to /api/update-event and closes on success', async () => {
    mock = mockApi({
      'GET /api/admin/events': { body: EVENTS },
      'POST /api/update-event': { body: { message: 'Event updated.', event: { ...EVENTS[0], title: 'Winter Barn Dance' } } },
    })
    render(<ManageEvent />)
    const d = within(await openEditor('Summer Barn Dance'))
    fireEvent.change(d.getByLabelText('Title'), { target: { value: 'Winter Barn Dance' } })
    fireEvent.change(d.getByLabelText('Start Date/Time'), { target: { value: '2099-07-04T20:00' } })
    fireEvent.click(d.getByLabelText('Contact to Book'))
    fireEvent.change(d.getByLabelText('Replace Image'), { target: { files: [makeFile('new.jpg', 'image/jpeg')] } })
    await d.findByAltText('Preview of the replacement image')
    fireEvent.click(d.getByRole('button', { name: 'Save Changes' }))
    // (Never `expect(element).toBeNull()` inside waitFor: printing a happy-dom element on failure hangs bun.)
    await waitFor(() => expect(document.querySelector('dialog, [role="dialog"]') === null).toBe(true))
    expect(await screen.findByText('Event updated.')).toBeTruthy()
    const sent = mock.changes()[0]!
    expect(sent.via).toBe('xhr')
    expect(sent.headers['idempotency-key']).toBeTruthy()
    expect(formEntries(sent.body)).toEqual({
      id: '11',
      title: 'Winter Barn Dance',
      description: 'A caller, a band and a hay bale or two.',
      start_datetime: '2099-07-04T20:00',
      contactToBook: 'false',
      ticket_url: '',
      // The picture's description as the dialog shows it (empty: none).
      alt_text: '',
      image: 'file:new.jpg',
    })
    await waitFor(() => expect(mock.requests.filter((r) => r.path === '/api/admin/events')).toHaveLength(2))
  })

  test('required fields are checked; a failed save is logged, shows a short error and keeps the dialog open', async () => {
    mock = mockApi({ 'GET /api/admin/events': { body: EVENTS }, 'POST /api/update-event': { status: 404, body: { error: 'Event not found.' } } })
    render(<ManageEvent />)
    const d = within(await openEditor('Carols by Lantern'))
    fireEvent.change(d.getByLabelText('Title'), { target: { value: '  ' } })
    fireEvent.click(d.getByRole('button', { name: 'Save Changes' }))
    expect(await d.findByText('Please fill in all required fields (Title, Description, Start Date/Time).')).toBeTruthy()
    expect(mock.changes()).toHaveLength(0)
    fireEvent.change(d.getByLabelText('Title'), { target: { value: 'Carols' } })
    fireEvent.click(d.getByRole('button', { name: 'Save Changes' }))
    expect(await d.findByText('The changes could not be saved.')).toBeTruthy()
    expect(d.getByText('Event not found.')).toBeTruthy()
    expect(screen.getByRole('dialog')).toBeTruthy()
    expect(mock.logged.some((args) => String(args[0]).includes('Event update failed'))).toBe(true)
  })
})
