import { afterEach, beforeEach, expect, test } from 'bun:test'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { OWNER_ONLY_MESSAGE } from '../../../../../api/src/shared/rules/staff-roles'
import { mockApi, resetAdmin, type MockApi } from '../../../../test/admin-helpers'
import { formatReceived } from '../../time'
import { Activity, whenText } from './Activity'
import { ACTIVITY_PAGE } from './store'

let mock: MockApi
beforeEach(() => resetAdmin('/activity'))
afterEach(() => mock?.restore())

const entry = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  at: '2026-11-23T12:00:00Z',
  device_at: null,
  device_time_believable: true,
  username: 'sam',
  attempted_username: null,
  kind: 'event',
  action: 'update',
  record_id: '4',
  summary: `Change ${id}`,
  changes: null,
  ...extra,
})

test('newest first with who, what and when; edits show before → after; a page at a time', async () => {
  const first = Array.from({ length: ACTIVITY_PAGE }, (_, i) => entry(200 - i))
  first[0] = entry(200, {
    summary: 'Edited the event "Quiz night"',
    changes: [{ field: 'title', before: 'Quiz', after: 'Quiz night' }],
    device_at: '2026-11-23T09:30:00Z',
  })
  mock = mockApi({
    'GET /api/admin/activity': (request) => ({ body: request.search.includes('before=') ? [entry(10, { summary: 'The oldest change' })] : first }),
  })
  render(<Activity />)
  expect(await screen.findByText('Edited the event "Quiz night"')).toBeTruthy()
  expect(screen.getByText('title')).toBeTruthy()
  expect(screen.getByText(/Quiz → Quiz night/)).toBeTruthy()
  expect(
    screen.getByText(`${formatReceived('2026-11-23T09:30:00Z')} on the device · reached the server ${formatReceived('2026-11-23T12:00:00Z')}`),
  ).toBeTruthy()
  fireEvent.click(screen.getByRole('button', { name: 'Load older entries' }))
  expect(await screen.findByText('The oldest change')).toBeTruthy()
  expect(screen.queryByRole('button', { name: 'Load older entries' })).toBeNull()
  expect(mock.requests.map((r) => r.search)).toEqual([`?limit=${ACTIVITY_PAGE}`, `?limit=${ACTIVITY_PAGE}&before=${200 - ACTIVITY_PAGE + 1}`])
})

test('an editor who opens it reads why it is empty', async () => {
  mock = mockApi({ 'GET /api/admin/activity': { status: 403, body: { error: OWNER_ONLY_MESSAGE } } })
  render(<Activity />)
  expect(await screen.findByText('Only an owner can see the activity trail. Ask an owner if you need a change here.')).toBeTruthy()
})

test('offline: says it needs the server', async () => {
  mock = mockApi({ 'GET /api/admin/activity': 'network' })
  render(<Activity />)
  await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/^The activity trail can only be seen with a connection to the server/))
})

test('whenText: one time when the device and the server agree', () => {
  expect(whenText({ at: '2026-11-23T12:00:00Z', device_at: null, device_time_believable: true })).toBe(formatReceived('2026-11-23T12:00:00Z'))
  expect(whenText({ at: '2026-11-23T12:00:10Z', device_at: '2026-11-23T12:00:05Z', device_time_believable: true })).toBe(formatReceived('2026-11-23T12:00:10Z'))
})

test('a device time the server did not believe is shown as the device’s claim, in words, beside when the change arrived', async () => {
  mock = mockApi({
    'GET /api/admin/activity': {
      body: [entry(1, { summary: 'Edited the event "Quiz night"', device_at: '2001-01-01T09:00:00Z', device_time_believable: false })],
    },
  })
  render(<Activity />)
  await screen.findByText('Edited the event "Quiz night"')
  const when = screen.getByText(`${formatReceived('2026-11-23T12:00:00Z')} · the device's time (${formatReceived('2001-01-01T09:00:00Z')}) is not believable`)
  expect(when.getAttribute('datetime')).toBe('2026-11-23T12:00:00Z')
})

