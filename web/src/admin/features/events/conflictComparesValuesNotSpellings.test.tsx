/**
 * An event edit in conflict flags only the fields whose values differ: an untouched start, sent back
 * as the instant it was (UTC), is the same moment as the server's, and both sides show it one way.
 */
import { expect, test } from 'bun:test'
import { render, screen, within } from '@testing-library/react'
import type { OutboxEntry } from '../../../offline/outbox'
import { ConflictView } from '../../shell/ConflictView'
import { formatEventDate } from '../../../features/events/eventDisplay'
import '../registry'

const START = '2026-12-12T20:00:00.000Z'

function conflict(start: string): OutboxEntry {
  const fields = { id: '4', title: 'Folk night (offline)', description: 'Songs.', start_datetime: start, contactToBook: 'false', ticket_url: '', alt_text: '' }
  return {
    id: 'e1',
    channel: 'admin',
    method: 'POST',
    path: '/api/update-event',
    body: { kind: 'form', fields: Object.entries(fields).map(([name, value]) => ({ name, value })) },
    label: 'Edit event: Folk night (offline)',
    meta: { kind: 'event', op: 'update', id: 4 },
    state: 'conflict',
    attempts: 1,
    createdAt: 0,
    nextAttemptAt: 0,
    error: 'This event was changed by someone else.',
    serverVersion: {
      current: {
        id: 4,
        title: 'Folk night',
        description: 'Songs and tunes.',
        start_datetime: START,
        ticket_url: null,
        contact_to_book: 0,
        alt_text: null,
        image_url: null,
      },
    },
  } as unknown as OutboxEntry
}

const rowOf = (label: string) => screen.getAllByRole('row').find((row) => within(row).queryByRole('rowheader')?.textContent?.startsWith(label))!
const flagged = () =>
  screen
    .getAllByRole('rowheader')
    .filter((cell) => cell.textContent?.includes('(different)'))
    .map((cell) => cell.textContent)

test('the same start spelt as UTC on one side is not flagged, and both sides show it in the same words', () => {
  render(<ConflictView entry={conflict(START)} />)
  expect(flagged()).toEqual(['Title (different)', 'Description (different)'])
  const cells = within(rowOf('Start Date/Time'))
    .getAllByRole('cell')
    .map((cell) => cell.textContent)
  expect(cells).toEqual([formatEventDate(START), formatEventDate(START)])
})

test('a start moved to another moment is flagged, both sides in the same words', () => {
  render(<ConflictView entry={conflict('2026-12-12T21:30')} />)
  expect(flagged()).toContain('Start Date/Time (different)')
  const [mine, theirs] = within(rowOf('Start Date/Time'))
    .getAllByRole('cell')
    .map((cell) => cell.textContent)
  expect(mine).toBe(formatEventDate('2026-12-12T21:30:00.000Z'))
  expect(theirs).toBe(formatEventDate(START))
})
