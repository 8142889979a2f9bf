/** The field-by-field merge of an edit that meets a newer record: only fields changed on both sides to different values are asked about. */
import { expect, test } from 'bun:test'
import { sameValue, threeWayMerge } from '../src/shared/rules/three-way-merge'

const base = { name: 'Castle', url: 'https://castle.example', description: 'Old walls.' }

test('a field changed on one side only takes that side’s value, and the other side’s untouched fields stay', () => {
  const mine = { ...base, description: 'Old walls and a moat.' }
  const theirs = { ...base, url: 'https://castle.example/visit' }
  expect(threeWayMerge(base, mine, theirs)).toEqual({
    merged: { name: 'Castle', url: 'https://castle.example/visit', description: 'Old walls and a moat.' },
    conflicts: [],
  })
})

test('only my side changed: my values win; only theirs changed: theirs stay', () => {
  const mine = { ...base, name: 'The Castle' }
  expect(threeWayMerge(base, mine, base)).toEqual({ merged: mine, conflicts: [] })
  expect(threeWayMerge(base, base, mine)).toEqual({ merged: mine, conflicts: [] })
})

test('the same field changed on both sides to different values is a conflict, the server’s value kept until someone chooses', () => {
  const mine = { ...base, description: 'Mine.', name: 'The Castle' }
  const theirs = { ...base, description: 'Theirs.' }
  const result = threeWayMerge(base, mine, theirs)
  expect(result.conflicts).toEqual(['description'])
  expect(result.merged).toEqual({ ...base, name: 'The Castle', description: 'Theirs.' })
})

test('the same field changed on both sides to the same value is no conflict', () => {
  const both = { ...base, url: 'https://castle.example/new' }
  expect(threeWayMerge(base, both, { ...both })).toEqual({ merged: both, conflicts: [] })
})

test('values are compared, not spellings: a number sent as text, an empty text and a missing value, surrounding spaces', () => {
  expect(threeWayMerge({ n: 3, alt: null }, { n: '3', alt: '' }, { n: 4, alt: undefined })).toEqual({ merged: { n: 4, alt: undefined }, conflicts: [] })
  expect(threeWayMerge(base, { ...base, name: ' Castle ' }, { ...base, name: 'Fort' }).conflicts).toEqual([])
  expect(sameValue('x', 1, '1')).toBe(true)
  expect(sameValue('x', 'a', 'b')).toBe(false)
})

test('a field-specific equality decides (the same instant spelt two ways)', () => {
  const same = (field: string, a: unknown, b: unknown) => (field === 'start' ? Date.parse(String(a)) === Date.parse(String(b)) : sameValue(field, a, b))
  const start = { start: '2026-12-12T20:00:00.000Z' }
  expect(threeWayMerge(start, { start: '2026-12-12T20:00:00Z' }, { start: '2026-12-12T21:00:00.000Z' }, same)).toEqual({
    merged: { start: '2026-12-12T21:00:00.000Z' },
    conflicts: [],
  })
})

test('a field my edit leaves out (a picture not replaced) is untouched by it', () => {
  const theirs = { ...base, image: 'new.jpg' }
  expect(threeWayMerge({ ...base, image: 'old.jpg' }, { description: 'New words.' }, theirs)).toEqual({
    merged: { ...theirs, description: 'New words.' },
    conflicts: [],
  })
})

test('both sides changed different fields: both changes are kept', () => {
  const mine = { ...base, name: 'The Castle', description: 'New words.' }
  const theirs = { ...base, url: 'https://castle.example/visit' }
  expect(threeWayMerge(base, mine, theirs)).toEqual({
    merged: { name: 'The Castle', url: 'https://castle.example/visit', description: 'New words.' },
    conflicts: [],
  })
})

test('my edit meets their deletion: a clash naming the fields I changed; an untouched record simply stays deleted', () => {
  expect(threeWayMerge(base, { ...base, description: 'New words.' }, null)).toEqual({
    merged: { ...base, description: 'New words.' },
    conflicts: ['description'],
    deletedBy: 'theirs',
  })
  expect(threeWayMerge(base, { ...base }, null)).toEqual({ merged: null, conflicts: [] })
})

test('my deletion meets their edit: a clash naming the fields they changed; a deletion of an untouched record wins', () => {
  expect(threeWayMerge(base, null, { ...base, url: 'https://castle.example/visit' })).toEqual({
    merged: { ...base, url: 'https://castle.example/visit' },
    conflicts: ['url'],
    deletedBy: 'mine',
  })
  expect(threeWayMerge(base, null, { ...base })).toEqual({ merged: null, conflicts: [] })
  expect(threeWayMerge(base, null, null)).toEqual({ merged: null, conflicts: [] })
})

test('a group of named values (a page’s words, an address) changed on both sides merges name by name', () => {
  const start = { title: 'Stay', words: { bookingHeading: 'Book your room', bookingText: 'Call us on', eyebrow: 'Our rooms' } }
  // One member changed the heading; this edit, queued after it, carries that heading and a new text.
  const theirs = { ...start, words: { ...start.words, bookingHeading: 'Reserve' } }
  const mine = { ...start, words: { ...start.words, bookingHeading: 'Reserve', bookingText: 'Ring us on' } }
  expect(threeWayMerge(start, mine, theirs)).toEqual({
    merged: { title: 'Stay', words: { bookingHeading: 'Reserve', bookingText: 'Ring us on', eyebrow: 'Our rooms' } },
    conflicts: [],
  })
  // Different words on each side: both kept.
  const other = { ...start, words: { ...start.words, eyebrow: 'Rooms' } }
  expect(threeWayMerge(start, mine, other).merged).toEqual({ title: 'Stay', words: { bookingHeading: 'Reserve', bookingText: 'Ring us on', eyebrow: 'Rooms' } })
  // One word changed on both sides to different values: the group is the conflict.
  const clash = { ...start, words: { ...start.words, bookingText: 'Phone' } }
  expect(threeWayMerge(start, mine, clash).conflicts).toEqual(['words'])
  // Lists stay whole: an item's place is part of its value.
  expect(threeWayMerge({ items: ['a', 'b'] }, { items: ['a', 'c'] }, { items: ['x', 'b'] }).conflicts).toEqual(['items'])
})