test('a failed login shows the username tried, quoted and cleaned, never as a member', async () => {
  mock = mockApi({
    'GET /api/admin/activity': {
      body: [
        entry(1, {
          kind: 'login',
          action: 'failed',
          username: '',
          attempted_username: 'admin\u200b\u202E',
          summary: 'Failed login from 10.0.0.1: unknown username\u202E',
        }),
      ],
    },
  })
  render(<Activity />)
  expect(await screen.findByText('Failed login from 10.0.0.1: unknown username')).toBeTruthy()
  const who = screen.getByText('tried as “admin”')
  expect(who.tagName).not.toBe('STRONG')
  expect(document.querySelector('.activity-entry__meta strong')).toBeNull()
})

test('filtered by kind: the first page again, for that kind', async () => {
  mock = mockApi({ 'GET /api/admin/activity': (request) => ({ body: [entry(1, { summary: `Entries for ${request.search}` })] }) })
  render(<Activity />)
  await screen.findByText(`Entries for ?limit=${ACTIVITY_PAGE}`)
  fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'staff' } })
  expect(await screen.findByText(`Entries for ?limit=${ACTIVITY_PAGE}&kind=staff`)).toBeTruthy()
})

test('filtered by member and by date: the first page again, with every filter set', async () => {
  mock = mockApi({
    'GET /api/admin/activity': (request) => ({ body: request.search.includes('to=') ? [] : [entry(1, { summary: `Entries for ${request.search}` })] }),
  })
  render(<Activity />)
  await screen.findByText(`Entries for ?limit=${ACTIVITY_PAGE}`)
  fireEvent.change(screen.getByLabelText('Member'), { target: { value: ' alex ' } })
  expect(await screen.findByText(`Entries for ?limit=${ACTIVITY_PAGE}&member=alex`)).toBeTruthy()
  fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'event' } })
  fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } })
  expect(await screen.findByText(`Entries for ?limit=${ACTIVITY_PAGE}&member=alex&kind=event&from=2026-11-01`)).toBeTruthy()
  fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-02' } })
  expect(await screen.findByText('Nothing matches these filters.')).toBeTruthy()
  expect(mock.requests.at(-1)?.search).toBe(`?limit=${ACTIVITY_PAGE}&member=alex&kind=event&from=2026-11-01&to=2026-11-02`)
  fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }))
  expect(await screen.findByText(`Entries for ?limit=${ACTIVITY_PAGE}`)).toBeTruthy()
  expect((screen.getByLabelText('Member') as HTMLInputElement).value).toBe('')
  expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull()
})

test('older entries keep the filters', async () => {
  const full = Array.from({ length: ACTIVITY_PAGE }, (_, i) => entry(100 - i))
  mock = mockApi({ 'GET /api/admin/activity': (request) => ({ body: request.search.includes('before=') ? [entry(5, { summary: 'Older for alex' })] : full }) })
  render(<Activity />)
  await screen.findByText('Change 100')
  fireEvent.change(screen.getByLabelText('Member'), { target: { value: 'alex' } })
  await screen.findByText('Change 100')
  fireEvent.click(await screen.findByRole('button', { name: 'Load older entries' }))
  expect(await screen.findByText('Older for alex')).toBeTruthy()
  expect(mock.requests.at(-1)?.search).toBe(`?limit=${ACTIVITY_PAGE}&member=alex&before=${100 - ACTIVITY_PAGE + 1}`)
})

/** Activity's filters say what they found in a polite live region that is there before they are used: the count, or that nothing matches. */
test('a filter announces how many changes match, or that nothing does, in the same status region', async () => {
  mock = mockApi({
    'GET /api/admin/activity': (request) => ({
      body: request.search.includes('member=nobody') ? [] : request.search.includes('member=sam') ? [entry(2)] : [entry(3), entry(2), entry(1)],
    }),
  })
  render(<Activity />)
  await screen.findByText('Change 3')
  const region = screen.getAllByRole('status').find((element) => element.closest('.admin-card'))!
  expect(region.getAttribute('role')).toBe('status')
  expect(region.textContent).toBe('')

  fireEvent.change(screen.getByLabelText('Member'), { target: { value: 'sam' } })
  await waitFor(() => expect(region.textContent).toBe('1 change matches these filters.'))
  expect(region.isConnected).toBe(true)

  fireEvent.change(screen.getByLabelText('Member'), { target: { value: 'nobody' } })
  await waitFor(() => expect(region.textContent).toBe('Nothing matches these filters.'))
  expect(region.isConnected).toBe(true)

  fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }))
  await waitFor(() => expect(region.textContent).toBe('Filters cleared: 3 changes shown.'))
  expect(region.isConnected).toBe(true)
})
