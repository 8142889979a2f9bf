/** Page words and pictures: the list, one page's editor filled from the server, the toolbar and preview, the items, and a save through the outbox. */
import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import type { StaffPage } from '../../../api/types'
import { useOutbox } from '../../../offline/outbox'
import { mockApi, resetAdmin, type MockApi } from '../../../../test/admin-helpers'
import { invalidLabels } from '../../../../test/field-errors'
import { quiet } from '../../../../test/quiet'
import { PAGE_KEYS } from '../../../../../api/src/shared/rules/pages'
import { ManagePages } from './ManagePages'
import { pageItem, staffPageOf } from '../../../../test/page-words'

const page = (key: string, more: Partial<StaffPage> = {}) => staffPageOf(key, { body: 'First paragraph.\n\n## Later\n\nMore.', ...more })
const item = pageItem
const STAY = page('stay', { title: 'Stay with us', items: [item('Double rooms'), item('Family rooms'), item('Dogs welcome')] })
const PAGES = PAGE_KEYS.map((key) => (key === 'stay' ? STAY : page(key, key === 'about' ? { title: 'About us' } : {})))

let mock: MockApi
beforeEach(() => resetAdmin('/managePages'))
afterEach(() => mock?.restore())

async function openEditor(key: string, routes: Parameters<typeof mockApi>[0] = {}) {
  resetAdmin(`/managePages?page=${key}`)
  mock = mockApi({ 'GET /api/admin/pages': { body: PAGES }, ...routes })
  render(<ManagePages />)
  await screen.findByRole('heading', { name: new RegExp(`The ${key} page`, 'i') })
  return screen.getByRole('button', { name: /^Save the/ }).closest('form') as HTMLFormElement
}
const body = () => screen.getByLabelText('Text of the page') as HTMLTextAreaElement

