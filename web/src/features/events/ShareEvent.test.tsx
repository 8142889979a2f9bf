import { afterEach, describe, expect, test } from 'bun:test'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import type { VenueEvent } from '../../api/types'
import { EventCard } from './EventCard'

const event: VenueEvent = {
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

const nav = navigator as Navigator & { share?: unknown; clipboard?: unknown }
const realShare = Object.getOwnPropertyDescriptor(nav, 'share')
const realClipboard = Object.getOwnPropertyDescriptor(nav, 'clipboard')
function stub(name: 'share' | 'clipboard', value: unknown) {
  Object.defineProperty(nav, name, { value, configurable: true, writable: true })
}
afterEach(() => {
  for (const [name, real] of [
    ['share', realShare],
    ['clipboard', realClipboard],
  ] as const) {
    if (real) Object.defineProperty(nav, name, real)
    else delete (nav as unknown as Record<string, unknown>)[name]
  }
  window.history.replaceState(null, '', '/')
})

const SHARE_URL = 'http://localhost:3000/events?event=7'

describe("an event card's Share button", () => {
  test('opens the phone’s share sheet where there is one', async () => {
    const shared: unknown[] = []
    stub('share', async (data: unknown) => void shared.push(data))
    render(<EventCard event={event} />)
    fireEvent.click(screen.getByRole('button', { name: 'Share: Quiz Night' }))
    await waitFor(() => expect(shared).toEqual([{ title: 'Quiz Night', text: 'Eight rounds by the fire.', url: SHARE_URL }]))
  })

  test('copies the link elsewhere and says so; says what to copy when the clipboard refuses', async () => {
    const copied: string[] = []
    stub('share', undefined)
    stub('clipboard', { writeText: async (text: string) => void copied.push(text) })
    render(<EventCard event={event} />)
    fireEvent.click(screen.getByRole('button', { name: 'Share: Quiz Night' }))
    expect(await screen.findByText('Link copied')).toBeTruthy()
    expect(copied).toEqual([SHARE_URL])

    stub('clipboard', {
      writeText: async () => {
        throw new Error('denied')
      },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Share: Quiz Night' }))
    expect(await screen.findByText(`Copy this link: ${SHARE_URL}`)).toBeTruthy()
  })

  test('the shared event is highlighted and scrolled to when the page opens at its share address', async () => {
    const scrolled: Element[] = []
    const realScroll = Element.prototype.scrollIntoView
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this)
    }
    try {
      window.history.replaceState(null, '', '/events?event=7')
      const { container } = render(<EventCard event={event} />)
      const card = container.querySelector('article')!
      await waitFor(() => expect(card.classList.contains('event-card--shared')).toBe(true))
      expect(scrolled).toEqual([card])
      expect(card.id).toBe('event-7')

      window.history.replaceState(null, '', '/events?event=8')
      const other = render(<EventCard event={{ ...event }} />)
      await act(async () => {})
      expect(other.container.querySelector('article')!.classList.contains('event-card--shared')).toBe(false)
    } finally {
      Element.prototype.scrollIntoView = realScroll
    }
  })
})

/** "Share" on an event card acts (share sheet, copy) rather than going anywhere, so it is a button, not a link. */
test('Share is a button in the server markup and on the page; no link on the card is named Share', () => {
  expect(renderToString(<EventCard event={event} />)).toMatch(/<button type="button" class="[^"]*event-card__share"/)
  render(<EventCard event={event} />)
  expect(screen.getByRole('button', { name: 'Share: Quiz Night' }).tagName).toBe('BUTTON')
  expect(screen.queryByRole('link', { name: /Share/ })).toBeNull()
})
