import { afterEach, beforeEach, describe, expect, jest, test } from 'bun:test'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import type { GalleryImage, GalleryType } from '../../api/types'
import { resetStores, restoreFetch, stubFetch } from '../../../test/shell-helpers'
import { setPageDataForRender } from '../../stores'
import { galleryStore } from './store'
import { Gallery } from './Gallery'

const TYPES: GalleryType[] = ['generic', 'cafe', 'rooms', 'stables', 'events']

function images(count: number): GalleryImage[] {
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    type: 'generic' as const,
    image_url: `/files/${String(i + 1).padStart(32, '0')}.jpg`,
    image_variants: [],
    width: 1600,
    height: 1000,
    alt: `Photo ${i + 1}`,
  }))
}

const shownIds = () => Array.from(document.querySelectorAll('.gallery__tile')).map((tile) => Number(tile.getAttribute('data-image-id')))

function showGallery(count: number) {
  const list = images(count)
  galleryStore('generic').setState({ data: list, status: 'ready' })
  stubFetch({ '/api/gallery/generic': list })
  jest.useFakeTimers()
  render(<Gallery type="generic" random={() => 0.5} />)
}

const realMatchMedia = window.matchMedia
beforeEach(async () => {
  await resetStores(TYPES.map((type) => galleryStore(type)))
})
afterEach(async () => {
  window.matchMedia = realMatchMedia
  jest.useRealTimers()
  await Bun.sleep(30)
  restoreFetch()
})

describe('Gallery Pause/Play (WCAG 2.2.2)', () => {
  test('Pause stops the 5 s swap until Play', () => {
    showGallery(8)
    const before = shownIds()
    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }))
    act(() => {
      jest.advanceTimersByTime(20_000)
    })
    expect(shownIds()).toEqual(before)
    fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' }))
    act(() => {
      jest.advanceTimersByTime(5000)
    })
    expect(shownIds().filter((id, i) => id !== before[i])).toHaveLength(1)
    expect(screen.getByRole('button', { name: 'Pause slideshow' })).toBeTruthy()
  })

  test('the served HTML has the button already, so the page does not grow by its height when the app starts', () => {
    const served = (count: number) => {
      setPageDataForRender({ renderedAt: new Date().toISOString(), stores: { 'gallery:generic': images(count) } })
      try {
        return renderToString(<Gallery type="generic" />)
      } finally {
        setPageDataForRender(null)
      }
    }
    expect(served(8)).toContain('Pause<span class="visually-hidden"> slideshow</span>')
    expect(served(6)).not.toContain('slideshow')
  })

  test('no button when nothing moves: as many photos as tiles, or reduced motion', () => {
    showGallery(6)
    expect(screen.queryByRole('button', { name: /slideshow/ })).toBeNull()
  })

  test('no button and no swap under reduced motion', () => {
    window.matchMedia = ((query: string) => ({
      matches: query.includes('reduce'),
      media: query,
      addEventListener() {},
      removeEventListener() {},
    })) as unknown as typeof window.matchMedia
    showGallery(8)
    const before = shownIds()
    act(() => {
      jest.advanceTimersByTime(20_000)
    })
    expect(shownIds()).toEqual(before)
    expect(screen.queryByRole('button', { name: /slideshow/ })).toBeNull()
  })
})
