import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { act, screen, waitFor } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { json, renderAt, resetStores, restoreFetch, stubFetch } from '../../../test/shell-helpers'
import { useConnectivity } from '../../offline/connectivity'
import { menuStore } from './store'
import { MenuLink } from './MenuLink'

const menu = (businessId: 1 | 2) => ({
  id: 10 + businessId,
  business_id: businessId,
  type_id: '1',
  pdf_url: `/files/${String(businessId).repeat(32)}.pdf`,
  updated_at: '2026-11-01T10:00:00Z',
  sections: [],
})

beforeEach(async () => {
  await resetStores([menuStore(1), menuStore(2)])
})
afterEach(async () => {
  await Bun.sleep(20)
  restoreFetch()
})

describe('MenuLink', () => {
  test('shows "Loading menu..." until the menu details arrive, then "View The Menu" to /menu/menu2', async () => {
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    stubFetch({
      '/api/get-menu/2': async () => {
        await gate
        return menu(2)
      },
    })
    renderAt('/eat', <MenuLink businessId={2} />)
    expect(screen.getByText('Loading menu...')).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'View The Menu' })).toBeNull()
    await act(async () => release())
    const link = await screen.findByRole('link', { name: 'View The Menu' })
    expect(link.getAttribute('href')).toBe('/menu/menu2')
    expect(screen.queryByText('Loading menu...')).toBeNull()
  })

  test('business 1 (the Stables) links to /menu/menu1', async () => {
    const calls = stubFetch({ '/api/get-menu/1': menu(1) })
    renderAt('/drink', <MenuLink businessId={1} />)
    const link = await screen.findByRole('link', { name: 'View The Menu' })
    expect(link.getAttribute('href')).toBe('/menu/menu1')
    expect(calls.map((c) => c.url)).toEqual(['/api/get-menu/1'])
  })

  test('a 404 (no menu uploaded) shows "Menu coming soon"', async () => {
    stubFetch({ '/api/get-menu/2': json({ error: 'No menu has been uploaded yet.' }, 404) })
    renderAt('/eat', <MenuLink businessId={2} />)
    expect(await screen.findByText('Menu coming soon')).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'View The Menu' })).toBeNull()
  })

  for (const online of [false, true])
    test(`nothing saved and ${online ? 'the venue not answering (a signal)' : 'no signal'}: says so, and why, instead of loading forever`, async () => {
      const errors = console.error
      console.error = () => {}
      useConnectivity.setState({ online })
      try {
        stubFetch({
          '/api/get-menu/2': () => {
            throw new TypeError('Failed to fetch')
          },
        })
        renderAt('/eat', <MenuLink businessId={2} />)
        await waitFor(() => expect(screen.getByText(/^The menu could not be loaded/)).toBeTruthy())
        expect(screen.queryByText('Loading menu...')).toBeNull()
        // With full bars, "when you have signal" would be untrue: the venue's website is what did not answer.
        expect(screen.queryByText(/when you have signal/) === null).toBe(online)
        expect(screen.queryByText(/did not answer/) !== null).toBe(online)
      } finally {
        console.error = errors
        useConnectivity.setState({ online: true })
      }
    })

  test('a saved copy shows the link straight away, offline too', async () => {
    menuStore(2).setState({ data: { menu: menu(2) }, savedAt: Date.now(), fromCache: true, status: 'ready' })
    stubFetch({})
    renderAt('/eat', <MenuLink businessId={2} />)
    expect(screen.getByRole('link', { name: 'View The Menu' })).toBeTruthy()
  })

  test('renders "Loading menu..." on the server', () => {
    expect(renderToString(<MenuLink businessId={2} />)).toContain('Loading menu...')
  })
})
