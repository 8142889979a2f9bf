import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { useOutbox } from '../../../offline/outbox'
import { mockApi, resetAdmin, type MockApi } from '../../../../test/admin-helpers'
import type { OutboxEntry } from '../../adminApi'
import { noticeConflictRows } from './changes'
import { ManageNotices } from './ManageNotices'

const notice = (id: number, text: string, starts_at: string, ends_at: string) => ({
  id,
  text,
  link: null,
  link_text: null,
  venue: 'both',
  starts_at,
  ends_at,
  updated_at: `2026-01-0${id}T00:00:00.000Z`,
})
const CURRENT = notice(1, 'The kitchen is closed today.', '2020-01-01T00:00:00.000Z', '2099-01-01T00:00:00.000Z')
const UPCOMING = notice(2, 'Closed for refurbishment.', '2098-01-06T00:00:00.000Z', '2098-01-20T00:00:00.000Z')
const PAST = notice(3, 'Snow: the lane is closed.', '2020-01-01T00:00:00.000Z', '2020-01-02T00:00:00.000Z')

let mock: MockApi
beforeEach(() => {
  resetAdmin('/manageNotices')
  window.confirm = () => true
})
afterEach(() => mock?.restore())

const section = (name: string) => screen.getByRole('region', { name })
const form = () => within(section('Add a notice'))

function fill(values: Record<string, string>) {
  const f = form()
  const labels: Record<string, string> = {
    text: 'Notice',
    link: 'Link (optional)',
    link_text: 'Link words',
    venue: 'Venue',
    starts_at: 'Starts (venue time)',
    ends_at: 'Ends (venue time)',
  }
  for (const [field, value] of Object.entries(values)) fireEvent.change(f.getByLabelText(labels[field]!), { target: { value } })
}

const GOOD = { text: 'Quiz night moved to the barn.', venue: 'stables', starts_at: '2030-06-01T10:00', ends_at: '2030-06-01T23:00' }

