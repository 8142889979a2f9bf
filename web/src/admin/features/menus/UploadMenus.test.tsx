import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { UploadMenus } from './UploadMenus'
import { formEntries, makeFile, mockApi, resetAdmin, type MockApi, type Reply } from '../../../../test/admin-helpers'

let mock: MockApi
beforeEach(() => resetAdmin('/uploadMenus'))
afterEach(() => mock?.restore())

const MENUS = {
  'GET /api/get-menu/1': { body: { id: 1, business_id: 1, type_id: '1', pdf_url: '/files/a.pdf', updated_at: '2026-01-01T00:00:00Z' } },
  'GET /api/get-menu/2': { status: 404, body: { error: 'No menu has been uploaded yet.' } },
}
const pdf = () => makeFile('menu.pdf', 'application/pdf')
const fill = () => {
  fireEvent.change(screen.getByLabelText('Menu (PDF)'), { target: { files: [pdf()] } })
  fireEvent.change(screen.getByLabelText('Business'), { target: { value: '2' } })
}
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Upload menu' }))

describe('Upload Menus', () => {
  test('PDF only: the input accepts PDFs, and another file is refused on the device', async () => {
    mock = mockApi(MENUS)
    render(<UploadMenus />)
    const input = screen.getByLabelText('Menu (PDF)')
    expect(input.getAttribute('accept')).toContain('application/pdf')
    fireEvent.change(input, { target: { files: [makeFile('menu.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')] } })
    expect(await screen.findByText('Please choose a PDF file.')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Business'), { target: { value: '1' } })
    submit()
    expect(await screen.findByText('Please fill in all fields and select a file.')).toBeTruthy()
    expect(mock.changes()).toHaveLength(0)
  })

  test("a missing business or type: 'Please fill in all fields and select a file.'; type defaults to 1", async () => {
    mock = mockApi(MENUS)
    render(<UploadMenus />)
    expect((screen.getByLabelText('Menu type') as HTMLInputElement).value).toBe('1')
    fireEvent.change(screen.getByLabelText('Menu (PDF)'), { target: { files: [pdf()] } })
    submit()
    expect(await screen.findByText('Please fill in all fields and select a file.')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Business'), { target: { value: '1' } })
    fireEvent.change(screen.getByLabelText('Menu type'), { target: { value: ' ' } })
    submit()
    expect(screen.getByText('Please fill in all fields and select a file.')).toBeTruthy()
    expect(mock.changes()).toHaveLength(0)
  })

  const cases: [string, Reply, string][] = [
    ['success', { status: 201, body: { id: 7, message: 'Upload successful!', menu: {} } }, 'Upload successful! PDF ID: 7'],
    ['a refusal', { status: 415, body: { error: 'The file is not a PDF.' } }, 'Upload failed: The file is not a PDF.'],
    // Offline or no answer: the menu is kept on the device and sent later (the outbox).
    ['a network failure', 'network', 'Saved on this device — will sync when you’re back online'],
  ]
  for (const [name, reply, message] of cases) {
    test(`${name}: '${message}'`, async () => {
      mock = mockApi({ ...MENUS, 'POST /api/upload-pdf': reply })
      render(<UploadMenus />)
      fill()
      submit()
      expect(await screen.findByText(message)).toBeTruthy()
      expect(formEntries(mock.changes()[0]!.body)).toEqual({ pdf: 'file:menu.pdf', business_id: '2', type_id: '1' })
    })
  }

  test('a menu kept on the device shows on its business row as waiting to sync', async () => {
    mock = mockApi({ ...MENUS, 'POST /api/upload-pdf': 'network' })
    render(<UploadMenus />)
    fill()
    submit()
    await screen.findByText('Saved on this device — will sync when you’re back online')
    const row = document.querySelector('[data-business="2"]')!
    await waitFor(() => expect(row.textContent).toContain('New waiting to sync'))
    expect(row.textContent).toContain('menu.pdf replaces it when this device is back online.')
    expect(document.querySelector('[data-business="1"]')!.textContent).not.toContain('waiting to sync')
  })

  test('shows the menu each business has now', async () => {
    mock = mockApi(MENUS)
    render(<UploadMenus />)
    expect(await screen.findByText('No menu has been uploaded yet.')).toBeTruthy()
    expect(screen.getByRole('link', { name: /Open PDF/ }).getAttribute('href')).toBe('/files/a.pdf')
  })
})
