/**
 * A move that lands is followed by one read of the staff gallery list, never two. In Chromium, one
 * press of "Move down" on /manageGalleries sent PUT /api/gallery/1/order and then GET /api/galleryGrouped
 * twice: the landed change asks for a read at once (admin/shell/stores.ts), the move's own reply is then
 * put on screen (useGalleryOrder.ts showLanded) while that read is on its way, and the read, seeing new
 * data on screen, takes itself for one sent before the change (staffResource.ts) and reads again.
 */
import { afterEach, beforeEach, expect, test } from 'bun:test'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
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

test('one move of a gallery picture, nothing else under way: the gallery list is read once after it lands', async () => {
  let server = HOME
  let reads = 0
  let moved = false
  mock = mockApi({
    'GET /api/galleryGrouped': (() => {
      reads++
      const answer = { body: grouped(server) }
      if (!moved) return answer
      // As on a real network, the read takes longer than the few microtasks in which the move's own
      // reply reaches the screen: it answers once that reply is in the list's data.
      return new Promise((resolve) => {
        const wait = () => {
          const home = (useGalleryGrouped.getState().data as Record<string, { id: number }[]> | null)?.['1']
          if (home?.[0]?.id === 2) resolve(answer)
          else setTimeout(wait, 5)
        }
        wait()
      })
    }) as never,
    'PUT /api/gallery/1/order': () => {
      server = [HOME[1]!, HOME[0]!, HOME[2]!]
      moved = true
      return { body: { message: 'Order saved.', images: server } }
    },
  })
  render(<ManageGalleries />)
  const down = await screen.findByRole('button', { name: 'Move down “Log fire” in Home' })
  await waitFor(() => expect(useGalleryGrouped.getState().status).toBe('ready'))
  const before = reads
  fireEvent.click(down)
  await waitFor(() => expect(mock.changes()).toHaveLength(1))
  await waitFor(() => expect(reads).toBeGreaterThan(before))
  await waitFor(() => expect(useGalleryGrouped.getState().status).toBe('ready'))
  // Room for a second read, if one is coming.
  await Bun.sleep(300)
  expect(reads - before).toBe(1)
})
