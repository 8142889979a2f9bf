import { afterEach, beforeEach, expect, test } from 'bun:test'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { renderAt, restoreFetch, stubFetch } from '../../../test/shell-helpers'
import { Login } from './Login'

beforeEach(() => localStorage.clear())
afterEach(() => restoreFetch())

test('a member whose password was set for them goes from the login straight to My account', async () => {
  stubFetch({ 'POST /api/admin/login': { token: 'tok-9', username: 'sam', role: 'editor', must_change_password: true, expires_at: '2030-01-01T00:00:00Z' } })
  const { location } = renderAt('/login', <Login />)
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'sam' } })
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'given-by-the-owner' } })
  fireEvent.submit(screen.getByRole('button', { name: 'Log in' }).closest('form')!)
  await waitFor(() => expect(location()).toBe('/account'))
  expect(localStorage.getItem('adminToken')).toBe('tok-9')
})
