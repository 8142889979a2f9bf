/** The login form marks the empty fields, and a refused login puts focus on its message. */
import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { renderAt, restoreFetch, stubFetch } from '../../../test/shell-helpers'
import { resetOutboxForTests } from '../../offline/outbox'
import { invalidLabels } from '../../../test/field-errors'
import { Login } from './Login'

beforeEach(() => localStorage.removeItem('adminToken'))
afterEach(() => {
  restoreFetch()
  resetOutboxForTests()
})

const form = () => screen.getByRole('button', { name: 'Log in' }).closest('form') as HTMLFormElement

describe('Login: errors tied to fields', () => {
  test('the fields the browser finds empty are marked aria-invalid, and lose the mark once typed in', async () => {
    renderAt('/login', <Login />)
    // What the browser does on submit with required fields left empty: an invalid event on each.
    act(() => {
      form().reportValidity()
    })
    expect(invalidLabels(form())).toEqual(['Username', 'Password'])
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'admin' } })
    expect(invalidLabels(form())).toEqual(['Password'])
  })

  test("a refused login: 'Login failed. Please try again.' gets focus, no field is marked", async () => {
    stubFetch({ 'POST /api/admin/login': () => new Response('{}', { status: 500 }) })
    renderAt('/login', <Login />)
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'admin' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } })
    fireEvent.submit(form())
    await screen.findByText('Login failed. Please try again.')
    expect(invalidLabels(form())).toEqual([])
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Login failed. Please try again.'))
  })
})