describe('Page words and pictures', () => {
  test('the list names every page with an Edit link to its editor', async () => {
    mock = mockApi({ 'GET /api/admin/pages': { body: PAGES } })
    render(<ManagePages />)
    const links = await screen.findAllByRole('link', { name: /^Edit the .* page$/ })
    expect(links.map((link) => link.getAttribute('href'))).toEqual(PAGE_KEYS.map((key) => `/managePages?page=${key}`))
  })

  test("Edit opens the page's editor filled with its words, focus on its heading; All pages goes back to its Edit link", async () => {
    mock = mockApi({ 'GET /api/admin/pages': { body: PAGES } })
    render(<ManagePages />)
    fireEvent.click(await screen.findByRole('link', { name: 'Edit the About page' }))
    await waitFor(() => expect(document.activeElement?.textContent).toBe('The About page'))
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('About us')
    expect(body().value).toBe('First paragraph.\n\n## Later\n\nMore.')
    fireEvent.click(screen.getByRole('link', { name: 'All pages' }))
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Edit the About page' })))
  })

  test('Bold wraps the selected words, keeps them selected and focus in the text; the preview shows them bold', async () => {
    await openEditor('about')
    body().setSelectionRange(0, 5)
    fireEvent.click(screen.getByRole('button', { name: 'Bold' }))
    await waitFor(() => expect(body().value.startsWith('**First** paragraph.')).toBe(true))
    expect(document.activeElement).toBe(body())
    expect([body().selectionStart, body().selectionEnd]).toEqual([2, 7])
    const preview = screen.getByRole('region', { name: /^Preview at/ })
    await waitFor(() => expect(preview.querySelector('strong')?.textContent).toBe('First'))
  })

  test('a link address the server would refuse is refused at once, with the reason; a site path is added', async () => {
    await openEditor('about')
    body().setSelectionRange(6, 15)
    fireEvent.click(screen.getByRole('button', { name: 'Link' }))
    const address = await screen.findByLabelText('Address of the link')
    expect(document.activeElement).toBe(address)
    fireEvent.change(address, { target: { value: 'javascript:alert(1)' } })
    fireEvent.click(screen.getByRole('button', { name: 'Add the link' }))
    expect((await screen.findByRole('alert')).textContent).toContain('javascript: links are refused')
    fireEvent.change(address, { target: { value: '/stay' } })
    fireEvent.click(screen.getByRole('button', { name: 'Add the link' }))
    await waitFor(() => expect(body().value.startsWith('First [paragraph](/stay).')).toBe(true))
  })

  test('HTML in the text shows the parser’s reason in the preview and at the field, and nothing is sent', async () => {
    const form = await openEditor('about')
    fireEvent.change(body(), { target: { value: 'Hello <script>alert(1)</script>' } })
    await screen.findByText(/The text cannot be shown: HTML is not allowed/)
    await quiet(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Save the About page' }))
      await waitFor(() => expect(invalidLabels(form)).toEqual(['Text of the page']))
    })
    expect(mock.changes()).toHaveLength(0)
  })

  test('items move, are removed and added, with focus following each', async () => {
    await openEditor('stay')
    const items = () =>
      screen
        .getAllByLabelText('Title')
        .slice(1)
        .map((input) => (input as HTMLInputElement).value)
    fireEvent.click(screen.getByRole('button', { name: 'Move down “Double rooms”' }))
    await waitFor(() => expect(items()).toEqual(['Family rooms', 'Double rooms', 'Dogs welcome']))
    expect(document.activeElement?.textContent).toBe('Move down “Double rooms”')
    fireEvent.click(screen.getByRole('button', { name: 'Move down “Double rooms”' }))
    await waitFor(() => expect(items()).toEqual(['Family rooms', 'Dogs welcome', 'Double rooms']))
    // At the bottom it can only move up: focus goes to that button.
    expect(document.activeElement?.textContent).toBe('Move up “Double rooms”')
    fireEvent.click(screen.getByRole('button', { name: 'Remove “Dogs welcome”' }))
    await waitFor(() => expect(items()).toEqual(['Family rooms', 'Double rooms']))
    expect(document.activeElement?.textContent).toBe('Remove “Double rooms”')
    fireEvent.click(screen.getByRole('button', { name: 'Add a room or feature' }))
    await waitFor(() => expect(items()).toEqual(['Family rooms', 'Double rooms', '']))
    expect(document.activeElement).toBe(screen.getAllByLabelText('Title').at(-1)!)
  })

  test('a save sends the whole page with the version and fields it started from, and shows the server’s answer', async () => {
    const saved = { ...STAY, title: 'Stay the night', updated_at: '2026-06-02T10:00:00.000Z' }
    const form = await openEditor('stay', { 'PUT /api/admin/pages/stay': { body: { message: 'The Stay page is saved.', page: saved } } })
    fireEvent.change(screen.getAllByLabelText('Title')[0]!, { target: { value: 'Stay the night' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Save the Stay page' }))
    await within(form).findByText('The Stay page is saved.')
    const [sent] = mock.changes()
    expect([sent!.method, sent!.path, sent!.headers['if-match']]).toEqual(['PUT', '/api/admin/pages/stay', '"2026-06-01T10:00:00.000Z"'])
    expect(sent!.body).toMatchObject({ title: 'Stay the night', items: STAY.items, body: STAY.body })
  })

  test("the server's reason for an item's field is shown at that field", async () => {
    const reason = 'items[2].text: cannot be empty.'
    const form = await openEditor('stay', { 'PUT /api/admin/pages/stay': { status: 400, body: { error: reason } } })
    fireEvent.change(screen.getAllByLabelText('Title')[0]!, { target: { value: 'Stay the night' } })
    await quiet(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Save the Stay page' }))
      // Said in the screen's words: the item's place and the field's label, not the rule's spelling.
      await within(form).findAllByText('Room or feature 2, Text: cannot be empty.')
    })
    await waitFor(() => expect(invalidLabels(form)).toEqual(['Text']))
  })

  test('offline, the change waits in the outbox with the fields it changes, and the page shows its badge', async () => {
    const form = await openEditor('about')
    const onLine = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(navigator), 'onLine')!
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false })
    try {
      fireEvent.change(body(), { target: { value: 'Two hundred years of muddy boots.' } })
      fireEvent.click(within(form).getByRole('button', { name: 'Save the About page' }))
      await waitFor(() => expect(useOutbox.getState().entries.map((e) => [e.path, e.state])).toEqual([['/api/admin/pages/about', 'waiting']]))
      const [entry] = useOutbox.getState().entries
      expect(entry!.meta).toEqual({ kind: 'page', op: 'update', page: 'about', fields: ['body'] })
      expect(entry!.base).toMatchObject({ body: 'First paragraph.\n\n## Later\n\nMore.' })
      await screen.findByText('Change waiting to sync')
    } finally {
      delete (navigator as unknown as Record<string, unknown>).onLine
      Object.defineProperty(Object.getPrototypeOf(navigator), 'onLine', onLine)
    }
    expect(mock.changes()).toHaveLength(0)
  })
})
