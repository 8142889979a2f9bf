/**
 * A list read that was on its way before a change landed must not put the old order back on screen
 * (e2e gallery-order saw the online move undone, then the offline order built on the old one).
 */
import { afterEach, beforeEach, expect, test } from 'bun:test'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { ManageGalleries } from './ManageGalleries'
import { useGalleryGrouped } from './store'
import { mockApi, resetAdmin, type MockApi } from '../../../../test/admin-helpers'

const image = (id: number, alt_text: string) => ({
  id,
  type: 'generic',
  image_url: `/files/${id}.png`,
  image_variants: [],
  width: 800,
  height: 600,
  alt: alt_text,
  alt_text,
})
const HOME = [image(1, 'Log fire'), image(2, 'Stars'), image(3, 'Terrace')]
const grouped = (home: typeof HOME) => ({ '1': home, '2': [], '3': [], '4': [], '5': [] })

let mock: MockApi
beforeEach(() => resetAdmin('/manageGalleries'))
afterEach(() => mock?.restore())

test('a reload sent before a move landed does not undo the move on screen', async () => {
  let server = HOME
  let releaseStaleRead: () => void = () => undefined
  let reads = 0
  let holdNext = false
  mock = mockApi({
    'GET /api/galleryGrouped': (() => {
      reads++
      if (!holdNext) return { body: grouped(server) }
      holdNext = false
      // The second read left before the move: it answers with the order of that moment, late.
      const then = server
      return new Promise((resolve) => {
        releaseStaleRead = () => resolve({ body: grouped(then) })
      })
    }) as never,
    'PUT /api/gallery/1/order': () => {
      server = [HOME[1]!, HOME[0]!, HOME[2]!]
      return { body: { message: 'Order saved.', images: server } }
    },
  })
  render(<ManageGalleries />)
  const down = await screen.findByRole('button', { name: 'Move down “Log fire” in Home' })
  await useGalleryGrouped.getState().load()
  holdNext = true
  const before = reads
  void useGalleryGrouped.getState().load()
  await waitFor(() => expect(reads).toBe(before + 1))
  fireEvent.click(down)
  const shown = () =>
    Array.from(within(screen.getByRole('region', { name: /^Home/ })).getAllByRole('listitem')).map((li) => Number(li.getAttribute('data-image-id')))
  await waitFor(() => expect(mock.changes()).toHaveLength(1))
  await waitFor(() => expect(shown()).toEqual([2, 1, 3]))
  // The move's reply is in the list's data (not only drawn as moved) before the late read answers.
  const homeIds = () => (useGalleryGrouped.getState().data as Record<string, { id: number }[]> | null)?.['1']?.map((picture) => picture.id)
  await waitFor(() => expect(homeIds()).toEqual([2, 1, 3]))
  releaseStaleRead()
  // The late reply is older than what the move's reply showed: the list reads again rather than going back.
  await waitFor(() => expect(reads).toBe(before + 2))
  await waitFor(() => expect(useGalleryGrouped.getState().status).toBe('ready'))
  expect(shown()).toEqual([2, 1, 3])
  expect(homeIds()).toEqual([2, 1, 3])
})
