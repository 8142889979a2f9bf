import { afterEach, describe, expect, test } from 'bun:test'
import { fireEvent, render, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import type { VenueEvent } from '../../api/types'
import { builtVenue as venue } from '../../lib/venue'
import { EventCard } from './EventCard'

const base: VenueEvent = {
  id: 3,
  title: 'Folk Music Evening',
  description: 'Fiddle, guitar and song by the fire.',
  start_datetime: '2026-12-05T20:00:00Z',
  image_url: '/files/0123456789abcdef0123456789abcdef.jpg',
  image_variants: [
    { url: '/files/0123456789abcdef0123456789abcdef-320.avif', type: 'image/avif', width: 320, height: 200 },
    { url: '/files/0123456789abcdef0123456789abcdef-320.webp', type: 'image/webp', width: 320, height: 200 },
  ],
  image_width: 1200,
  image_height: 750,
  ticket_url: 'https://tickets.example.org/folk',
  contact_to_book: 0,
  updated_at: '2026-11-01T10:00:00Z',
}

const realCreate = URL.createObjectURL
const realRevoke = URL.revokeObjectURL
const realClick = HTMLAnchorElement.prototype.click
afterEach(() => {
  URL.createObjectURL = realCreate
  URL.revokeObjectURL = realRevoke
  HTMLAnchorElement.prototype.click = realClick
})

describe('EventCard', () => {
  test('shows the title, London date, description, sized lazy image and a "Buy tickets" link in a new tab', () => {
    render(<EventCard event={base} />)
    expect(screen.getByRole('heading', { level: 3, name: 'Folk Music Evening' })).toBeTruthy()
    expect(screen.getByText(/^Saturday,? 5 December 2026,? (at )?8:00\s?pm$/i)).toBeTruthy()
    expect(document.querySelector('time')?.getAttribute('datetime')).toBe('2026-12-05T20:00:00.000Z')
    expect(screen.getByText('Fiddle, guitar and song by the fire.')).toBeTruthy()
    // Decorative: the heading beside it already says what it is, so a screen reader need not hear it twice.
    const img = document.querySelector<HTMLImageElement>('img.event-card__image')!
    expect(img.getAttribute('alt')).toBe('')
    expect(img.getAttribute('src')).toBe(base.image_url!)
    expect(img.getAttribute('width')).toBe('1200')
    expect(img.getAttribute('height')).toBe('750')
    expect(img.getAttribute('loading')).toBe('lazy')
    expect([...img.parentElement!.querySelectorAll('source')].map((s) => s.getAttribute('srcset'))).toEqual([
      '/files/0123456789abcdef0123456789abcdef-320.avif 320w',
      '/files/0123456789abcdef0123456789abcdef-320.webp 320w',
    ])
    const link = screen.getByRole('link', { name: /Buy tickets/ })
    expect(link.getAttribute('href')).toBe('https://tickets.example.org/folk')
    expect(link.getAttribute('target')).toBe('_blank')
    expect(link.getAttribute('rel')).toContain('noopener')
    expect(link.getAttribute('rel')).toContain('noreferrer')
    expect(screen.queryByText('Contact us to book this event.')).toBeNull()
    expect(screen.queryByText('No Ticket Required!')).toBeNull()
  })

  test('contact_to_book 1: "Contact us to book this event." and no ticket link, even with a ticket_url', () => {
    render(<EventCard event={{ ...base, contact_to_book: 1 }} />)
    expect(screen.getByText(/Contact us to book this event\./)).toBeTruthy()
    expect(screen.queryByRole('link', { name: /Buy tickets/ })).toBeNull()
    expect(screen.getByRole('link', { name: `Call ${venue.phone}` }).getAttribute('href')).toBe(`tel:${venue.phone.replace(/\s+/g, '')}`)
    expect(screen.queryByText('No Ticket Required!')).toBeNull()
  })

  test('no ticket and contact_to_book 0: "No Ticket Required!"', () => {
    render(<EventCard event={{ ...base, ticket_url: null }} />)
    expect(screen.getByText('No Ticket Required!')).toBeTruthy()
    expect(screen.queryByRole('link', { name: /Buy tickets/ })).toBeNull()
    expect(screen.queryByText(/Contact us to book/)).toBeNull()
  })

  test('fallbacks: Untitled Event, No description available., Image Not Available, Date not available (and no calendar)', () => {
    const empty = { id: 9, title: '', description: '', start_datetime: '', image_url: null, ticket_url: null, contact_to_book: 0 as const }
    render(<EventCard event={empty} />)
    expect(screen.getByRole('heading', { name: 'Untitled Event' })).toBeTruthy()
    expect(screen.getByText('No description available.')).toBeTruthy()
    expect(screen.getByRole('img', { name: 'Image Not Available' })).toBeTruthy()
    expect(screen.getByText('Date not available')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /Add to calendar/ })).toBeNull()
    expect(document.querySelector('script[type="application/ld+json"]')).toBeNull()
  })

  test('an unparseable date shows "Invalid Date"', () => {
    render(<EventCard event={{ ...base, start_datetime: 'the 32nd of Never' }} />)
    expect(screen.getByText('Invalid Date')).toBeTruthy()
  })

  test('an image that fails to load is replaced by "Image Not Available"', () => {
    render(<EventCard event={base} />)
    fireEvent.error(document.querySelector('img.event-card__image')!)
    expect(screen.getByRole('img', { name: 'Image Not Available' })).toBeTruthy()
    expect(document.querySelector('img.event-card__image')).toBeNull()
  })

  test('"Add to calendar" downloads an .ics built on the device from a Blob URL', async () => {
    const blobs: Blob[] = []
    const clicked: { href: string; download: string }[] = []
    URL.createObjectURL = ((blob: Blob) => {
      blobs.push(blob)
      return 'blob:http://localhost:3000/ics-1'
    }) as typeof URL.createObjectURL
    URL.revokeObjectURL = () => {}
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute('href')!, download: this.download })
    }
    render(<EventCard event={base} />)
    fireEvent.click(screen.getByRole('button', { name: `Add to calendar: ${base.title}` }))
    expect(clicked).toEqual([{ href: 'blob:http://localhost:3000/ics-1', download: 'folk-music-evening-2026-12-05.ics' }])
    expect(blobs[0]!.type).toContain('text/calendar')
    const text = await blobs[0]!.text()
    expect(text).toStartWith('BEGIN:VCALENDAR\r\n')
    expect(text).toContain('SUMMARY:Folk Music Evening\r\n')
    expect(text).toContain('DTSTART:20261205T200000Z\r\n')
    expect(text).toContain('DTEND:20261205T220000Z\r\n')
  })

  test('renders on the server (no window needed)', () => {
    const html = renderToString(<EventCard event={base} />)
    expect(html).toContain('Folk Music Evening')
    expect(html).toContain('Buy tickets')
  })
})
