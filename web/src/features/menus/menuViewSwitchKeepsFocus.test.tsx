/** The menu's "Text" / "Original PDF" switch stays the same buttons whichever view it shows: pressing one keeps focus on it. */
import { afterEach, beforeEach, expect, test } from 'bun:test'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { Route, Switch } from 'wouter'
import { json, renderAt, resetStores, restoreFetch, stubFetch } from '../../../test/shell-helpers'
import { menuStore } from './store'
import { Menu } from './Menu'

beforeEach(async () => {
  await resetStores([menuStore(1), menuStore(2)])
})
afterEach(async () => {
  await Bun.sleep(20)
  restoreFetch()
})

const MENU = {
  id: 3,
  business_id: 2,
  type_id: '1',
  pdf_url: '/files/menu.pdf',
  updated_at: '2026-11-01T10:00:00Z',
  sections: [{ heading: 'Starters', level: 2, notes: [], items: [{ name: 'Soup of the day', price: '£6' }] }],
}

/** Pressed as a keyboard user presses it: focused first. */
function press(name: string) {
  const button = screen.getByRole('button', { name })
  button.focus()
  fireEvent.click(button)
  return button
}

test('pressing "Text" and then "Original PDF" keeps focus on the pressed button, the same node each time', async () => {
  stubFetch({ '/api/get-menu/2': json(MENU) })
  const errors = console.error
  // The PDF itself is not served here: its view says so, which is beside the point.
  console.error = () => {}
  try {
    renderAt(
      '/menu/menu2',
      <Switch>
        <Route path="/menu/:menuId" component={Menu} />
      </Switch>,
    )
    // Whichever view the screen's width chose first, press the other one, then back.
    await screen.findByRole('button', { name: 'Text' })
    await waitFor(() => expect(screen.getByRole('button', { name: 'Original PDF' }).getAttribute('aria-pressed')).toBe('true'))
    const text = press('Text')
    await waitFor(() => expect(screen.getByRole('button', { name: 'Text' }).getAttribute('aria-pressed')).toBe('true'))
    expect(await screen.findByText('Soup of the day')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Text' }) === text).toBe(true)
    expect(document.activeElement === text).toBe(true)
    const pdf = press('Original PDF')
    await waitFor(() => expect(screen.getByRole('button', { name: 'Original PDF' }).getAttribute('aria-pressed')).toBe('true'))
    expect(screen.getByRole('button', { name: 'Original PDF' }) === pdf).toBe(true)
    expect(document.activeElement === pdf).toBe(true)
  } finally {
    console.error = errors
  }
})
