/**
 * A member's "Reset password" opens its form after the row's actions, so Tab goes from the button
 * into the form; the form's own button has another name; after the reset, focus is back on the button.
 */
import { afterEach, beforeEach, expect, test } from 'bun:test'
import { fireEvent, render, screen, within } from '@testing-library/react'
import { mockApi, resetAdmin, type MockApi } from '../../../../test/admin-helpers'
import { StaffMembers } from './StaffMembers'

const member = (username: string, role: 'owner' | 'editor') => ({
  username,
  role,
  disabled: false,
  created_at: 'x',
  last_login_at: null,
  must_change_password: false,
})
const row = (name: string) => document.querySelector(`[data-username="${name}"]`) as HTMLElement
/** The controls Tab visits, in document order. */
const tabOrder = (root: HTMLElement) =>
  [...root.querySelectorAll<HTMLElement>('button:not([disabled]), input:not([disabled]), a[href]')].filter((element) => element.tabIndex >= 0)

let mock: MockApi
beforeEach(() => resetAdmin('/staff'))
afterEach(() => mock?.restore())

test('Tab goes from "Reset password" into the form it opened; only one button of the member is named "Reset password"', async () => {
  mock = mockApi({
    'GET /api/admin/staff': { body: [member('admin', 'owner'), member('sam', 'editor')] },
    'PUT /api/admin/staff/sam': { body: { message: 'Password reset.' } },
  })
  render(<StaffMembers />)
  await screen.findByText('sam', { selector: '.admin-row__title' })
  const toggle = within(row('sam')).getByRole('button', { name: 'Reset password for sam' })
  toggle.focus()
  fireEvent.click(toggle)
  const field = within(row('sam')).getByLabelText('New password for sam')
  const order = tabOrder(row('sam'))
  expect(order.indexOf(field)).toBe(order.indexOf(toggle) + 1)
  expect(order.slice(order.indexOf(toggle)).map((element) => element.textContent || element.getAttribute('aria-label') || element.tagName)).toContain(
    'Save new password',
  )
  expect(within(row('sam')).getAllByRole('button', { name: /^Reset password/ })).toHaveLength(1)
  expect(toggle.getAttribute('aria-controls')).toBe(field.closest('form')!.id)

  fireEvent.change(field, { target: { value: 'moorland-kettle-19' } })
  fireEvent.click(within(row('sam')).getByRole('button', { name: 'Save new password' }))
  expect(await screen.findByText(/sam's password is reset/)).toBeTruthy()
  expect(within(row('sam')).queryByLabelText('New password for sam')).toBeNull()
  expect(document.activeElement).toBe(within(row('sam')).getByRole('button', { name: 'Reset password for sam' }))
})
