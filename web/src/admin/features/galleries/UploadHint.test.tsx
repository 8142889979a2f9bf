/** The upload form promises only the picture types the API stores (it promised AVIF, which the API refuses). */
import { afterEach, beforeEach, expect, test } from 'bun:test'
import { render, screen } from '@testing-library/react'
import { ManageGalleries } from './ManageGalleries'
import { mockApi, resetAdmin, type MockApi } from '../../../../test/admin-helpers'
import { GALLERY_IMAGE } from '../../../../../api/src/shared/rules/uploads'

let mock: MockApi
beforeEach(() => resetAdmin('/manageGalleries'))
afterEach(() => mock?.restore())

test('the hint names the gallery types the API accepts and no other; the picker offers those types', async () => {
  mock = mockApi({ 'GET /api/galleryGrouped': { body: { '1': [], '2': [], '3': [], '4': [], '5': [] } } })
  render(<ManageGalleries />)
  const hint = (await screen.findByText(/^Choose up to/)).textContent ?? ''
  const named = ['JPEG', 'PNG', 'WEBP', 'GIF', 'AVIF', 'HEIC'].filter((type) => hint.toUpperCase().includes(type))
  expect(named).toEqual(['JPEG', 'PNG', 'WEBP', 'GIF'])
  expect(GALLERY_IMAGE.types).toEqual(['image/jpeg', 'image/png', 'image/webp', 'image/gif'])
  const picker = screen.getByLabelText('Images') as HTMLInputElement
  expect(picker.accept).toBe(GALLERY_IMAGE.types.join(','))
})
