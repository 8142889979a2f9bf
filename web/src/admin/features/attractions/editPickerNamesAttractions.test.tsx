/** "Edit an attraction" picks an attraction: its select is labelled and prompted as one, not as a business. */
import { afterEach, beforeEach, expect, test } from 'bun:test'
import { render, screen, within } from '@testing-library/react'
import { mockApi, resetAdmin, type MockApi } from '../../../../test/admin-helpers'
import { ManageAttractions } from './ManageAttractions'

let mock: MockApi
beforeEach(() => resetAdmin('/manageAttractions'))
afterEach(() => mock?.restore())

test('the edit form’s select is "Attraction", prompting "Select an attraction…", and lists the attractions', async () => {
  mock = mockApi({
    'GET /api/around': {
      body: [{ id: 4, name: 'Hallow Castle', url: 'https://example.org/castle', description: 'Ruins.', imageUrl: null, alt_text: null, updated_at: 'x' }],
    },
  })
  render(<ManageAttractions />)
  const section = screen.getByRole('region', { name: 'Edit an attraction' })
  const select = within(section).getByRole('combobox', { name: 'Attraction' })
  expect(await within(select).findByRole('option', { name: 'Hallow Castle' })).toBeTruthy()
  expect(within(select).getAllByRole('option')[0]!.textContent).toBe('Select an attraction…')
  expect(within(section).queryByText(/Select a business/)).toBeNull()
  expect(within(section).queryByLabelText('Business')).toBeNull()
})
