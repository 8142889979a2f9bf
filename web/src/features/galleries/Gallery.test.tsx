import { afterEach, beforeEach, describe, expect, jest, test } from 'bun:test'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import type { GalleryImage, GalleryType } from '../../api/types'
import { resetStores, restoreFetch, stubFetch } from '../../../test/shell-helpers'
import { galleryStore } from './store'
import { Gallery } from './Gallery'

const TYPES: GalleryType[] = ['generic', 'cafe', 'rooms', 'stables', 'events']

function images(count: number, type: GalleryType = 'generic'): GalleryImage[] {
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    type,
    image_url: `/files/${String(i + 1).padStart(32, '0')}.jpg`,
    image_variants: (['image/avif', 'image/webp'] as const).flatMap((format) =>
      [320, 640].map((width) => ({ url: `/files/${String(i + 1).padStart(32, '0')}-${width}.${format.slice(6)}`, type: format, width, height: width * 0.625 })),
    ),
    width: 1600,
    height: 1000,
    alt: `Photo ${i + 1}`,
  }))
}

const shownIds = () => Array.from(document.querySelectorAll('.gallery__tile')).map((tile) => Number(tile.getAttribute('data-image-id')))

beforeEach(async () => {
  await resetStores(TYPES.map((type) => galleryStore(type)))
})
afterEach(async () => {
  jest.useRealTimers()
  await Bun.sleep(30)
  restoreFetch()
})

