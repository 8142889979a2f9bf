/** The content screens' forms tie their errors to the fields (aria-invalid, aria-describedby, focus). */
import { afterEach, describe, expect, test } from 'bun:test'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { ManageGalleries } from './galleries/ManageGalleries'
import { ManageAttractions } from './attractions/ManageAttractions'
import { ManageTimes } from './opening-times/ManageTimes'
import { AddHoliday } from './holidays/holidays'
import { UploadMenus } from './menus/UploadMenus'
import { makeFile, mockApi, resetAdmin, type MockApi } from '../../../test/admin-helpers'
import { expectFieldErrors, expectFocusOnMessage, invalidLabels, sendExpectingErrors } from '../../../test/field-errors'
import { quiet } from '../../../test/quiet'

let mock: MockApi
afterEach(() => mock?.restore())
const formOf = (button: string) => screen.getByRole('button', { name: button }).closest('form') as HTMLFormElement
const set = (root: HTMLElement, label: string, value: string) => fireEvent.change(within(root).getByLabelText(label), { target: { value } })

describe('staff content forms: errors tied to fields', () => {
  test('galleries: no images and no page marks both; an upload leaves focus on its message', async () => {
    resetAdmin('/manageGalleries')
    mock = mockApi({ 'GET /api/galleryGrouped': { body: {} }, 'POST /api/upload-gallery': { body: { message: 'ok' } } })
    render(<ManageGalleries />)
    const form = formOf('Upload')
    const message = 'Please select images and provide a type.'
    await sendExpectingErrors(form, 'Upload', message, ['Images', 'Gallery'])
    fireEvent.change(within(form).getByLabelText('Images'), { target: { files: [makeFile('a.png', 'image/png')] } })
    expect(invalidLabels(form)).toEqual(['Gallery'])
    set(form, 'Gallery', 'cafe')
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }))
    await within(form).findByText('Upload successful!')
    expect(invalidLabels(form)).toEqual([])
    await waitFor(() => expectFocusOnMessage('Upload successful!'))
  })

  test('attractions: the add form marks what is missing; the edit form marks the business, then a bad address', async () => {
    resetAdmin('/manageAttractions')
    const attraction = { id: 4, name: 'Hallow Castle', url: 'https://example.org/c', description: 'Ruins.', imageUrl: null, updated_at: 'x' }
    mock = mockApi({ 'GET /api/around': { body: [attraction] } })
    render(<ManageAttractions />)
    const add = formOf('Upload attraction')
    set(add, 'Web address', 'https://example.org/force')
    const addMessage = 'Please fill in all fields and select an image to upload.'
    await sendExpectingErrors(add, 'Upload attraction', addMessage, ['Name', 'Description', 'Image'])

    const edit = formOf('Save changes')
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    await within(edit).findByText('Please select a business to edit.')
    await waitFor(() =>
      expectFieldErrors(edit, 'Please select a business to edit.', ['Attraction'], { 'New image (optional)': 'Leave empty to keep the current picture.' }),
    )
    await within(edit).findByRole('option', { name: 'Hallow Castle' })
    set(edit, 'Attraction', '4')
    set(edit, 'Web address', 'example.org')
    const bad = 'Please enter a full web address starting with http:// or https://.'
    await sendExpectingErrors(edit, 'Save changes', bad, ['Web address'])
  })

  test('opening times: no business marks Business, then no days marks Days; missing times mark Opens and Closes', async () => {
    resetAdmin('/manageTimes')
    mock = mockApi({ 'GET /api/opening-times': { body: { monsal: {}, stables: {}, updated_at: 'x' } } })
    render(<ManageTimes />)
    const form = formOf('Save times')
    const choose = 'Please choose a business and the days to change.'
    await sendExpectingErrors(form, 'Save times', choose, ['Business'])
    set(form, 'Business', 'hotel')
    fireEvent.click(screen.getByRole('button', { name: 'Save times' }))
    await waitFor(() => expectFieldErrors(form, choose, ['Days']))
    set(form, 'Days', 'saturday')
    const times = 'Please enter the opening and closing times, or tick Closed.'
    await sendExpectingErrors(form, 'Save times', times, ['Opens', 'Closes'])
  })

  test("holidays: 'All fields are required' marks exactly the empty fields; a refusal focuses the message", async () => {
    resetAdmin('/addHoliday')
    mock = mockApi({
      'GET /api/bank-admin-holiday-exceptions': { body: [] },
      'POST /api/add-bank-holiday-times': { status: 400, body: { error: 'That date is in the past.' } },
    })
    render(<AddHoliday />)
    const form = formOf('Add exception')
    set(form, 'Opens', '10:00')
    await sendExpectingErrors(form, 'Add exception', 'All fields are required', ['Date', 'Location', 'Closes'])
    set(form, 'Date', '2099-12-25')
    set(form, 'Location', 'hotel')
    set(form, 'Closes', '16:00')
    expect(invalidLabels(form)).toEqual([])
    await quiet(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Add exception' }))
      await within(form).findByText('That date is in the past.')
    })
    expect(invalidLabels(form)).toEqual([])
    await waitFor(() => expectFocusOnMessage('That date is in the past.'))
  })

  test('menus: missing file and business are marked with the PDF hint linked; a refused file marks the file field', async () => {
    resetAdmin('/uploadMenus')
    mock = mockApi({ 'GET /api/get-menu/1': { status: 404, body: { error: 'none' } }, 'GET /api/get-menu/2': { status: 404, body: { error: 'none' } } })
    render(<UploadMenus />)
    const form = formOf('Upload menu')
    fireEvent.click(screen.getByRole('button', { name: 'Upload menu' }))
    const message = 'Please fill in all fields and select a file.'
    await within(form).findByText(message)
    await waitFor(() =>
      expectFieldErrors(form, message, ['Menu (PDF)', 'Business'], {
        'Menu (PDF)': 'PDF files only, up to 20 MB.',
        'Menu type': 'Keep 1 for the menu shown on the website.',
      }),
    )
    fireEvent.change(within(form).getByLabelText('Menu (PDF)'), { target: { files: [makeFile('menu.docx', 'application/msword')] } })
    await within(form).findByText('Please choose a PDF file.')
    await waitFor(() => expect(invalidLabels(form)).toEqual(['Menu (PDF)']))
  })
})
