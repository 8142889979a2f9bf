/**
 * A page saved offline, then synced: the editor's next save is based on the version its own kept edit
 * made, also before the list read after the landing has answered. A browser run under load saved again
 * in that moment and sent the version the form was filled from, so the server answered 409 and staff
 * met their own first change as a conflict.
 */
import { afterEach, expect, test } from 'bun:test'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { replay, useOutbox } from '../../../offline/outbox'
import { mockApi, resetAdmin, type MockApi } from '../../../../test/admin-helpers'
import { PAGE_KEYS } from '../../../../../api/src/shared/rules/pages'
import { ManagePages } from './ManagePages'
import { staffPageOf } from '../../../../test/page-words'
import { whileOffline } from '../../../../test/offline'

const FILLED = '2026-06-01T10:00:00.000Z'
const FIRST_MADE = '2026-06-02T10:00:00.000Z'
const PAGES = PAGE_KEYS.map((key) => staffPageOf(key, { body: 'First paragraph.', ...(key === 'about' ? { title: 'About us' } : {}), updated_at: FILLED }))

let mock: MockApi
afterEach(() => mock?.restore())

test('offline save, synced, then saved again before the list is read again: the second save is based on the version the first made', async () => {
  resetAdmin('/managePages?page=about')
  let reads = 0
  let version = FILLED
  mock = mockApi({
    // The read after the landing never answers: the form has only its own edit to go on.
    'GET /api/admin/pages': (() => (++reads === 1 ? { body: PAGES } : new Promise(() => {}))) as never,
    'PUT /api/admin/pages/about': ((request: { headers: Record<string, string>; body: { title: string } }) => {
      if (request.headers['if-match'] !== `"${version}"`)
        return { status: 409, body: { error: 'Changed since.', current: { ...PAGES[0], updated_at: version } } }
      version = version === FILLED ? FIRST_MADE : '2026-06-03T10:00:00.000Z'
      return { body: { message: 'The About page is saved.', page: { ...staffPageOf('about', { title: request.body.title }), updated_at: version } } }
    }) as never,
  })
  render(<ManagePages />)
  await screen.findByRole('heading', { name: /The about page/i })
  const form = screen.getByRole('button', { name: 'Save the About page' }).closest('form') as HTMLFormElement
  const title = () => screen.getAllByLabelText('Title')[0]!

  await whileOffline(async () => {
    fireEvent.change(title(), { target: { value: 'About us, first change' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Save the About page' }))
    await waitFor(() => expect(useOutbox.getState().entries).toHaveLength(1))
  })
  await replay()
  await waitFor(() => expect(useOutbox.getState().entries).toHaveLength(0))

  fireEvent.change(title(), { target: { value: 'About us, second change' } })
  fireEvent.click(within(form).getByRole('button', { name: 'Save the About page' }))
  await within(form).findByText('The About page is saved.')
  expect(mock.changes().map((sent) => sent.headers['if-match'])).toEqual([`"${FILLED}"`, `"${FIRST_MADE}"`])
})
