import { afterEach, beforeEach, expect, test } from 'bun:test'
import { act, render } from '@testing-library/react'
import type { GalleryImage } from '../../api/types'
import { resetStores, restoreFetch, stubFetch } from '../../../test/shell-helpers'
import { galleryStore } from './store'
import { Gallery } from './Gallery'

const image = (id: number, alt: string | null = null): GalleryImage => ({
  id,
  type: 'generic',
  image_url: `/files/${String(id).padStart(32, '0')}.jpg`,
  image_variants: [],
  width: 1600,
  height: 1000,
  alt: alt ?? `Photo of the hotel ${id}`,
  alt_text: alt,
})

const shownIds = () => Array.from(document.querySelectorAll('.gallery__tile')).map((tile) => Number(tile.getAttribute('data-image-id')))

beforeEach(async () => {
  await resetStores([galleryStore('generic')])
})
afterEach(async () => {
  await Bun.sleep(30)
  restoreFetch()
})

test('the six tiles are the gallery’s first six in staff’s order, and follow a new order when fresh data arrives', async () => {
  const saved = [1, 2, 3, 4, 5, 6, 7, 8].map((id) => image(id))
  galleryStore('generic').setState({ data: saved, status: 'ready' })
  stubFetch({ '/api/gallery/generic': saved })
  render(<Gallery type="generic" intervalMs={60_000} />)
  expect(shownIds()).toEqual([1, 2, 3, 4, 5, 6])
  const reordered = [8, 7, 6, 5, 4, 3, 2, 1].map((id) => image(id, id === 8 ? 'Stars above the valley' : null))
  act(() => galleryStore('generic').setState({ data: reordered }))
  expect(shownIds()).toEqual([8, 7, 6, 5, 4, 3])
  expect(document.querySelector('.gallery__tile img')?.getAttribute('alt')).toBe('Stars above the valley')
})
