/**
 * A page edit in conflict (Pending changes on /admin): staff choose between their version of a field and
 * the website's. When the two differ, the card must show them differing. Seen in a browser: two devices
 * changed the end of Stay's long first paragraph and the text of one room; the card showed "Your
 * version" and "On the website now" word for word the same (the text cut at 280 characters before the
 * difference, the rooms as their titles only), so there was nothing to choose between.
 */
import { describe, expect, test } from 'bun:test'
import type { OutboxEntry } from '../../adminApi'
import { pageConflictRows } from './changes'

const entry = { method: 'PUT', path: '/api/admin/pages/stay' } as OutboxEntry
const paragraph = 'The rooms look over the dale and the river. '.repeat(8)
const room = (text: string) => ({ title: 'Five double rooms', text, picture: null, pictureDescription: '', link: null })
const fields = { title: 'Stay with us', smallHeading: '', intro: '', picture: '/images/hero-stay.jpg', pictureDescription: 'A room', focalX: 50, focalY: 50 }

const rows = pageConflictRows(
  entry,
  { ...fields, focalX: '50', focalY: '50', body: `${paragraph}Ours changed the end.`, items: JSON.stringify([room('Rooms with a view')]) },
  { ...fields, body: `${paragraph}Theirs changed the end.`, items: [room('Rooms with a fire')] },
)!

describe('a page conflict card', () => {
  test('two long texts that differ only after their first 280 characters read differently', () => {
    const text = rows.find((row) => row.label === 'Text')!
    expect(text.differs).toBe(true)
    expect(text.mine).not.toBe(text.theirs)
  })

  test('two lists whose items differ only in their text read differently', () => {
    const items = rows.find((row) => row.label === 'Items')!
    expect(items.differs).toBe(true)
    expect(items.mine).not.toBe(items.theirs)
  })
})
