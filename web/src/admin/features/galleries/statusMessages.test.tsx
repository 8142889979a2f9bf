import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { ManageGalleries } from './ManageGalleries'
import { deferred, makeFile, mockApi, resetAdmin, type MockApi } from '../../../../test/admin-helpers'

const image = (id: number, type: string) => ({ id, type, image_url: `/files/${id}.png`, width: 800, height: 600, alt: `Photo ${id}` })
const GROUPED = { '1': [image(1, 'generic')], '2': [image(2, 'cafe')], '3': [], '4': [], '5': [] }

let mock: MockApi
beforeEach(() => {
  resetAdmin('/manageGalleries')
  window.confirm = () => true
})
afterEach(() => mock?.restore())

/** Every status message on the screen, whichever slot it is in. */
const shownMessages = () => [...document.querySelectorAll('.admin-status__text')].map((node) => node.textContent)

describe('staff status messages', () => {
  test('a new message replaces the last one on the screen instead of piling up beside it', async () => {
    mock = mockApi({
      'GET /api/galleryGrouped': { body: GROUPED },
      'POST /api/upload-gallery': { status: 201, body: { message: 'Upload successful!', images: [] } },
      'DELETE /api/delete-gallery/2': { body: { message: 'Image deleted.', id: 2 } },
    })
    render(<ManageGalleries />)
    fireEvent.change(screen.getByLabelText('Images'), { target: { files: [makeFile('a.png', 'image/png')] } })
    fireEvent.change(screen.getByLabelText('Gallery'), { target: { value: 'cafe' } })
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }))
    await waitFor(() => expect(shownMessages()).toEqual(['Upload successful!']))

    fireEvent.click(await screen.findByRole('button', { name: 'Delete “Photo 2” from Eat' }))
    await waitFor(() => expect(shownMessages()).toEqual(['Image deleted.']))

    // And back: a form's error replaces the list's success.
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }))
    await waitFor(() => expect(shownMessages()).toEqual(['Please select images and provide a type.']))
  })

  test("a reply that arrives after leaving a screen leaves the next screen's message alone", async () => {
    const hold = deferred<{ status: number; body: unknown }>()
    mock = mockApi({ 'GET /api/galleryGrouped': { body: GROUPED }, 'POST /api/upload-gallery': () => hold.promise })
    const first = render(<ManageGalleries />)
    fireEvent.change(screen.getByLabelText('Images'), { target: { files: [makeFile('a.png', 'image/png')] } })
    fireEvent.change(screen.getByLabelText('Gallery'), { target: { value: 'cafe' } })
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }))
    await screen.findByRole('button', { name: 'Uploading…' })
    first.unmount()

    render(<ManageGalleries />)
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }))
    await waitFor(() => expect(shownMessages()).toEqual(['Please select images and provide a type.']))
    hold.resolve({ status: 201, body: { message: 'Upload successful!', images: [] } })
    await waitFor(() => expect(mock.changes()).toHaveLength(1))
    // Nothing to await for a change that must not happen: give the late reply a moment to land.
    await Bun.sleep(50)
    expect(shownMessages()).toEqual(['Please select images and provide a type.'])
  })
})
