import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { act, screen, waitFor } from '@testing-library/react'
import { Route, Switch } from 'wouter'
import { json, renderAt, resetStores, restoreFetch, stubFetch } from '../../../test/shell-helpers'
import { menuStore } from './store'
import { Menu } from './Menu'

const page = (path: string) =>
  renderAt(
    path,
    <Switch>
      <Route path="/menu/:menuId" component={Menu} />
    </Switch>,
  )

beforeEach(async () => {
  await resetStores([menuStore(1), menuStore(2)])
})
afterEach(async () => {
  await Bun.sleep(20)
  restoreFetch()
})

describe('Menu page', () => {
  for (const id of ['nope', 'menu3', 'menu0', 'MENU1', 'menu1x', 'toString', '__proto__']) {
    test(`/menu/${id} shows "Menu not found!" and asks the server nothing`, () => {
      const calls = stubFetch({})
      page(`/menu/${id}`)
      expect(screen.getByRole('heading', { level: 1, name: 'Menu not found!' })).toBeTruthy()
      expect(screen.getByRole('link', { name: 'The cafe' }).getAttribute('href')).toBe('/eat')
      expect(calls).toHaveLength(0)
    })
  }

  test('/menu/menu1 is the Stables menu (business 1)', async () => {
    const calls = stubFetch({ '/api/get-menu/1': json({ error: 'No menu has been uploaded yet.' }, 404) })
    page('/menu/menu1')
    expect(screen.queryByText('Menu not found!')).toBeNull()
    expect(screen.getByRole('heading', { level: 1, name: /Stables.*menu/i })).toBeTruthy()
    expect(await screen.findByText(/Our menu is coming soon/)).toBeTruthy()
    expect(calls.map((c) => c.url)).toEqual(['/api/get-menu/1'])
  })

  test('/menu/menu2 is the cafe menu (business 2) and shows "Loading menu..." first', async () => {
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const calls = stubFetch({
      '/api/get-menu/2': async () => {
        await gate
        return json({ error: 'No menu has been uploaded yet.' }, 404)
      },
    })
    page('/menu/menu2')
    expect(screen.queryByText('Menu not found!')).toBeNull()
    expect(screen.getByRole('heading', { level: 1, name: /cafe menu/i })).toBeTruthy()
    expect(screen.getByText('Loading menu...')).toBeTruthy()
    await waitFor(() => expect(calls.map((c) => c.url)).toEqual(['/api/get-menu/2']))
    await act(async () => release())
    expect(await screen.findByText(/Our menu is coming soon/)).toBeTruthy()
  })

  test('offline with no saved copy: a notice with the phone number', async () => {
    const errors = console.error
    console.error = () => {}
    try {
      stubFetch({
        '/api/get-menu/2': () => {
          throw new TypeError('Failed to fetch')
        },
      })
      page('/menu/menu2')
      expect(await screen.findByText(/needs a connection/)).toBeTruthy()
      expect(screen.getByRole('link', { name: '01632 960 123' }).getAttribute('href')).toBe('tel:01632960123')
    } finally {
      console.error = errors
    }
  })
})