describe('Gallery', () => {
  test('loads /api/gallery/:type and shows `count` tiles with sized, lazy images', async () => {
    const calls = stubFetch({ '/api/gallery/cafe': images(9, 'cafe') })
    render(<Gallery type="cafe" heading="From the cafe" />)
    await waitFor(() => expect(shownIds()).toEqual([1, 2, 3, 4, 5, 6]))
    expect(calls.map((c) => c.url)).toContain('/api/gallery/cafe')
    expect(screen.getByRole('heading', { level: 2, name: 'From the cafe' })).toBeTruthy()
    const img = screen.getByRole('img', { name: 'Photo 1' })
    expect(img.getAttribute('width')).toBe('1600')
    expect(img.getAttribute('height')).toBe('1000')
    expect(img.getAttribute('loading')).toBe('lazy')
    const sources = [...img.parentElement!.querySelectorAll('source')]
    expect(img.parentElement!.tagName).toBe('PICTURE')
    expect(sources.map((s) => [s.getAttribute('type'), s.getAttribute('srcset')])).toEqual([
      ['image/avif', `/files/${'1'.padStart(32, '0')}-320.avif 320w, /files/${'1'.padStart(32, '0')}-640.avif 640w`],
      ['image/webp', `/files/${'1'.padStart(32, '0')}-320.webp 320w, /files/${'1'.padStart(32, '0')}-640.webp 640w`],
    ])
    expect(sources[0]!.getAttribute('sizes')).toContain('50vw')
  })

  test('count is honoured', async () => {
    stubFetch({ '/api/gallery/rooms': images(9, 'rooms') })
    render(<Gallery type="rooms" count={3} />)
    await waitFor(() => expect(shownIds()).toEqual([1, 2, 3]))
  })

  test('renders nothing when the gallery is empty', async () => {
    const calls = stubFetch({ '/api/gallery/events': [] })
    const { container } = render(<Gallery type="events" heading="Past events" />)
    await waitFor(() => expect(calls.length).toBe(1))
    await act(async () => {})
    expect(container.innerHTML).toBe('')
  })

  test('on the server (no data yet) it holds its place: the heading and empty tiles, no pictures', () => {
    const html = renderToString(<Gallery type="stables" heading="Inside the Stables" />)
    expect(html).toContain('Inside the Stables')
    expect(html.match(/gallery__placeholder/g)).toHaveLength(6)
    expect(html).not.toContain('<img')
    expect(renderToString(<Gallery type="stables" count={3} />).match(/gallery__placeholder/g)).toHaveLength(3)
  })

  test('renders nothing when the request fails and nothing was saved', async () => {
    const errors = console.error
    console.error = () => {}
    try {
      stubFetch({})
      const { container } = render(<Gallery type="stables" />)
      await waitFor(() => expect(galleryStore('stables').getState().status).toBe('error'))
      expect(container.innerHTML).toBe('')
    } finally {
      console.error = errors
    }
  })

  test('with 8 images, one tile changes every 5 s to an image not already shown', async () => {
    const list = images(8)
    galleryStore('generic').setState({ data: list, status: 'ready' })
    stubFetch({ '/api/gallery/generic': list })
    jest.useFakeTimers()
    render(<Gallery type="generic" random={() => 0.5} />)
    const before = shownIds()
    expect(before).toEqual([1, 2, 3, 4, 5, 6])
    act(() => {
      jest.advanceTimersByTime(4999)
    })
    expect(shownIds()).toEqual(before)
    act(() => {
      jest.advanceTimersByTime(1)
    })
    const after = shownIds()
    const changed = after.filter((id, i) => id !== before[i])
    expect(changed).toHaveLength(1)
    expect([7, 8]).toContain(changed[0]!)
    expect(new Set(after).size).toBe(6)
    act(() => {
      jest.advanceTimersByTime(5000)
    })
    const third = shownIds()
    expect(third.filter((id, i) => id !== after[i])).toHaveLength(1)
    expect(new Set(third).size).toBe(6)
  })

  test('with exactly 6 images nothing changes', async () => {
    const list = images(6)
    galleryStore('generic').setState({ data: list, status: 'ready' })
    stubFetch({ '/api/gallery/generic': list })
    jest.useFakeTimers()
    render(<Gallery type="generic" />)
    const before = shownIds()
    act(() => {
      jest.advanceTimersByTime(20_000)
    })
    expect(shownIds()).toEqual(before)
  })

  test('no swapping while the visitor hovers over the gallery', async () => {
    const list = images(8)
    galleryStore('generic').setState({ data: list, status: 'ready' })
    stubFetch({ '/api/gallery/generic': list })
    jest.useFakeTimers()
    render(<Gallery type="generic" />)
    const before = shownIds()
    fireEvent.mouseEnter(document.querySelector('.gallery__grid')!)
    act(() => {
      jest.advanceTimersByTime(12_000)
    })
    expect(shownIds()).toEqual(before)
  })

  test('a tile opens a fullscreen photo; Escape closes it and focus returns to the tile', async () => {
    stubFetch({ '/api/gallery/cafe': images(6, 'cafe') })
    render(<Gallery type="cafe" />)
    await waitFor(() => expect(shownIds()).toHaveLength(6))
    const tile = document.querySelectorAll<HTMLButtonElement>('.gallery__tile')[2]!
    tile.focus()
    fireEvent.click(tile)
    const dialog = screen.getByRole('dialog')
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    expect(dialog.querySelector('img')!.getAttribute('alt')).toBe('Photo 3')
    const close = screen.getByRole('button', { name: 'Close photo' })
    expect(close.textContent).toBe('×')
    expect(document.activeElement).toBe(close)
    fireEvent.keyDown(document, { key: 'Escape' })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(tile)
  })

  test('the × button closes the photo, and so does a click on the overlay', async () => {
    stubFetch({ '/api/gallery/cafe': images(6, 'cafe') })
    render(<Gallery type="cafe" />)
    await waitFor(() => expect(shownIds()).toHaveLength(6))
    const tile = document.querySelectorAll<HTMLButtonElement>('.gallery__tile')[0]!
    fireEvent.click(tile)
    fireEvent.click(screen.getByRole('button', { name: 'Close photo' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(tile)
    fireEvent.click(tile)
    fireEvent.click(screen.getByRole('dialog'))
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  test('Tab stays on the close button while the photo is open', async () => {
    stubFetch({ '/api/gallery/cafe': images(6, 'cafe') })
    render(<Gallery type="cafe" />)
    await waitFor(() => expect(shownIds()).toHaveLength(6))
    fireEvent.click(document.querySelectorAll<HTMLButtonElement>('.gallery__tile')[0]!)
    const close = screen.getByRole('button', { name: 'Close photo' })
    fireEvent.keyDown(document, { key: 'Tab' })
    expect(document.activeElement).toBe(close)
  })
})

describe('a gallery picture that cannot be loaded', () => {
  test('its tile shows "Image Not Available", named by the photo, never a broken picture', async () => {
    stubFetch({ '/api/gallery/cafe': images(6, 'cafe') })
    render(<Gallery type="cafe" heading="From the cafe" />)
    await waitFor(() => expect(shownIds()).toEqual([1, 2, 3, 4, 5, 6]))
    fireEvent.error(document.querySelector('.gallery__tile[data-image-id="2"] img')!)
    const tile = document.querySelector('.gallery__tile[data-image-id="2"]')!
    expect(tile.querySelector('img')).toBeNull()
    expect(screen.getByRole('img', { name: 'Photo 2 (Image Not Available)' }).textContent).toBe('Image Not Available')
    expect(document.querySelectorAll('.gallery__tile img')).toHaveLength(5)
  })
})

test('an opened photo that cannot be loaded shows "Image Not Available", and its caption still says what it was', async () => {
  stubFetch({ '/api/gallery/cafe': images(6, 'cafe') })
  render(<Gallery type="cafe" />)
  await waitFor(() => expect(shownIds()).toHaveLength(6))
  fireEvent.click(document.querySelectorAll<HTMLButtonElement>('.gallery__tile')[2]!)
  const dialog = screen.getByRole('dialog')
  fireEvent.error(dialog.querySelector('img')!)
  expect(dialog.querySelector('img')).toBeNull()
  expect(within(dialog).getByRole('img', { name: 'Image Not Available' })).toBeTruthy()
  expect(dialog.querySelector('figcaption')!.textContent).toBe('Photo 3')
})
