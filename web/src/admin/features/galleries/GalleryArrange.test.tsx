import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { ManageGalleries } from './ManageGalleries'
import { formEntries, makeFile, mockApi, resetAdmin, type MockApi } from '../../../../test/admin-helpers'

const image = (id: number, type: string, alt_text: string | null) => ({
  id,
  type,
  image_url: `/files/${id}.png`,
  image_variants: [],
  width: 800,
  height: 600,
  alt: alt_text ?? 'Photo of Larkdale Hotel',
  alt_text,
})
const HOME = [image(1, 'generic', 'Log fire in the lounge'), image(2, 'generic', null), image(3, 'generic', 'Stars above the valley')]
const GROUPED = { '1': HOME, '2': [image(5, 'cafe', null)], '3': [], '4': [], '5': [] }

let mock: MockApi
beforeEach(() => resetAdmin('/manageGalleries'))
afterEach(() => mock?.restore())

const homeSection = () => screen.getByRole('region', { name: /^Home/ })
const shownOrder = () => Array.from(homeSection().querySelectorAll('[data-image-id]')).map((tile) => Number(tile.getAttribute('data-image-id')))
const orderReply = (ids: number[]) => ({ body: { message: 'Order saved.', images: ids.map((id) => HOME.find((i) => i.id === id)!) } })

