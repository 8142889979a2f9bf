import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { render, screen, waitFor } from '@testing-library/react'
import { mockApi, resetAdmin, type MockApi } from '../../../../test/admin-helpers'
import { Messages, retentionText } from './Messages'

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

describe('the retention period in words', () => {
  test('the screen names the period the server is configured with (MESSAGE_RETENTION_DAYS)', async () => {
    mock = mockApi({
      'GET /api/admin/messages': { body: [] },
      'GET /api/admin/dashboard': {
        body: { message: 'Access granted!', username: 'admin', role: 'owner', must_change_password: false, message_retention_days: 90 },
      },
    })
    render(<Messages />)
    expect(await screen.findByText(/deleted automatically after 3 months\./)).toBeTruthy()
  })

  test('the configured number of days, in words', () => {
    expect(retentionText(365)).toBe('after 12 months')
    expect(retentionText(730)).toBe('after 2 years')
    expect(retentionText(90)).toBe('after 3 months')
    expect(retentionText(30)).toBe('after 1 month')
    expect(retentionText(45)).toBe('after 45 days')
    expect(retentionText(1)).toBe('after 1 day')
    expect(retentionText(undefined)).toContain('retention period')
  })
})
