import { describe, expect, test } from 'bun:test'
import { queuedEvent } from './changes'

describe('queuedEvent', () => {
  test('trims, turns the venue-time start into UTC, an empty ticket link into null and the box into 0/1', () => {
    expect(queuedEvent({ title: '  Quiz night ', description: ' Teams of four \n', start: '2030-07-01T19:30', ticketUrl: '   ', contactToBook: true })).toEqual(
      {
        title: 'Quiz night',
        description: 'Teams of four',
        // July: the venue is on BST (UTC+1).
        start_datetime: '2030-07-01T18:30:00.000Z',
        ticket_url: null,
        contact_to_book: 1,
      },
    )
  })

  test('a start it cannot read is kept as typed; a ticket link is kept, trimmed', () => {
    expect(queuedEvent({ title: 'T', description: 'D', start: 'soon', ticketUrl: ' https://t.example/x ', contactToBook: false })).toEqual({
      title: 'T',
      description: 'D',
      start_datetime: 'soon',
      ticket_url: 'https://t.example/x',
      contact_to_book: 0,
    })
  })
})