describe('arranging a gallery', () => {
  test('pictures without a description carry a visible badge, and the gallery heading counts them', async () => {
    mock = mockApi({ 'GET /api/galleryGrouped': { body: GROUPED } })
    render(<ManageGalleries />)
    await screen.findByRole('button', { name: 'Move up “Stars above the valley” in Home' })
    expect(within(homeSection()).getAllByText('No description')).toHaveLength(1)
    expect(within(homeSection()).getByText('1 picture with no description')).toBeTruthy()
    // A picture staff described is read once, by its caption; an undescribed one by its generated text.
    const altOf = (id: number) => homeSection().querySelector(`[data-image-id="${id}"] img`)!.getAttribute('alt')
    expect([altOf(1), altOf(2)]).toEqual(['', 'Photo of Larkdale Hotel'])
    expect(within(homeSection()).getByText('Log fire in the lounge')).toBeTruthy()
    expect(screen.getByText('Log fire in the lounge')).toBeTruthy()
  })

  test('Move up / Move down are buttons named with the picture’s description; the ends are disabled; a move sends the whole order and is announced', async () => {
    let server = GROUPED
    mock = mockApi({
      'GET /api/galleryGrouped': () => ({ body: server }),
      'PUT /api/gallery/1/order': () => {
        server = { ...GROUPED, '1': [HOME[1]!, HOME[0]!, HOME[2]!] }
        return orderReply([2, 1, 3])
      },
    })
    render(<ManageGalleries />)
    const down = await screen.findByRole('button', { name: 'Move down “Log fire in the lounge” in Home' })
    expect((screen.getByRole('button', { name: 'Move up “Log fire in the lounge” in Home' }) as HTMLButtonElement).disabled).toBe(true)
    expect((screen.getByRole('button', { name: 'Move down “Stars above the valley” in Home' }) as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByRole('button', { name: 'Move up “Photo of Larkdale Hotel” in Home' })).toBeTruthy()
    down.focus()
    fireEvent.click(down)
    expect(await screen.findByText('“Log fire in the lounge” moved to position 2 of 3 in Home.')).toBeTruthy()
    await waitFor(() => expect(shownOrder()).toEqual([2, 1, 3]))
    await waitFor(() => expect(mock.changes()).toHaveLength(1))
    const sent = mock.changes()
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual(['PUT /api/gallery/1/order'])
    expect(sent[0]!.body).toEqual({ ids: [2, 1, 3] })
    // Landed: no pending badge, and the server's order stays.
    await waitFor(() => expect(within(homeSection()).queryAllByText(/New order:/)).toHaveLength(0), { timeout: 5000 })
    expect(shownOrder()).toEqual([2, 1, 3])
    // Focus stays on the moved picture's button, at its new place.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Move down “Log fire in the lounge” in Home'))
    expect(document.activeElement?.closest('[data-image-id]')?.getAttribute('data-image-id')).toBe('1')
  })

  test('dragging a picture onto another place moves it there and sends the order', async () => {
    mock = mockApi({ 'GET /api/galleryGrouped': { body: GROUPED }, 'PUT /api/gallery/1/order': orderReply([2, 3, 1]) })
    render(<ManageGalleries />)
    await screen.findByRole('button', { name: 'Move up “Stars above the valley” in Home' })
    const tile = (id: number) => homeSection().querySelector(`[data-image-id="${id}"]`) as HTMLElement
    expect(tile(1).getAttribute('draggable')).toBe('true')
    const dataTransfer = { setData() {}, getData: () => '1', effectAllowed: '', dropEffect: '' }
    fireEvent.dragStart(tile(1), { dataTransfer })
    fireEvent.dragOver(tile(3), { dataTransfer })
    expect(tile(3).className).toContain('is-drop-target')
    fireEvent.drop(tile(3), { dataTransfer })
    await waitFor(() => expect(mock.changes().map((r) => r.body)).toContainEqual({ ids: [2, 3, 1] }))
    expect(screen.getByText('“Log fire in the lounge” moved to position 3 of 3 in Home.')).toBeTruthy()
  })

  test('offline, the move is kept on the device and the list shows the pending order with its badge', async () => {
    mock = mockApi({ 'GET /api/galleryGrouped': { body: GROUPED }, 'PUT /api/gallery/1/order': 'network' })
    render(<ManageGalleries />)
    fireEvent.click(await screen.findByRole('button', { name: 'Move up “Stars above the valley” in Home' }))
    await waitFor(() => expect(shownOrder()).toEqual([1, 3, 2]))
    await waitFor(() => expect(within(homeSection()).getByText(/New order:/).textContent).toMatch(/waiting to sync/i))
    // A second move builds on the pending order.
    fireEvent.click(screen.getByRole('button', { name: 'Move up “Stars above the valley” in Home' }))
    await waitFor(() => expect(shownOrder()).toEqual([3, 1, 2]))
  })

  test('a description is written in its own form: too long is refused before sending, then saved through the outbox', async () => {
    mock = mockApi({
      'GET /api/galleryGrouped': { body: GROUPED },
      'PUT /api/edit-gallery/2': { body: { message: 'Description saved.', image: image(2, 'generic', 'The terrace at dusk') } },
    })
    render(<ManageGalleries />)
    fireEvent.click(await screen.findByRole('button', { name: 'Describe “Photo of Larkdale Hotel” in Home' }))
    const field = screen.getByLabelText('Description (alt text)')
    expect(screen.getByText(/Describe what the picture shows/)).toBeTruthy()
    fireEvent.change(field, { target: { value: 'x'.repeat(251) } })
    fireEvent.click(screen.getByRole('button', { name: 'Save description' }))
    expect(await screen.findByText('The description (alt text) must be at most 250 characters.')).toBeTruthy()
    const edits = () => mock.changes().filter((r) => r.path.startsWith('/api/edit-gallery/'))
    expect(edits()).toHaveLength(0)
    fireEvent.change(field, { target: { value: '  The terrace at dusk ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save description' }))
    expect(await screen.findByText('Description saved.')).toBeTruthy()
    const [sent] = edits()
    expect(`${sent!.method} ${sent!.path}`).toBe('PUT /api/edit-gallery/2')
    expect(sent!.body).toEqual({ alt: 'The terrace at dusk' })
  })

  test('the upload form asks for an optional description per picture and sends them in order', async () => {
    mock = mockApi({
      'GET /api/galleryGrouped': { body: GROUPED },
      'POST /api/upload-gallery': { status: 201, body: { message: 'Upload successful!', images: [] } },
    })
    render(<ManageGalleries />)
    fireEvent.change(screen.getByLabelText('Images'), { target: { files: [makeFile('a.png', 'image/png'), makeFile('b.png', 'image/png')] } })
    fireEvent.change(screen.getByLabelText('Gallery'), { target: { value: 'cafe' } })
    expect(screen.getByText(/Do not start with "Photo of"/)).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Description of b.png'), { target: { value: 'Scones on the counter' } })
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }))
    expect(await screen.findByText('Upload successful!')).toBeTruthy()
    expect(formEntries(mock.changes()[0]!.body)).toEqual({ images: ['file:a.png', 'file:b.png'], type: 'cafe', alt: ['', 'Scones on the counter'] })
  })
})
