import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import AdminRoutes from './AdminRoutes'
import { STAFF_TASKS } from '../../../api/src/shared/rules/staff-routes'
import { useAdminSession } from './session'
import { resetAdminStores } from './shell/stores'
import { deferred, mockApi, resetAdmin, TEST_TOKEN, type MockApi } from '../../test/admin-helpers'

let mock: MockApi
afterEach(() => mock?.restore())

describe('guard', () => {
  beforeEach(() => resetAdmin('/manageGalleries', null))

  test('without a stored adminToken every admin route goes to /', async () => {
    mock = mockApi()
    render(<AdminRoutes />)
    await waitFor(() => expect(location.pathname).toBe('/'))
    expect(mock.requests).toHaveLength(0)
  })

  test('with a token the screen for the path is shown', async () => {
    localStorage.setItem('adminToken', TEST_TOKEN)
    mock = mockApi({
      'GET /api/galleryGrouped': { body: { '1': [], '2': [], '3': [], '4': [], '5': [] } },
      'GET /api/admin/dashboard': { body: { message: 'Access granted!', username: 'admin' } },
    })
    render(<AdminRoutes />)
    expect(await screen.findByRole('heading', { level: 1, name: 'Manage Galleries' })).toBeTruthy()
    expect(screen.getByRole('link', { name: /Back to dashboard/ }).getAttribute('href')).toBe('/admin')
    expect(location.pathname).toBe('/manageGalleries')
  })

  test('a token the server refuses (tampered, expired) ends at /login', async () => {
    localStorage.setItem('adminToken', 'tampered.token.value')
    mock = mockApi({
      'GET /api/galleryGrouped': { body: { '1': [], '2': [], '3': [], '4': [], '5': [] } },
      'GET /api/admin/dashboard': { status: 401, body: { error: 'Your session is invalid or has expired. Please log in again.' } },
    })
    render(<AdminRoutes />)
    await waitFor(() => expect(location.pathname).toBe('/login'))
    expect(localStorage.getItem('adminToken')).toBeNull()
  })
})

describe('dashboard', () => {
  beforeEach(() => resetAdmin('/admin'))

  test('loading, then Access granted! with every staff link, Messages and Log out', async () => {
    const hold = deferred<{ body: unknown }>()
    mock = mockApi({ 'GET /api/admin/dashboard': () => hold.promise })
    render(<AdminRoutes />)
    expect(await screen.findByText('Loading…')).toBeTruthy()
    hold.resolve({ body: { message: 'Access granted!', username: 'admin', role: 'owner', must_change_password: false } })
    expect(await screen.findByText('Access granted!')).toBeTruthy()
    const expected = [
      'Manage Galleries',
      'Manage Attractions',
      'Manage Opening Times',
      'Add Opening Times Exception',
      'Remove Opening Times Exception',
      'Upload Menus',
      'Create Events',
      'Manage Events',
      'Notices for Visitors',
      'Page Words and Pictures',
      'Messages',
      'My Account',
      'Staff',
      'Activity',
      'Venue details',
    ]
    expect(STAFF_TASKS.map((l) => l.label)).toEqual(expected as never)
    for (const label of expected) expect(screen.getByRole('link', { name: new RegExp(`^${label}`) })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy()
    expect(mock.requests[0]!.headers.authorization).toBe(`Bearer ${TEST_TOKEN}`)
  })

  test('denied: the message, no links, then /login after 2 s', async () => {
    mock = mockApi({ 'GET /api/admin/dashboard': { status: 401, body: { error: 'Authentication required.' } } })
    render(<AdminRoutes />)
    expect(await screen.findByText('Access denied. Redirecting to login...')).toBeTruthy()
    expect(screen.queryByRole('link', { name: /Manage Galleries/ })).toBeNull()
    await new Promise((r) => setTimeout(r, 1500))
    expect(location.pathname).toBe('/admin')
    await waitFor(() => expect(location.pathname).toBe('/login'), { timeout: 2000 })
  })

  test('Log out calls the API, forgets the token and goes to /login', async () => {
    mock = mockApi({
      'GET /api/admin/dashboard': { body: { message: 'Access granted!', username: 'admin' } },
      'POST /api/admin/logout': { body: { message: 'Logged out.' } },
    })
    render(<AdminRoutes />)
    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }))
    await waitFor(() => expect(location.pathname).toBe('/login'))
    expect(mock.changes()[0]!.path).toBe('/api/admin/logout')
    expect(mock.changes()[0]!.headers.authorization).toBe(`Bearer ${TEST_TOKEN}`)
    expect(localStorage.getItem('adminToken')).toBeNull()
    expect(useAdminSession.getState().token).toBeNull()
  })

  test('offline: says so and offers to try again (no false denial)', async () => {
    let calls = 0
    mock = mockApi({ 'GET /api/admin/dashboard': () => (++calls === 1 ? 'network' : { body: { message: 'Access granted!', username: 'admin' } }) })
    render(<AdminRoutes />)
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('Access granted!')).toBeTruthy()
  })

  test('with no network at all it says "You are offline", not that the server cannot be reached', async () => {
    mock = mockApi({ 'GET /api/admin/dashboard': 'network' })
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false })
    try {
      render(<AdminRoutes />)
      expect(await screen.findByText(/^You are offline\. You can keep working/)).toBeTruthy()
      expect(screen.queryByText(/cannot be reached/)).toBeNull()
    } finally {
      delete (navigator as unknown as Record<string, unknown>).onLine
    }
  })

  /** Signed in with a connection as `role`, then the page is opened again without one (memory gone, the device's storage kept). */
  async function reopenedOffline(role: 'owner' | 'editor') {
    mock = mockApi({ 'GET /api/admin/dashboard': { body: { message: 'Access granted!', username: 'sam', role, must_change_password: false } } })
    render(<AdminRoutes />)
    await screen.findByText('Access granted!')
    cleanup()
    resetAdminStores()
    useAdminSession.setState({ token: null, hydrated: false, endedBy: null })
    mock.set({ 'GET /api/admin/dashboard': 'network' })
    render(<AdminRoutes />)
    await screen.findByText(/The server cannot be reached/)
  }

  test('offline, an owner keeps the Staff and Activity tiles, each saying it needs a connection', async () => {
    await reopenedOffline('owner')
    for (const label of STAFF_TASKS.map((task) => task.label)) expect(screen.getByRole('link', { name: new RegExp(`^${label}`) })).toBeTruthy()
    for (const label of ['Staff', 'Activity', 'My Account']) {
      expect(screen.getByRole('link', { name: new RegExp(`^${label}`) }).textContent).toContain('Needs a connection to the server.')
    }
    // The screens that work offline (saved lists, queued changes) say nothing of the kind.
    expect(screen.getByRole('link', { name: /^Manage Events/ }).textContent).not.toContain('connection')
  })

  test('offline, an editor still sees neither the Staff nor the Activity tile', async () => {
    await reopenedOffline('editor')
    expect(screen.getByRole('link', { name: /^Manage Events/ })).toBeTruthy()
    expect(screen.queryByRole('link', { name: /^Staff/ })).toBeNull()
    expect(screen.queryByRole('link', { name: /^Activity/ })).toBeNull()
  })
})
