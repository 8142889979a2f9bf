import { afterEach, beforeEach, expect, test } from 'bun:test'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { ManageAttractions } from './ManageAttractions'
import { formEntries, mockApi, resetAdmin, type MockApi } from '../../../../test/admin-helpers'
import { ATTRACTION_IMAGE } from '../../../../../api/src/shared/rules/uploads'

const place = (id: number, name: string, alt_text: string | null) => ({
  id,
  name,
  url: 'https://example.org/',
  description: 'Nice.',
  imageUrl: `/files/${id}.png`,
  image_variants: [],
  width: 96,
  height: 72,
  updated_at: '2026-01-01T00:00:00Z',
  alt_text,
})

let mock: MockApi
beforeEach(() => resetAdmin('/manageAttractions'))
afterEach(() => mock?.restore())

test('a place without a picture description is flagged; the edit form prefills and sends it', async () => {
  mock = mockApi({
    'GET /api/around': { body: [place(1, 'Tarn', 'A still tarn below crags'), place(2, 'Castle', null)] },
    'PUT /api/edit-around/2': { body: { message: 'Attraction updated.', attraction: place(2, 'Castle', 'Ruined keep on a hill') } },
  })
  render(<ManageAttractions />)
  const row = (id: number) => document.querySelector(`[data-attraction-id="${id}"]`) as HTMLElement
  await waitFor(() => expect(row(2)).toBeTruthy())
  expect(within(row(2)).getByText('No description')).toBeTruthy()
  expect(within(row(1)).queryByText('No description')).toBeNull()
  const form = within(screen.getByRole('region', { name: 'Edit an attraction' }))
  fireEvent.change(form.getByLabelText('Attraction'), { target: { value: '1' } })
  expect((form.getByLabelText('Alt text: what the picture shows (optional)') as HTMLInputElement).value).toBe('A still tarn below crags')
  fireEvent.change(form.getByLabelText('Attraction'), { target: { value: '2' } })
  fireEvent.change(form.getByLabelText('Alt text: what the picture shows (optional)'), { target: { value: 'Ruined keep on a hill' } })
  fireEvent.click(form.getByRole('button', { name: 'Save changes' }))
  await waitFor(() => expect(mock.changes()).toHaveLength(1))
  expect(formEntries(mock.changes()[0]!.body).alt).toBe('Ruined keep on a hill')
})

test('both attraction pickers offer only the picture types the API takes (its rule), not every image/* (AVIF, HEIC were refused after upload)', async () => {
  mock = mockApi({ 'GET /api/around': { body: [place(1, 'Tarn', null)] } })
  render(<ManageAttractions />)
  await waitFor(() => expect(document.querySelector('[data-attraction-id="1"]')).toBeTruthy())
  const pickers = [...document.querySelectorAll<HTMLInputElement>('input[type="file"]')]
  expect(pickers.length).toBe(2)
  for (const picker of pickers) expect(picker.accept).toBe(ATTRACTION_IMAGE.types.join(','))
})
