import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { replay, useOutbox, wake } from '../../../offline/outbox'
import { CreateEvent } from './CreateEvent'
import { makeFile, mockApi, resetAdmin, type MockApi, type Reply } from '../../../../test/admin-helpers'

let mock: MockApi
const RealFileReader = globalThis.FileReader
beforeEach(() => resetAdmin('/createEvent'))
afterEach(() => {
  mock?.restore()
  globalThis.FileReader = RealFileReader
})

const set = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } })
const chooseImage = (file: File) => fireEvent.change(screen.getByLabelText('Image'), { target: { files: [file] } })
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Upload event' }))
const fillText = () => {
  set('Title', 'Folk Night')
  set('Description', 'Fiddles by the fire.')
  set('Start Date/Time', '2099-06-05T19:30')
}

describe('Create Events', () => {
  test('title, description and start are required, then an image', async () => {
    mock = mockApi()
    render(<CreateEvent />)
    submit()
    expect(await screen.findByText('Please fill in all required fields (Title, Description, Start Date/Time).')).toBeTruthy()
    fillText()
    submit()
    expect(await screen.findByText('Please select an image to upload.')).toBeTruthy()
    expect(screen.getByLabelText('Start Date/Time').getAttribute('type')).toBe('datetime-local')
    expect(screen.getByLabelText('Ticket link (optional)').getAttribute('type')).toBe('url')
    expect(mock.changes()).toHaveLength(0)
  })

  test("an image over 2MB: 'Image size should be less than 2MB.'", async () => {
    mock = mockApi()
    render(<CreateEvent />)
    chooseImage(makeFile('huge.png', 'image/png', 2 * 1024 * 1024 + 1))
    expect(await screen.findByText('Image size should be less than 2MB.')).toBeTruthy()
    fillText()
    submit()
    expect(await screen.findByText('Please select an image to upload.')).toBeTruthy()
  })

  test('only JPEG, PNG or WEBP images', async () => {
    mock = mockApi()
    render(<CreateEvent />)
    expect(screen.getByLabelText('Image').getAttribute('accept')).toBe('image/jpeg,image/png,image/webp')
    chooseImage(makeFile('anim.gif', 'image/gif'))
    expect(await screen.findByText('Please select a JPEG, PNG or WEBP image.')).toBeTruthy()
  })

  test("an unreadable file: 'Failed to read image file.'", async () => {
    class BrokenReader {
      onload: (() => void) | null = null
      onerror: (() => void) | null = null
      onabort: (() => void) | null = null
      result: unknown = null
      error = new Error('unreadable')
      readAsDataURL() {
        setTimeout(() => this.onerror?.(), 0)
      }
    }
    globalThis.FileReader = BrokenReader as unknown as typeof FileReader
    mock = mockApi()
    render(<CreateEvent />)
    chooseImage(makeFile('a.png', 'image/png'))
    expect(await screen.findByText('Failed to read image file.')).toBeTruthy()
  })

  test('success: JSON with the image as a data URL, the message, and the form resets', async () => {
    mock = mockApi({ 'POST /api/upload-event': { status: 201, body: { message: 'Event uploaded successfully!', event: {} } } })
    render(<CreateEvent />)
    fillText()
    set('Ticket link (optional)', 'https://tickets.example/folk')
    fireEvent.click(screen.getByLabelText('Contact to Book'))
    chooseImage(makeFile('folk.png', 'image/png'))
    await screen.findByAltText('Preview of the selected event image')
    submit()
    expect(await screen.findByText('Event uploaded successfully!')).toBeTruthy()
    const sent = mock.changes()[0]!
    expect(sent.path).toBe('/api/upload-event')
    const body = sent.body as Record<string, unknown>
    expect(body).toMatchObject({
      title: 'Folk Night',
      description: 'Fiddles by the fire.',
      startDatetime: '2099-06-05T19:30',
      ticket_url: 'https://tickets.example/folk',
      contactToBook: true,
    })
    expect(String(body.image_base64)).toMatch(/^data:image\/png;base64,/)
    expect(sent.headers['content-type']).toBe('application/json')
    await waitFor(() => expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe(''))
    expect((screen.getByLabelText('Description') as HTMLTextAreaElement).value).toBe('')
    expect((screen.getByLabelText('Contact to Book') as HTMLInputElement).checked).toBe(false)
    expect(screen.queryByAltText('Preview of the selected event image')).toBeNull()
  })

  const failures: [string, Reply, string][] = [
    ['the server error text', { status: 413, body: { error: 'Image size should be less than 2MB.' } }, 'Image size should be less than 2MB.'],
    ['a status without a message', { status: 422 }, 'Error uploading event (Status: 422)'],
  ]
  for (const [name, reply, message] of failures) {
    test(`failure shows ${name}`, async () => {
      mock = mockApi({ 'POST /api/upload-event': reply })
      render(<CreateEvent />)
      fillText()
      chooseImage(makeFile('folk.png', 'image/png'))
      await screen.findByAltText('Preview of the selected event image')
      submit()
      expect(await screen.findByText(message)).toBeTruthy()
      expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Folk Night')
      // Refused: nothing is left waiting on the device.
      expect(useOutbox.getState().entries).toHaveLength(0)
    })
  }

  // With the outbox, no answer (or a server error) is no failure: the event is kept and sent later.
  const kept: [string, Reply][] = [
    ['no answer at all', 'network'],
    ['a server error', { status: 502 }],
  ]
  for (const [name, reply] of kept) {
    test(`${name}: the event is saved on this device, the form resets, and it is sent later with the same key`, async () => {
      mock = mockApi({ 'POST /api/upload-event': reply })
      render(<CreateEvent />)
      fillText()
      chooseImage(makeFile('folk.png', 'image/png'))
      await screen.findByAltText('Preview of the selected event image')
      submit()
      expect(await screen.findByText('Saved on this device — will sync when you’re back online')).toBeTruthy()
      await waitFor(() => expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe(''))
      const [entry] = useOutbox.getState().entries
      expect(entry!.label).toBe('New event: Folk Night')
      expect(entry!.state).toBe('waiting')
      mock.set({ 'POST /api/upload-event': { status: 201, body: { message: 'Event uploaded successfully!', event: { id: 5 } } } })
      await wake()
      await replay()
      expect(useOutbox.getState().entries).toHaveLength(0)
      const keys = mock.changes().map((r) => r.headers['idempotency-key'])
      expect(keys).toEqual([entry!.id, entry!.id])
    })
  }
})