describe('Notices for Visitors', () => {
  test('lists the notices showing now, upcoming and past, each in its own section', async () => {
    mock = mockApi({ 'GET /api/admin/notices': { body: [PAST, CURRENT, UPCOMING] } })
    render(<ManageNotices />)
    expect(await within(await screen.findByRole('region', { name: 'Showing now' })).findByText(CURRENT.text)).toBeTruthy()
    expect(within(section('Upcoming')).getByText(UPCOMING.text)).toBeTruthy()
    expect(within(section('Past')).getByText(PAST.text)).toBeTruthy()
    expect(within(section('Upcoming')).getByText(/Both venues · Mon 6 Jan 2098, 12:00 am to Mon 20 Jan 2098/)).toBeTruthy()
  })

  test('the form refuses a javascript: link, a link without words and an end before the start, sending nothing', async () => {
    mock = mockApi({ 'GET /api/admin/notices': { body: [] } })
    render(<ManageNotices />)
    await screen.findByText('No notice is showing now.')
    const submit = () => fireEvent.click(form().getByRole('button', { name: 'Add notice' }))
    submit()
    expect(await form().findByText('Please write the notice and give its start and end.')).toBeTruthy()
    fill({ ...GOOD, link: 'javascript:alert(1)', link_text: 'Click' })
    submit()
    expect(await form().findByText(/The link “javascript:alert\(1\)” starts with “javascript:”, which is not allowed/)).toBeTruthy()
    fill({ link: 'https://example.com', link_text: '' })
    submit()
    expect(await form().findByText(/Say in a few words where the link leads/)).toBeTruthy()
    fill({ link: '', starts_at: '2030-06-02T10:00', ends_at: '2030-06-01T10:00' })
    submit()
    expect(await form().findByText('The end must be after the start.')).toBeTruthy()
    expect(mock.changes()).toHaveLength(0)
  })

  test('adding sends the notice with its times as instants, says so and empties the form', async () => {
    mock = mockApi({
      'GET /api/admin/notices': { body: [] },
      'POST /api/admin/notices': (request) => ({
        status: 201,
        body: { message: 'Notice saved.', notice: { ...(request.body as object), id: 9, updated_at: 'v1' } },
      }),
    })
    render(<ManageNotices />)
    await screen.findByText('No notice is showing now.')
    fill({ ...GOOD, link: '/events', link_text: 'See the events' })
    fireEvent.click(form().getByRole('button', { name: 'Add notice' }))
    expect(await form().findByText('Notice saved.')).toBeTruthy()
    const sent = mock.changes()[0]!
    expect(`${sent.method} ${sent.path}`).toBe('POST /api/admin/notices')
    expect(sent.body).toEqual({
      text: GOOD.text,
      link: '/events',
      link_text: 'See the events',
      venue: 'stables',
      starts_at: '2030-06-01T09:00:00.000Z',
      ends_at: '2030-06-01T22:00:00.000Z',
    })
    expect(sent.headers['idempotency-key']).toBeTruthy()
    expect((form().getByLabelText('Notice') as HTMLTextAreaElement).value).toBe('')
  })

  test('a refusal shows the server’s reason and keeps what was typed', async () => {
    mock = mockApi({
      'GET /api/admin/notices': { body: [] },
      'POST /api/admin/notices': { status: 400, body: { error: 'The notice must be at most 280 characters (it has 300).' } },
    })
    render(<ManageNotices />)
    await screen.findByText('No notice is showing now.')
    fill(GOOD)
    fireEvent.click(form().getByRole('button', { name: 'Add notice' }))
    expect(await form().findByText('The notice must be at most 280 characters (it has 300).')).toBeTruthy()
    expect((form().getByLabelText('Notice') as HTMLTextAreaElement).value).toBe(GOOD.text)
  })

  test('without the server the notice waits on the device and the list shows it with its badge', async () => {
    mock = mockApi({ 'GET /api/admin/notices': { body: [] }, 'POST /api/admin/notices': 'network' })
    render(<ManageNotices />)
    await screen.findByText('No notice is showing now.')
    fill(GOOD)
    fireEvent.click(form().getByRole('button', { name: 'Add notice' }))
    expect(await screen.findByText('Saved on this device — will sync when you’re back online')).toBeTruthy()
    expect(useOutbox.getState().entries.map((e) => [e.method, e.path, e.state])).toEqual([['POST', '/api/admin/notices', 'waiting']])
    const row = await within(section('Upcoming')).findByText(GOOD.text, { selector: '.admin-row__title' })
    expect(row.textContent).toContain('New waiting to sync')
  })

  test('editing fills the form from the row and sends the version it started from', async () => {
    mock = mockApi({
      'GET /api/admin/notices': { body: [UPCOMING] },
      'PUT /api/admin/notices/2': (request) => ({ body: { message: 'Notice saved.', notice: { ...UPCOMING, ...(request.body as object), updated_at: 'v2' } } }),
    })
    render(<ManageNotices />)
    fireEvent.click(await screen.findByRole('button', { name: 'Edit the notice “Closed for refurbishment.”' }))
    const edit = within(section('Edit the notice'))
    expect((edit.getByLabelText('Starts (venue time)') as HTMLInputElement).value).toBe('2098-01-06T00:00')
    fireEvent.change(edit.getByLabelText('Notice'), { target: { value: 'Closed for refurbishment 6–20 January.' } })
    fireEvent.click(edit.getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(mock.changes()).toHaveLength(1))
    const sent = mock.changes()[0]!
    expect(`${sent.method} ${sent.path}`).toBe('PUT /api/admin/notices/2')
    expect(sent.headers['if-match']).toBe(`"${UPCOMING.updated_at}"`)
    expect((sent.body as { text: string }).text).toBe('Closed for refurbishment 6–20 January.')
  })
})

describe('a notice edited elsewhere meanwhile', () => {
  test('the conflict view names each field in staff’s words and compares the times as instants', () => {
    const entry = { method: 'PUT', path: '/api/admin/notices/2' } as OutboxEntry
    const mine = {
      text: 'Closed 6–20 January.',
      link: 'null',
      link_text: 'null',
      venue: 'hotel',
      starts_at: '2098-01-06T00:00:00.000Z',
      ends_at: '2098-01-21T00:00:00.000Z',
    }
    const rows = noticeConflictRows(entry, mine, { ...UPCOMING, starts_at: '2098-01-06T00:00:00Z' })!
    expect(rows.map((row) => row.label)).toEqual(['Text', 'Link', 'Link words', 'Venue', 'Starts', 'Ends'])
    const byLabel = Object.fromEntries(rows.map((row) => [row.label, row]))
    expect(byLabel.Starts).toMatchObject({ mine: 'Mon 6 Jan 2098, 12:00 am', differs: false })
    expect(byLabel.Ends!.differs).toBe(true)
    expect(byLabel.Venue).toMatchObject({ mine: 'The hotel', theirs: 'Both venues' })
    expect(byLabel.Link).toMatchObject({ mine: '—', theirs: '—' })
  })
})
