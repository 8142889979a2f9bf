import { afterEach, beforeEach, describe, expect, jest, test } from 'bun:test'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import type { GalleryImage } from '../../api/types'
import { resetStores, restoreFetch, stubFetch } from '../../../test/shell-helpers'
import { galleryStore } from '../galleries/store'
import { nextRandomIndex, ROOM_ROTATE_MS, RoomRotator } from './RoomRotator'

const rooms: GalleryImage[] = Array.from({ length: 4 }, (_, i) => ({
  id: i + 1,
  type: 'rooms',
  image_url: `/files/${String(i + 1).repeat(32)}.jpg`,
  image_variants: [{ url: `/files/${String(i + 1).repeat(32)}-320.webp`, type: 'image/webp', width: 320, height: 200 }],
  width: 1200,
  height: 750,
  alt: `Room ${i + 1}`,
}))

const realLoad = galleryStore('rooms').getState().load
/** The list is already known: no refresh in the background (and no stray updates outside act). */
const showRooms = () => galleryStore('rooms').setState({ data: rooms, status: 'ready', load: async () => {} })

beforeEach(async () => {
  await resetStores([galleryStore('rooms')])
})
afterEach(async () => {
  galleryStore('rooms').setState({ load: realLoad })
  jest.useRealTimers()
  await Bun.sleep(20)
  restoreFetch()
})

describe('nextRandomIndex', () => {
  test('any index at first, never the current one after', () => {
    expect(nextRandomIndex(4, null, () => 0.99)).toBe(3)
    expect(nextRandomIndex(4, null, () => 0)).toBe(0)
    for (const r of [0, 0.3, 0.6, 0.99]) for (let current = 0; current < 4; current++) expect(nextRandomIndex(4, current, () => r)).not.toBe(current)
    expect(nextRandomIndex(1, 0)).toBe(0)
  })
})

describe('RoomRotator', () => {
  test('shows one room picture, then another every 5 s once it has loaded', async () => {
    showRooms()
    jest.useFakeTimers()
    render(<RoomRotator />)
    const visible = () => document.querySelector('.room-rotator__image.is-visible') as HTMLImageElement
    const first = visible().getAttribute('src')
    expect(rooms.map((r) => r.image_url)).toContain(first!)
    expect(visible().getAttribute('width')).toBe('1200')
    act(() => {
      jest.advanceTimersByTime(ROOM_ROTATE_MS)
    })
    const incoming = document.querySelector('.room-rotator__image:not(.is-visible)') as HTMLImageElement
    expect(incoming.getAttribute('src')).not.toBe(first)
    expect(visible().getAttribute('src')).toBe(first) // not before the new one has loaded
    act(() => {
      fireEvent.load(incoming)
    })
    expect(visible().getAttribute('src')).toBe(incoming.getAttribute('src'))
    expect(screen.getByRole('button', { name: 'Pause slideshow' })).toBeTruthy()
  })

  test('pausing stops the rotation', () => {
    showRooms()
    jest.useFakeTimers()
    render(<RoomRotator />)
    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }))
    act(() => {
      jest.advanceTimersByTime(ROOM_ROTATE_MS * 3)
    })
    expect(document.querySelectorAll('.room-rotator__image')).toHaveLength(1)
    expect(screen.getByRole('button', { name: 'Play slideshow' })).toBeTruthy()
  })

  test('renders on the server without picking a random picture', () => {
    stubFetch({})
    expect(() => renderToString(<RoomRotator />)).not.toThrow()
  })
})
