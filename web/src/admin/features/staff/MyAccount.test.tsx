import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import AdminRoutes from '../../AdminRoutes'
import { useStaffMember } from '../../session'
import { MUST_CHANGE_PASSWORD_MESSAGE } from '../../../../../api/src/shared/rules/staff-roles'
import { mockApi, resetAdmin, type MockApi } from '../../../../test/admin-helpers'
import { deviceName, MUST_CHOOSE_TEXT, MyAccount, PASSWORD_CHANGED } from './MyAccount'
import { NEEDS_SERVER } from './accountStatus'

let mock: MockApi
afterEach(() => mock?.restore())

const session = (current: boolean, agent: string) => ({
  created_at: '2026-11-20T10:00:00Z',
  last_seen_at: '2026-11-23T10:00:00Z',
  user_agent: agent,
  address: '127.0.0.1',
  current,
})
const dashboard = (must: boolean) => ({ body: { message: 'Access granted!', username: 'sam', role: 'editor', must_change_password: must } })

function fillPassword(current: string, next: string, again = next) {
  fireEvent.change(screen.getByLabelText('Current password'), { target: { value: current } })
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: next } })
  fireEvent.change(screen.getByLabelText('New password again'), { target: { value: again } })
  fireEvent.click(screen.getByRole('button', { name: 'Change password' }))
}

describe('My account', () => {
  beforeEach(() => {
    resetAdmin('/account')
    useStaffMember.setState({ username: 'sam', role: 'editor', mustChangePassword: false })
  })

  test('changes the password with the current one, and lists where I am logged in', async () => {
    mock = mockApi({
      'GET /api/admin/sessions': {
        body: [
          session(true, 'Mozilla/5.0 (Linux; Android 14) Chrome/120.0 Mobile Safari/537.36'),
          session(false, 'Mozilla/5.0 (Windows NT 10.0) Firefox/120.0'),
        ],
      },
      'POST /api/admin/password': { body: { message: 'Password changed.' } },
    })
    render(<MyAccount />)
    expect(await screen.findByText('Chrome on Android')).toBeTruthy()
    expect(screen.getByText('Firefox on Windows')).toBeTruthy()
    expect(screen.getByText('This device')).toBeTruthy()
    fillPassword('old-password-here', 'a quiet lane by the river')
    expect(await screen.findByText(PASSWORD_CHANGED)).toBeTruthy()
    expect(mock.changes()[0]!.body).toEqual({ current_password: 'old-password-here', new_password: 'a quiet lane by the river' })
    expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe('')
  })

  test('a weak password: the rule says why, before and after the server', async () => {
    mock = mockApi({
      'GET /api/admin/sessions': { body: [] },
      'POST /api/admin/password': { status: 400, body: { error: 'This password is among the most common leaked passwords. Please choose another one.' } },
    })
    render(<MyAccount />)
    fillPassword('old-password-here', 'short')
    expect(await screen.findByText('The password must be at least 12 characters long.')).toBeTruthy()
    fillPassword('old-password-here', 'sam-and-the-bar')
    expect(await screen.findByText('The password must not contain the username.')).toBeTruthy()
    expect(mock.changes()).toHaveLength(0)
    fillPassword('old-password-here', 'iloveyou1234')
    expect(await screen.findByText('This password is among the most common leaked passwords. Please choose another one.')).toBeTruthy()
    // Refused: what was typed stays, to correct.
    expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe('old-password-here')
  })

  test('offline: says plainly that nothing was changed or kept', async () => {
    mock = mockApi({ 'GET /api/admin/sessions': { body: [] }, 'POST /api/admin/password': 'network' })
    render(<MyAccount />)
    fillPassword('old-password-here', 'a quiet lane by the river')
    expect(await screen.findByText(NEEDS_SERVER)).toBeTruthy()
    expect(mock.changes()).toHaveLength(1)
  })

  test('user agents in a few words', () => {
    expect(deviceName('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1')).toBe(
      'Safari on iOS',
    )
    expect(deviceName('curl/8.0')).toBe('Another browser')
    expect(deviceName('')).toBe('Unknown browser')
  })
})

describe('a password set for them', () => {
  beforeEach(() => resetAdmin('/manageEvent'))

  test('every screen leads to My account, which says why; once changed, the dashboard opens', async () => {
    mock = mockApi({
      'GET /api/admin/dashboard': dashboard(true),
      'GET /api/admin/events': { status: 403, body: { error: MUST_CHANGE_PASSWORD_MESSAGE } },
      'POST /api/admin/password': { body: { message: 'Password changed.' } },
      'GET /api/admin/sessions': { body: [] },
    })
    render(<AdminRoutes />)
    await waitFor(() => expect(location.pathname).toBe('/account'))
    expect(await screen.findByText(MUST_CHOOSE_TEXT)).toBeTruthy()
    expect(screen.queryByRole('link', { name: /Back to dashboard/ })).toBeNull()
    fillPassword('given-by-the-owner', 'a quiet lane by the river')
    expect(await screen.findByText(PASSWORD_CHANGED)).toBeTruthy()
    expect(screen.queryByText(MUST_CHOOSE_TEXT)).toBeNull()
    mock.set({ 'GET /api/admin/dashboard': dashboard(false) })
    fireEvent.click(screen.getByRole('link', { name: 'Continue to the dashboard' }))
    await waitFor(() => expect(location.pathname).toBe('/admin'))
    expect(await screen.findByText('Access granted!')).toBeTruthy()
  })

  test('a 403 "choose your password first" from any call leads there too (the dashboard check did not answer)', async () => {
    mock = mockApi({
      'GET /api/admin/dashboard': 'network',
      'GET /api/admin/events': { status: 403, body: { error: MUST_CHANGE_PASSWORD_MESSAGE } },
      'GET /api/admin/sessions': { body: [] },
    })
    render(<AdminRoutes />)
    await waitFor(() => expect(location.pathname).toBe('/account'))
    expect(await screen.findByText(MUST_CHOOSE_TEXT)).toBeTruthy()
  })
})
