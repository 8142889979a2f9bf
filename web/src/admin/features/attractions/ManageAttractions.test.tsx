import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { fireEvent, render, screen, within } from '@testing-library/react'
import { useOutbox } from '../../../offline/outbox'
import { ManageAttractions } from './ManageAttractions'
import { formEntries, makeFile, mockApi, resetAdmin, type MockApi } from '../../../../test/admin-helpers'

const ATTRACTION = {
  id: 4,
  name: 'Hallow Castle',
  url: 'https://example.org/castle',
  description: 'Ruins on the hill.',
  imageUrl: '/files/c.png',
  width: 800,
  height: 600,
  updated_at: '2026-01-01T00:00:00Z',
}

let mock: MockApi
beforeEach(() => {
  resetAdmin('/manageAttractions')
  window.confirm = () => true
})
afterEach(() => mock?.restore())

const section = (name: string) => screen.getByRole('region', { name })

describe('Manage Attractions', () => {
  test("an empty list says 'No locations to display'", async () => {
    mock = mockApi({ 'GET /api/around': { body: [] } })
    render(<ManageAttractions />)
    expect(await screen.findByText('No locations to display')).toBeTruthy()
  })

  test("a failed list says 'Error fetching locations'", async () => {
    mock = mockApi({ 'GET /api/around': { status: 500, body: { error: 'boom' } } })
    render(<ManageAttractions />)
    expect(await screen.findByText('Error fetching locations')).toBeTruthy()
  })

  test('upload: every field and an image are required', async () => {
    mock = mockApi({ 'GET /api/around': { body: [] } })
    render(<ManageAttractions />)
    const form = within(section('Add an attraction'))
    fireEvent.click(form.getByRole('button', { name: 'Upload attraction' }))
    expect(await form.findByText('Please fill in all fields and select an image to upload.')).toBeTruthy()
    fireEvent.change(form.getByLabelText('Name'), { target: { value: 'Larkdale Force' } })
    fireEvent.change(form.getByLabelText('Web address'), { target: { value: 'https://example.org/force' } })
    fireEvent.change(form.getByLabelText('Description'), { target: { value: 'A waterfall.' } })
    fireEvent.click(form.getByRole('button', { name: 'Upload attraction' }))
    expect(form.getByText('Please fill in all fields and select an image to upload.')).toBeTruthy()
    expect(form.getByLabelText('Web address').getAttribute('type')).toBe('url')
    expect(mock.changes()).toHaveLength(0)
  })

  test('upload success and failure messages; the form resets after success', async () => {
    let fail = false
    mock = mockApi({
      'GET /api/around': { body: [] },
      'POST /api/upload-around': () =>
        fail ? { status: 400, body: { error: 'Bad image.' } } : { status: 201, body: { message: 'Attraction uploaded successfully!', attraction: ATTRACTION } },
    })
    render(<ManageAttractions />)
    const form = within(section('Add an attraction'))
    const fill = () => {
      fireEvent.change(form.getByLabelText('Name'), { target: { value: 'Larkdale Force' } })
      fireEvent.change(form.getByLabelText('Web address'), { target: { value: 'https://example.org/force' } })
      fireEvent.change(form.getByLabelText('Description'), { target: { value: 'A waterfall.' } })
      fireEvent.change(form.getByLabelText('Image'), { target: { files: [makeFile('force.png', 'image/png')] } })
    }
    fill()
    fireEvent.click(form.getByRole('button', { name: 'Upload attraction' }))
    expect(await form.findByText('Attraction uploaded successfully!')).toBeTruthy()
    expect(formEntries(mock.changes()[0]!.body)).toEqual({
      image: 'file:force.png',
      name: 'Larkdale Force',
      url: 'https://example.org/force',
      description: 'A waterfall.',
    })
    expect((form.getByLabelText('Name') as HTMLInputElement).value).toBe('')
    fail = true
    fill()
    fireEvent.click(form.getByRole('button', { name: 'Upload attraction' }))
    expect(await form.findByText('Error uploading attraction.')).toBeTruthy()
  })

  test("edit: a business must be selected first ('Please select a business to edit.'), then fields prefill", async () => {
    mock = mockApi({ 'GET /api/around': { body: [ATTRACTION] }, 'PUT /api/edit-around/4': { status: 404, body: { error: 'No attraction with id 4.' } } })
    render(<ManageAttractions />)
    const form = within(section('Edit an attraction'))
    await form.findByRole('option', { name: 'Hallow Castle' })
    fireEvent.click(form.getByRole('button', { name: 'Save changes' }))
    expect(await form.findByText('Please select a business to edit.')).toBeTruthy()
    fireEvent.change(form.getByLabelText('Attraction'), { target: { value: '4' } })
    expect((form.getByLabelText('Name') as HTMLInputElement).value).toBe('Hallow Castle')
    expect((form.getByLabelText('Web address') as HTMLInputElement).value).toBe('https://example.org/castle')
    fireEvent.change(form.getByLabelText('Description'), { target: { value: '' } })
    fireEvent.click(form.getByRole('button', { name: 'Save changes' }))
    expect(await form.findByText('Please fill in the name, web address and description.')).toBeTruthy()
    fireEvent.change(form.getByLabelText('Description'), { target: { value: 'Ruins.' } })
    fireEvent.click(form.getByRole('button', { name: 'Save changes' }))
    expect(await form.findByText('Error updating business.')).toBeTruthy()
    const sent = mock.changes()[0]!
    expect(`${sent.method} ${sent.path}`).toBe('PUT /api/edit-around/4')
    // The picture's description is sent too (empty: none), as the form shows it.
    expect(formEntries(sent.body)).toEqual({ name: 'Hallow Castle', url: 'https://example.org/castle', description: 'Ruins.', alt: '' })
    // The edit says which version it was based on, so a change made elsewhere is not overwritten.
    expect(sent.headers['if-match']).toBe('"2026-01-01T00:00:00Z"')
    expect(form.getByText('No attraction with id 4.')).toBeTruthy()
  })

  test('a server error keeps the edit on the device: the queued message, and it waits in the outbox', async () => {
    mock = mockApi({ 'GET /api/around': { body: [ATTRACTION] }, 'PUT /api/edit-around/4': { status: 500, body: { error: 'Disk full.' } } })
    render(<ManageAttractions />)
    const form = within(section('Edit an attraction'))
    await form.findByRole('option', { name: 'Hallow Castle' })
    fireEvent.change(form.getByLabelText('Attraction'), { target: { value: '4' } })
    fireEvent.change(form.getByLabelText('Name'), { target: { value: 'Hallow Castle Ruins' } })
    fireEvent.click(form.getByRole('button', { name: 'Save changes' }))
    expect(await form.findByText('Saved on this device — will sync when you’re back online')).toBeTruthy()
    expect(useOutbox.getState().entries.map((e) => [e.path, e.state, e.error])).toEqual([['/api/edit-around/4', 'waiting', 'Disk full.']])
    // The list shows the change before it lands.
    const row = await screen.findByText('Hallow Castle Ruins', { selector: '.admin-row__title' })
    expect(row.textContent).toContain('Change waiting to sync')
  })

  test("delete asks first and says 'Error deleting location' when it fails", async () => {
    let asked = ''
    window.confirm = (text?: string) => {
      asked = text ?? ''
      return true
    }
    mock = mockApi({
      'GET /api/around': { body: [ATTRACTION] },
      'DELETE /api/delete-around/4': { status: 400, body: { error: 'Choose an attraction to delete.' } },
    })
    render(<ManageAttractions />)
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Hallow Castle' }))
    expect(await screen.findByText('Error deleting location')).toBeTruthy()
    expect(asked).toContain('Hallow Castle')
  })
})
