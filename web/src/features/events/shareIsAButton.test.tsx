/** "Share" on an event card acts (share sheet, copy) rather than going anywhere, so it is a button, not a link. */
import { expect, test } from 'bun:test'
import { render, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import type { VenueEvent } from '../../api/types'
import { EventCard } from './EventCard'

const event = {
  id: 7,
  title: 'Quiz Night',
  description: 'Eight rounds by the fire.',
  start_datetime: '2026-12-05T20:00:00Z',
  image_url: null,
  image_variants: [],
  image_width: null,
  image_height: null,
  ticket_url: null,
  contact_to_book: 0,
  updated_at: '2026-11-01T10:00:00Z',
} as unknown as VenueEvent

test('Share is a button in the server markup and on the page; no link on the card is named Share', () => {
  expect(renderToString(<EventCard event={event} />)).toMatch(/<button type="button" class="[^"]*event-card__share"/)
  render(<EventCard event={event} />)
  expect(screen.getByRole('button', { name: /^Share ?: Quiz Night$/ }).tagName).toBe('BUTTON')
  expect(screen.queryByRole('link', { name: /Share/ })).toBeNull()
})
