/** The account forms tie their errors to the fields, and share one password field. */
import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { useStaffMember } from '../../session'
import { MyAccount, PASSWORD_RULES } from './MyAccount'
import { FIRST_PASSWORD_HINT, StaffMembers } from './StaffMembers'
import { mockApi, resetAdmin, type MockApi } from '../../../../test/admin-helpers'
import { expectFocusOnMessage, invalidLabels, sendExpectingErrors } from '../../../../test/field-errors'
import { quiet } from '../../../../test/quiet'

let mock: MockApi
afterEach(() => mock?.restore())
const formOf = (button: string) => screen.getByRole('button', { name: button }).closest('form') as HTMLFormElement
const set = (root: HTMLElement, label: string, value: string) => fireEvent.change(within(root).getByLabelText(label), { target: { value } })

describe('My Account: password change errors tied to fields', () => {
  beforeEach(() => {
    resetAdmin('/account')
    useStaffMember.setState({ username: 'sam', role: 'editor', mustChangePassword: false })
  })

  test('empty: current and new are marked, the rules are the new field’s hint; a short one marks New password; a mismatch marks the repeat', async () => {
    mock = mockApi({ 'GET /api/admin/sessions': { body: [] } })
    render(<MyAccount />)
    const form = formOf('Change password')
    const empty = 'Enter your current password and a new one.'
    await sendExpectingErrors(form, 'Change password', empty, ['Current password', 'New password'], { 'New password': PASSWORD_RULES })
    set(form, 'Current password', 'old-password-here')
    set(form, 'New password', 'short')
    const short = 'The password must be at least 12 characters long.'
    await sendExpectingErrors(form, 'Change password', short, ['New password'], { 'New password': PASSWORD_RULES })
    set(form, 'New password', 'a quiet lane by the river')
    set(form, 'New password again', 'a quiet lane by the rive')
    const differ = 'The two new passwords are not the same.'
    await sendExpectingErrors(form, 'Change password', differ, ['New password again'])
  })

  test("the server's refusal marks no field and focuses the message", async () => {
    mock = mockApi({ 'GET /api/admin/sessions': { body: [] }, 'POST /api/admin/password': { status: 401, body: { error: 'The current password is wrong.' } } })
    render(<MyAccount />)
    const form = formOf('Change password')
    set(form, 'Current password', 'old-password-here')
    set(form, 'New password', 'a quiet lane by the river')
    set(form, 'New password again', 'a quiet lane by the river')
    await quiet(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Change password' }))
      await within(form).findByText(/current password is wrong/)
    })
    expect(invalidLabels(form)).toEqual([])
    await waitFor(() => expectFocusOnMessage('The current password is wrong.'))
  })
})

describe('Staff: add and reset errors tied to fields', () => {
  beforeEach(() => {
    resetAdmin('/staff')
    useStaffMember.setState({ username: 'admin', role: 'owner', mustChangePassword: false })
  })

  test('no username marks Username; a weak first password marks it with its hint; a reset marks its password', async () => {
    mock = mockApi({
      'GET /api/admin/staff': {
        body: [{ username: 'admin', role: 'owner', disabled: false, created_at: 'x', last_login_at: null, must_change_password: false }],
      },
    })
    render(<StaffMembers />)
    const add = formOf('Add member')
    await sendExpectingErrors(add, 'Add member', 'Enter a username.', ['Username'], { 'First password': FIRST_PASSWORD_HINT })
    set(add, 'Username', 'sam')
    set(add, 'First password', 'sam-and-the-bar')
    const named = 'The password must not contain the username.'
    await sendExpectingErrors(add, 'Add member', named, ['First password'], { 'First password': FIRST_PASSWORD_HINT })

    await screen.findByText('admin')
    fireEvent.click(screen.getByRole('button', { name: 'Reset password for admin' }))
    const reset = screen.getByLabelText('New password for admin').closest('form') as HTMLFormElement
    const short = 'The password must be at least 12 characters long.'
    await sendExpectingErrors(reset, 'Save new password', short, ['New password for admin'], { 'New password for admin': FIRST_PASSWORD_HINT })
  })
})
