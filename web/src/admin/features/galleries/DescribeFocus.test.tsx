/** Keyboard users keep their place when a picture's description editor opens and closes (WCAG 2.4.3). */
import { afterEach, beforeEach, expect, test } from 'bun:test'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { ManageGalleries } from './ManageGalleries'
import { mockApi, resetAdmin, type MockApi } from '../../../../test/admin-helpers'

const picture = { id: 1, type: 'generic', image_url: '/files/1.png', image_variants: [], width: 800, height: 600, alt: 'Log fire', alt_text: 'Log fire' }
const GROUPED = { '1': [picture], '2': [], '3': [], '4': [], '5': [] }

let mock: MockApi
beforeEach(() => resetAdmin('/manageGalleries'))
afterEach(() => mock?.restore())

const editButton = () => screen.findByRole('button', { name: 'Edit description “Log fire” in Home' })

test('opening the description editor puts focus in its text box; Cancel gives it back to the button that opened it', async () => {
  mock = mockApi({ 'GET /api/galleryGrouped': { body: GROUPED } })
  render(<ManageGalleries />)
  const open = await editButton()
  open.focus()
  fireEvent.click(open)
  const box = await screen.findByRole('textbox', { name: /Description \(alt text\)/ })
  await waitFor(() => expect(document.activeElement === box).toBe(true))
  fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
  await waitFor(() => expect(document.activeElement === screen.getByRole('button', { name: 'Edit description “Log fire” in Home' })).toBe(true))
})

test('Escape in the editor closes it without saving and gives focus back to the button', async () => {
  mock = mockApi({ 'GET /api/galleryGrouped': { body: GROUPED } })
  render(<ManageGalleries />)
  fireEvent.click(await editButton())
  const box = await screen.findByRole('textbox', { name: /Description \(alt text\)/ })
  fireEvent.change(box, { target: { value: 'Something else' } })
  fireEvent.keyDown(box, { key: 'Escape' })
  await waitFor(() => expect(screen.queryByRole('textbox', { name: /Description \(alt text\)/ }) === null).toBe(true))
  await waitFor(() => expect(document.activeElement === screen.getByRole('button', { name: 'Edit description “Log fire” in Home' })).toBe(true))
  expect(mock.changes()).toHaveLength(0)
})
