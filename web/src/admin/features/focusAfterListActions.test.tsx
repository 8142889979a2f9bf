/**
 * After an action on a staff list (Delete, Mark handled, Clear filters…), keyboard focus never falls
 * to <body>: it stays on a button that is still there, moves to the next item when its own is gone
 * (the previous one after the last), and to the list's heading when no item is left.
 */
import { afterEach, beforeEach, expect, test } from 'bun:test'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { mockApi, resetAdmin, type MockApi } from '../../../test/admin-helpers'
import { Activity } from './activity/Activity'
import { Messages } from './contact/Messages'
import { StaffMembers } from './staff/StaffMembers'

const message = (id: number, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  name,
  phone: '',
  email: `${name.toLowerCase()}@example.org`,
  message: `Hello from ${name}`,
  status: 'sent',
  attempts: 1,
  last_error: null,
  created_at: `2026-03-0${id}T10:00:00Z`,
  sent_at: null,
  handled_by: null,
  handled_at: null,
  ...extra,
})

const itemOf = (name: string) => screen.getByRole('heading', { name }).closest('li') as HTMLElement
/** Presses a button as a keyboard user does: focused first. */
function press(button: HTMLElement) {
  button.focus()
  fireEvent.click(button)
}

let mock: MockApi
let realConfirm: typeof window.confirm
beforeEach(() => {
  realConfirm = window.confirm
  window.confirm = () => true
})
afterEach(() => {
  mock?.restore()
  window.confirm = realConfirm
})

test('deleting a message moves focus to the next one, after the last to the one before, and to the heading when none is left', async () => {
  resetAdmin('/messages')
  let left = [message(1, 'Ada'), message(2, 'Bo'), message(3, 'Cy')]
  const remove = (id: number) => () => {
    left = left.filter((m) => m.id !== id)
    return { body: { message: 'Message deleted.', id } }
  }
  mock = mockApi({
    'GET /api/admin/messages': () => ({ body: left }),
    'DELETE /api/admin/messages/1': remove(1),
    'DELETE /api/admin/messages/2': remove(2),
    'DELETE /api/admin/messages/3': remove(3),
  })
  render(<Messages />)
  await screen.findByText('Hello from Bo')
  const deleteOf = (name: string) => within(itemOf(name)).getByRole('button', { name: /^Delete/ })
  const [first] = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)
  const second = screen.getAllByRole('heading', { level: 3 })[1]!.textContent!
  const third = screen.getAllByRole('heading', { level: 3 })[2]!.textContent!
  press(deleteOf(second))
  await waitFor(() => expect(document.activeElement?.textContent).toBe(`Delete the message from ${third}`))
  press(deleteOf(third))
  await waitFor(() => expect(document.activeElement?.textContent).toBe(`Delete the message from ${first}`))
  press(deleteOf(first!))
  await screen.findByText('No messages yet.')
  await waitFor(() => expect(document.activeElement === screen.getByRole('heading', { level: 2, name: /^Messages/ })).toBe(true))
})

test('marking a message handled keeps focus on its button, which now says "Mark not handled"', async () => {
  resetAdmin('/messages')
  let handled = false
  mock = mockApi({
    'GET /api/admin/messages': () => ({ body: [message(1, 'Ada', handled ? { handled_by: 'sam', handled_at: '2026-03-02T09:00:00Z' } : {})] }),
    'PUT /api/admin/messages/1': () => {
      handled = true
      return { body: { message: 'Marked handled.', item: message(1, 'Ada') } }
    },
  })
  render(<Messages />)
  await screen.findByText('Hello from Ada')
  press(within(itemOf('Ada')).getByRole('button', { name: /^Mark handled/ }))
  await screen.findByRole('button', { name: /^Mark not handled/ })
  await waitFor(() => expect(document.activeElement === within(itemOf('Ada')).getByRole('button', { name: /^Mark not handled/ })).toBe(true))
})

test('"Clear filters" goes away once pressed: focus goes to the list’s heading', async () => {
  resetAdmin('/activity')
  mock = mockApi({ 'GET /api/admin/activity': { body: [] } })
  render(<Activity />)
  fireEvent.change(screen.getByLabelText('Member'), { target: { value: 'alex' } })
  press(await screen.findByRole('button', { name: 'Clear filters' }))
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Clear filters' }) === null).toBe(true))
  await waitFor(() => expect(document.activeElement === screen.getByRole('heading', { level: 2, name: 'Changes' })).toBe(true))
})

test('removing a member moves focus to the next member’s Remove; disabling one keeps it on the button, now "Enable"', async () => {
  resetAdmin('/staff')
  const member = (username: string, role: string, disabled = false) => ({
    username,
    role,
    disabled,
    created_at: 'x',
    last_login_at: null,
    must_change_password: false,
  })
  let members = [member('admin', 'owner'), member('sam', 'editor'), member('tom', 'editor')]
  mock = mockApi({
    'GET /api/admin/staff': () => ({ body: members }),
    'DELETE /api/admin/staff/sam': () => {
      members = members.filter((m) => m.username !== 'sam')
      return { body: { message: 'Removed.' } }
    },
    'PUT /api/admin/staff/tom': () => {
      members = members.map((m) => (m.username === 'tom' ? { ...m, disabled: true } : m))
      return { body: { message: 'Changed.', member: members.at(-1) } }
    },
  })
  render(<StaffMembers />)
  await screen.findByText('tom', { selector: '.admin-row__title' })
  const rowOf = (name: string) => document.querySelector(`[data-username="${name}"]`) as HTMLElement
  press(within(rowOf('sam')).getByRole('button', { name: 'Remove sam' }))
  await waitFor(() => expect(document.querySelector('[data-username="sam"]') === null).toBe(true))
  await waitFor(() => expect(document.activeElement === within(rowOf('tom')).getByRole('button', { name: 'Remove tom' })).toBe(true))
  press(within(rowOf('tom')).getByRole('button', { name: 'Disable tom' }))
  await within(rowOf('tom')).findByRole('button', { name: 'Enable tom' })
  await waitFor(() => expect(document.activeElement === within(rowOf('tom')).getByRole('button', { name: 'Enable tom' })).toBe(true))
})

test('making a member an owner keeps focus on the button, now "Make editor", and the only owner’s row gains its actions', async () => {
  resetAdmin('/staff')
  const member = (username: string, role: string) => ({ username, role, disabled: false, created_at: 'x', last_login_at: null, must_change_password: false })
  let members = [member('admin', 'owner'), member('sam', 'editor')]
  mock = mockApi({
    'GET /api/admin/staff': () => ({ body: members }),
    'PUT /api/admin/staff/sam': () => {
      members = members.map((m) => (m.username === 'sam' ? { ...m, role: 'owner' } : m))
      return { body: { message: 'Changed.', member: members.at(-1) } }
    },
  })
  render(<StaffMembers />)
  await screen.findByText('sam', { selector: '.admin-row__title' })
  const rowOf = (name: string) => document.querySelector(`[data-username="${name}"]`) as HTMLElement
  press(within(rowOf('sam')).getByRole('button', { name: 'Make owner — sam' }))
  await within(rowOf('admin')).findByRole('button', { name: 'Remove admin' })
  await waitFor(() => expect(document.activeElement === within(rowOf('sam')).getByRole('button', { name: 'Make editor — sam' })).toBe(true))
})
