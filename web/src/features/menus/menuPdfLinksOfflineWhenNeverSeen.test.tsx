/**
 * A menu read as text while the venue cannot be reached, its PDF never kept on this device: the page
 * says the original PDF needs a connection, as the "Original PDF" view does, instead of offering
 * Open and Download links that would only reach the browser's error page. A PDF kept on the device
 * keeps its links.
 */
import { afterEach, beforeEach, expect, test } from 'bun:test'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { Route, Switch } from 'wouter'
import { renderAt, resetStores, restoreFetch, stubFetch } from '../../../test/shell-helpers'
import { keepCopy } from '../../stores/cache'
import { writeSaved } from '../../stores'
import { MENU_PDF_KEY_PREFIX } from '../../storage-keys'
import { menuStore } from './store'
import { Menu } from './Menu'

const MENU = {
  id: 3,
  business_id: 2,
  type_id: '1',
  pdf_url: '/files/0a1b2c3d.pdf',
  updated_at: '2026-11-01T10:00:00Z',
  sections: [{ heading: 'Starters', level: 2, notes: [], items: [{ name: 'Soup of the day', price: '£6' }] }],
}
const wide = window.innerWidth
const errors = console.error

beforeEach(async () => {
  await resetStores([menuStore(2)])
  // A phone: the menu opens as text, and the PDF is not fetched for it.
  ;(window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }).happyDOM.setViewport({ width: 390, height: 844 })
  await keepCopy('menu:2', { menu: MENU }, Date.now() - 3_600_000)
  const unreachable = () => {
    throw new TypeError('Failed to fetch')
  }
  stubFetch({ '/api/get-menu/2': unreachable, [MENU.pdf_url]: unreachable })
  console.error = () => {}
})
afterEach(async () => {
  await Bun.sleep(20)
  restoreFetch()
  console.error = errors
  ;(window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }).happyDOM.setViewport({ width: wide, height: 768 })
})

const open = () =>
  renderAt(
    '/menu/menu2',
    <Switch>
      <Route path="/menu/:menuId" component={Menu} />
    </Switch>,
  )

test('unreachable, the PDF never kept: no Open or Download link, and the text view says the original PDF needs a connection', async () => {
  open()
  expect(await screen.findByText('Soup of the day')).toBeTruthy()
  expect(screen.getByRole('button', { name: 'Text' }).getAttribute('aria-pressed')).toBe('true')
  expect(await screen.findByText(/The original PDF needs a connection/)).toBeTruthy()
  expect(screen.queryByRole('link', { name: /Open the PDF/ })).toBeNull()
  expect(screen.queryByRole('link', { name: 'Download' })).toBeNull()
})

test('unreachable, the PDF kept on this device: its Open and Download links stay', async () => {
  await writeSaved(`${MENU_PDF_KEY_PREFIX}2`, { url: MENU.pdf_url, bytes: new ArrayBuffer(8), savedAt: Date.now() - 3_600_000 })
  open()
  expect(await screen.findByText('Soup of the day')).toBeTruthy()
  await waitFor(() => expect(screen.getByRole('link', { name: /Open the PDF/ }).getAttribute('href')).toBe(MENU.pdf_url))
  expect(screen.getByRole('link', { name: 'Download' })).toBeTruthy()
  expect(screen.queryByText(/The original PDF needs a connection/)).toBeNull()
})

test('unreachable, the PDF never kept: pressing Original PDF tries for the file without offering its links meanwhile', async () => {
  open()
  expect(await screen.findByText(/The original PDF needs a connection/)).toBeTruthy()
  const logged: string[] = []
  console.error = (...args: unknown[]) => logged.push(String(args[0]))
  let linkShown = false
  const watch = new MutationObserver(() => {
    linkShown ||= document.querySelector('a.menu-page__download') !== null
  })
  watch.observe(document.body, { childList: true, subtree: true, attributes: true })
  try {
    fireEvent.click(screen.getByRole('button', { name: 'Original PDF' }))
    // The try for the file has met no answer.
    await waitFor(() => expect(logged).toContain('Could not load the menu file:'))
    expect(await screen.findByText(/Here is the menu as text/)).toBeTruthy()
  } finally {
    watch.disconnect()
  }
  expect(linkShown).toBe(false)
  expect(screen.queryByRole('link', { name: /Open the PDF/ })).toBeNull()
})
