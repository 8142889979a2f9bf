import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import AdminRoutes from '../../AdminRoutes'
import { useStaffMember } from '../../session'
import { OWNER_ONLY_MESSAGE } from '../../../../../api/src/shared/rules/staff-roles'
import { mockApi, resetAdmin, type MockApi } from '../../../../test/admin-helpers'
import { NEEDS_SERVER } from './accountStatus'
import { memberState, StaffMembers } from './StaffMembers'

let mock: MockApi
afterEach(() => mock?.restore())

const member = (username: string, role: 'owner' | 'editor', extra: Record<string, unknown> = {}) => ({
  username,
  role,
  disabled: false,
  created_at: '2026-11-01T10:00:00Z',
  last_login_at: null,
  must_change_password: false,
  ...extra,
})

function addMember(username: string, password: string, role = 'editor') {
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: username } })
  fireEvent.change(screen.getByLabelText('Role'), { target: { value: role } })
  fireEvent.change(screen.getByLabelText('First password'), { target: { value: password } })
  fireEvent.click(screen.getByRole('button', { name: 'Add member' }))
}

const row = (username: string) => document.querySelector(`[data-username="${username}"]`) as HTMLElement

describe('Staff (owners)', () => {
  beforeEach(() => {
    resetAdmin('/staff')
    useStaffMember.setState({ username: 'admin', role: 'owner', mustChangePassword: false })
  })

  test('lists members with role and state, and adds one (sent now, not queued)', async () => {
    const members = [member('admin', 'owner', { last_login_at: '2026-11-23T09:00:00Z' }), member('old', 'editor', { disabled: true })]
    mock = mockApi({
      'GET /api/admin/staff': () => ({ body: members }),
      'POST /api/admin/staff': (request) => {
        members.push(member((request.body as { username: string }).username, 'editor', { must_change_password: true }))
        return { status: 201, body: { message: 'sam can now log in.', member: members.at(-1) } }
      },
    })
    render(<StaffMembers />)
    await screen.findByText('admin')
    expect(within(row('admin')).getByText('Owner')).toBeTruthy()
    expect(within(row('admin')).getByText('You')).toBeTruthy()
    expect(within(row('old')).getByText(/^Disabled · never logged in/)).toBeTruthy()
    expect(within(row('old')).getByRole('button', { name: 'Enable old' })).toBeTruthy()
    addMember('sam', 'hedgerow-lantern-42')
    expect(await screen.findByText('sam can now log in.')).toBeTruthy()
    await waitFor(() => expect(row('sam')).toBeTruthy())
    expect(within(row('sam')).getByText(/^Must choose a password at next login/)).toBeTruthy()
    expect(mock.changes()[0]!.body).toEqual({ username: 'sam', role: 'editor', password: 'hedgerow-lantern-42' })
    // Account calls are never queued: no Idempotency-Key, nothing waiting on the device.
    expect(mock.changes()[0]!.headers['idempotency-key']).toBeUndefined()
  })

  test("a weak first password shows the rule's message; the server's refusal too", async () => {
    mock = mockApi({
      'GET /api/admin/staff': { body: [member('admin', 'owner')] },
      'POST /api/admin/staff': { status: 400, body: { error: 'This password is among the most common leaked passwords. Please choose another one.' } },
    })
    render(<StaffMembers />)
    await screen.findByText('admin')
    addMember('sam', 'short')
    expect(await screen.findByText('The password must be at least 12 characters long.')).toBeTruthy()
    expect(mock.changes()).toHaveLength(0)
    addMember('sam', 'password1234')
    expect(await screen.findByText('This password is among the most common leaked passwords. Please choose another one.')).toBeTruthy()
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('sam')
  })

  test('the only active owner is not offered Make editor, Disable or Remove (the server would refuse them); a second owner is', async () => {
    mock = mockApi({ 'GET /api/admin/staff': { body: [member('admin', 'owner'), member('sam', 'editor'), member('old', 'owner', { disabled: true })] } })
    render(<StaffMembers />)
    await screen.findByText('sam', { selector: '.admin-row__title' })
    for (const name of ['Make editor — admin', 'Disable admin', 'Remove admin']) expect(within(row('admin')).queryByRole('button', { name })).toBe(null)
    expect(within(row('admin')).getByRole('button', { name: 'Reset password for admin' })).toBeTruthy()
    expect(within(row('admin')).getByText(/The only owner/)).toBeTruthy()
    expect(within(row('old')).getByRole('button', { name: 'Enable old' })).toBeTruthy()
    expect(within(row('sam')).getByRole('button', { name: 'Remove sam' })).toBeTruthy()
  })

  test('each action names the member it acts on for a screen reader; the visible words stay the same', async () => {
    mock = mockApi({ 'GET /api/admin/staff': { body: [member('admin', 'owner'), member('sam', 'editor'), member('old', 'owner', { disabled: true })] } })
    render(<StaffMembers />)
    await screen.findByText('sam', { selector: '.admin-row__title' })
    const visibleText = (button: HTMLElement) =>
      [...button.childNodes]
        .filter((node) => !(node instanceof HTMLElement && node.classList.contains('visually-hidden')))
        .map((node) => node.textContent)
        .join('')
    for (const [username, actions] of [
      [
        'sam',
        [
          ['Make owner', 'Make owner — sam'],
          ['Disable', 'Disable sam'],
          ['Remove', 'Remove sam'],
          ['Reset password', 'Reset password for sam'],
        ],
      ],
      [
        'old',
        [
          ['Make editor', 'Make editor — old'],
          ['Enable', 'Enable old'],
          ['Remove', 'Remove old'],
          ['Reset password', 'Reset password for old'],
        ],
      ],
    ] as const) {
      for (const [visible, name] of actions) expect(visibleText(within(row(username)).getByRole('button', { name }))).toBe(visible)
    }
    expect(screen.queryAllByRole('button', { name: 'Remove' })).toHaveLength(0)
  })

  test('change a role, reset a password, disable, remove (with confirmation); the last owner 409 is shown', async () => {
    mock = mockApi({
      // Two owners on screen; the other was disabled elsewhere meanwhile, so the server still refuses (409).
      'GET /api/admin/staff': { body: [member('admin', 'owner'), member('sam', 'editor'), member('kit', 'owner')] },
      'PUT /api/admin/staff/sam': (request) => ({ body: { message: 'Saved.', member: { ...member('sam', 'editor'), ...(request.body as object) } } }),
      'DELETE /api/admin/staff/sam': { body: { message: 'Removed.', username: 'sam' } },
      'PUT /api/admin/staff/admin': { status: 409, body: { error: 'The last active owner cannot be demoted.' } },
    })
    const realConfirm = window.confirm
    const asked: string[] = []
    window.confirm = (text?: string) => (asked.push(String(text)), true)
    try {
      render(<StaffMembers />)
      await screen.findByText('sam', { selector: '.admin-row__title' })
      fireEvent.click(within(row('sam')).getByRole('button', { name: 'Make owner — sam' }))
      expect(await screen.findByText('sam is now owner.')).toBeTruthy()
      fireEvent.click(within(row('sam')).getByRole('button', { name: 'Reset password for sam' }))
      fireEvent.change(within(row('sam')).getByLabelText('New password for sam'), { target: { value: 'moorland-kettle-19' } })
      fireEvent.submit(within(row('sam')).getByLabelText('New password for sam').closest('form')!)
      expect(await screen.findByText(/sam's password is reset/)).toBeTruthy()
      fireEvent.click(within(row('sam')).getByRole('button', { name: 'Disable sam' }))
      expect(await screen.findByText('sam is disabled and logged out everywhere.')).toBeTruthy()
      fireEvent.click(within(row('sam')).getByRole('button', { name: 'Remove sam' }))
      expect(await screen.findByText('sam is removed.')).toBeTruthy()
      expect(asked).toEqual(['Remove sam? They are logged out at once and can no longer log in.'])
      fireEvent.click(within(row('admin')).getByRole('button', { name: 'Make editor — admin' }))
      expect(await screen.findByText('The last active owner cannot be demoted.')).toBeTruthy()
      expect(mock.changes().map((r) => [r.method, r.path, r.body])).toEqual([
        ['PUT', '/api/admin/staff/sam', { role: 'owner' }],
        ['PUT', '/api/admin/staff/sam', { password: 'moorland-kettle-19' }],
        ['PUT', '/api/admin/staff/sam', { disabled: true }],
        ['DELETE', '/api/admin/staff/sam', undefined],
        ['PUT', '/api/admin/staff/admin', { role: 'editor' }],
      ])
    } finally {
      window.confirm = realConfirm
    }
  })

  test('removed: the member leaves the list and the screen says so, once, in a live region', async () => {
    mock = mockApi({
      'GET /api/admin/staff': { body: [member('admin', 'owner'), member('sam', 'editor')] },
      'DELETE /api/admin/staff/sam': { body: { message: 'Removed.', username: 'sam' } },
    })
    const realConfirm = window.confirm
    window.confirm = () => true
    try {
      render(<StaffMembers />)
      await screen.findByText('sam', { selector: '.admin-row__title' })
      mock.set({ 'GET /api/admin/staff': { body: [member('admin', 'owner')] } })
      fireEvent.click(within(row('sam')).getByRole('button', { name: 'Remove sam' }))
      await screen.findByRole('heading', { name: 'Members (1)' })
      expect(row('sam')).toBeNull()
      const said = screen.getAllByText('sam is removed.')
      expect(said).toHaveLength(1)
      expect(said[0]!.closest('[role="status"], [aria-live="polite"]')).toBeTruthy()
    } finally {
      window.confirm = realConfirm
    }
  })

  test('offline: the change is not made, not queued, and the screen says so', async () => {
    mock = mockApi({ 'GET /api/admin/staff': { body: [member('admin', 'owner')] }, 'POST /api/admin/staff': 'network' })
    render(<StaffMembers />)
    await screen.findByText('admin')
    addMember('sam', 'hedgerow-lantern-42')
    expect(await screen.findByText(NEEDS_SERVER)).toBeTruthy()
  })

  test('memberState in words', () => {
    expect(memberState(member('a', 'editor'))).toBe('Active')
    expect(memberState(member('a', 'editor', { disabled: true, must_change_password: true }))).toBe('Disabled')
  })
})

describe('Staff for an editor', () => {
  beforeEach(() => resetAdmin('/admin'))

  test('no Staff or Activity tile; opened anyway, the 403 reads plainly', async () => {
    mock = mockApi({
      'GET /api/admin/dashboard': { body: { message: 'Access granted!', username: 'sam', role: 'editor', must_change_password: false } },
      'GET /api/admin/staff': { status: 403, body: { error: OWNER_ONLY_MESSAGE } },
    })
    render(<AdminRoutes />)
    expect(await screen.findByText('Access granted!')).toBeTruthy()
    expect(screen.getByRole('link', { name: /^My Account/ })).toBeTruthy()
    expect(screen.queryByRole('link', { name: /^Staff/ })).toBeNull()
    expect(screen.queryByRole('link', { name: /^Activity/ })).toBeNull()
    history.pushState(null, '', '/staff')
    dispatchEvent(new PopStateEvent('popstate'))
    expect(await screen.findByText('Only an owner can see staff accounts. Ask an owner if you need a change here.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Add member' })).toBeNull()
  })

  test('the role not known yet (the dashboard did not answer): the 403 from the list still closes the forms', async () => {
    mock = mockApi({ 'GET /api/admin/dashboard': 'network', 'GET /api/admin/staff': { status: 403, body: { error: OWNER_ONLY_MESSAGE } } })
    history.replaceState(null, '', '/staff')
    render(<AdminRoutes />)
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Only an owner can see staff accounts. Ask an owner if you need a change here.'))
    expect(screen.queryByRole('button', { name: 'Add member' })).toBeNull()
  })
})
