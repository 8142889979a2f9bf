import { afterEach, beforeEach, expect, test } from 'bun:test'
import { render, screen, waitFor } from '@testing-library/react'
import { mockApi, resetAdmin, type MockApi } from '../../../../test/admin-helpers'
import { Messages } from './Messages'

let mock: MockApi
beforeEach(() => resetAdmin('/messages'))
afterEach(() => mock?.restore())

test('server unreachable: says the messages need the server, and why', async () => {
  mock = mockApi({ 'GET /api/admin/messages': 'network' })
  render(<Messages />)
  await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/^The messages can only be seen with a connection to the server: /))
})

test('a server error: its reason is shown', async () => {
  mock = mockApi({ 'GET /api/admin/messages': { status: 500, body: { error: 'The database is busy.' } } })
  render(<Messages />)
  await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The messages could not be loaded: The database is busy.'))
})
