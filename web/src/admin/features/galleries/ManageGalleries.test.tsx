import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { ManageGalleries } from './ManageGalleries'
import { deferred, formEntries, makeFile, mockApi, resetAdmin, type MockApi } from '../../../../test/admin-helpers'

const image = (id: number, type: string) => ({ id, type, image_url: `/files/${id}.png`, width: 800, height: 600, alt: `Photo ${id}` })
const GROUPED = { '1': [image(1, 'generic')], '2': [image(2, 'cafe')], '3': [], '4': [image(4, 'stables')], '5': [], '9': [image(9, 'generic')] }

let mock: MockApi
let confirmAnswer = true
beforeEach(() => {
  resetAdmin('/manageGalleries')
  confirmAnswer = true
  window.confirm = () => confirmAnswer
})
afterEach(() => mock?.restore())

const chooseFiles = (files: File[]) => fireEvent.change(screen.getByLabelText('Images'), { target: { files } })
const chooseType = (value: string) => fireEvent.change(screen.getByLabelText('Gallery'), { target: { value } })
const upload = () => fireEvent.click(screen.getByRole('button', { name: 'Upload' }))

describe('Manage Galleries', () => {
  test('images are grouped under Home, Eat, Stay, Drink, Events, and any other key is Unknown Category', async () => {
    mock = mockApi({ 'GET /api/galleryGrouped': { body: GROUPED } })
    render(<ManageGalleries />)
    const headings = await screen.findAllByRole('heading', { level: 3 })
    expect(headings.map((h) => h.textContent?.replace(/\s*\(\d+\).*$/, ''))).toEqual(['Home', 'Eat', 'Stay', 'Drink', 'Events', 'Unknown Category'])
    expect(screen.getAllByText('No images yet.')).toHaveLength(2)
  })

  test('the type select offers Home, Eat, Stay, Drink and Events with the API type values', async () => {
    mock = mockApi({ 'GET /api/galleryGrouped': { body: GROUPED } })
    render(<ManageGalleries />)
    const options = within(screen.getByLabelText('Gallery')).getAllByRole('option') as HTMLOptionElement[]
    expect(options.slice(1).map((o) => [o.value, o.textContent])).toEqual([
      ['generic', 'Home'],
      ['cafe', 'Eat'],
      ['rooms', 'Stay'],
      ['stables', 'Drink'],
      ['events', 'Events'],
    ])
    expect(screen.getByLabelText('Images').hasAttribute('multiple')).toBe(true)
  })

  test('no images or no type: the message, and nothing is sent', async () => {
    mock = mockApi({ 'GET /api/galleryGrouped': { body: GROUPED } })
    render(<ManageGalleries />)
    upload()
    expect(await screen.findByText('Please select images and provide a type.')).toBeTruthy()
    chooseFiles([makeFile('a.png', 'image/png')])
    upload()
    expect(screen.getByText('Please select images and provide a type.')).toBeTruthy()
    chooseFiles([])
    chooseType('cafe')
    upload()
    expect(screen.getByText('Please select images and provide a type.')).toBeTruthy()
    expect(mock.changes()).toHaveLength(0)
  })

  test('upload: several images and the type as multipart, a progress bar, the button unavailable but still focusable, then Upload successful!', async () => {
    const hold = deferred<{ status: number; body: unknown }>()
    mock = mockApi({ 'GET /api/galleryGrouped': { body: GROUPED }, 'POST /api/upload-gallery': () => hold.promise })
    render(<ManageGalleries />)
    chooseFiles([makeFile('a.png', 'image/png'), makeFile('b.jpg', 'image/jpeg')])
    chooseType('stables')
    upload()
    const button = await screen.findByRole('button', { name: 'Uploading…' })
    // aria-disabled, not disabled: a disabled button would drop keyboard focus to the page's body.
    expect(button.getAttribute('aria-disabled')).toBe('true')
    expect((button as HTMLButtonElement).disabled).toBe(false)
    expect(screen.getByRole('progressbar')).toBeTruthy()
    fireEvent.click(button)
    hold.resolve({ status: 201, body: { message: 'Upload successful!', images: [] } })
    expect(await screen.findByText('Upload successful!')).toBeTruthy()
    expect(mock.changes()).toHaveLength(1)
    expect(formEntries(mock.changes()[0]!.body)).toEqual({ images: ['file:a.png', 'file:b.jpg'], type: 'stables' })
    await waitFor(() => expect(mock.requests.filter((r) => r.path === '/api/galleryGrouped')).toHaveLength(2))
  })

  test('upload failure: Error uploading the images.', async () => {
    mock = mockApi({ 'GET /api/galleryGrouped': { body: GROUPED }, 'POST /api/upload-gallery': { status: 415, body: { error: 'Not an image.' } } })
    render(<ManageGalleries />)
    chooseFiles([makeFile('a.png', 'image/png')])
    chooseType('generic')
    upload()
    expect(await screen.findByText('Error uploading the images.')).toBeTruthy()
  })

  test('delete asks first; cancelled sends nothing, confirmed deletes and reloads', async () => {
    mock = mockApi({ 'GET /api/galleryGrouped': { body: GROUPED }, 'DELETE /api/delete-gallery/2': { body: { message: 'Image deleted.', id: 2 } } })
    render(<ManageGalleries />)
    const button = await screen.findByRole('button', { name: 'Delete “Photo 2” from Eat' })
    confirmAnswer = false
    fireEvent.click(button)
    expect(mock.changes()).toHaveLength(0)
    confirmAnswer = true
    fireEvent.click(button)
    expect(await screen.findByText('Image deleted.')).toBeTruthy()
    expect(mock.changes().map((r) => `${r.method} ${r.path}`)).toEqual(['DELETE /api/delete-gallery/2'])
  })
})
