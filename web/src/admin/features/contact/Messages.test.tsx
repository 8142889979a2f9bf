import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { render, screen } from '@testing-library/react'
import { Messages } from './Messages'
import { mockApi, resetAdmin, type MockApi } from '../../../../test/admin-helpers'

const message = (id: number, name: string, created_at: string, status: string, extra: Record<string, unknown> = {}) => ({
  id,
  name,
  phone: '01632 960 000',
  email: `${name.toLowerCase()}@example.org`,
  message: `Hello from ${name}`,
  status,
  attempts: 1,
  last_error: null,
  created_at,
  sent_at: null,
  ...extra,
})

let mock: MockApi
beforeEach(() => resetAdmin('/messages'))
afterEach(() => mock?.restore())

describe('Messages', () => {
  test('newest first, each with its delivery state', async () => {
    mock = mockApi({
      'GET /api/admin/messages': {
        body: [
          message(1, 'Ada', '2026-03-01T10:00:00Z', 'sent', { sent_at: '2026-03-01T10:00:05Z' }),
          message(3, 'Cy', '2026-03-03T10:00:00Z', 'failed', { attempts: 3, last_error: 'Connection refused' }),
          message(2, 'Bo', '2026-03-02T10:00:00Z', 'stored'),
        ],
      },
    })
    render(<Messages />)
    await screen.findByText('Hello from Ada')
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Cy', 'Bo', 'Ada'])
    expect(screen.getByText('Email failed, will retry (3 attempts)')).toBeTruthy()
    expect(screen.getByText('Last error: Connection refused')).toBeTruthy()
    expect(screen.getByText('Stored (email is off)')).toBeTruthy()
    expect(screen.getByText(/^Emailed /)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'ada@example.org' }).getAttribute('href')).toBe('mailto:ada@example.org')
  })

  test('an empty list says so', async () => {
    mock = mockApi({ 'GET /api/admin/messages': { body: [] } })
    render(<Messages />)
    expect(await screen.findByText('No messages yet.')).toBeTruthy()
  })
})
