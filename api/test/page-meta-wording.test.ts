/**
 * Link previews and search results quote these descriptions: they must read as written English for
 * any venue name, and a shortened one must never end in half a character.
 */
import { expect, test } from 'bun:test'
import { demoVenue } from '../src/config'
import { eventShareMeta, pageMetaFor } from '../src/shared/page-meta'

const PAGES = ['/', '/about', '/eat', '/drink', '/stay', '/events', '/around', '/contact', '/menu/menu1', '/menu/menu2']
const venues = [demoVenue, { ...demoVenue, barName: 'Stables', hotelName: 'The Larkdale' }]

test('no page description repeats a word ("The The Stables bar menu"), whatever the venue is called', () => {
  for (const venue of venues) {
    for (const path of PAGES) {
      const { description } = pageMetaFor(path, 'title', venue)
      expect({ path, repeated: description.match(/\b(\w+) \1\b/i)?.[0] ?? null }).toEqual({ path, repeated: null })
    }
  }
})

test('one picture, one description: pages sharing a hero picture give it the same alt text (the /about card said "Inside the bar, with the fire lit" for the hills at sunset)', () => {
  const altByImage = new Map<string, Set<string>>()
  for (const path of PAGES) {
    const { image, imageAlt } = pageMetaFor(path, 'title', demoVenue)
    altByImage.set(image, (altByImage.get(image) ?? new Set()).add(imageAlt))
  }
  const disagreeing = [...altByImage].filter(([, alts]) => alts.size > 1).map(([image, alts]) => `${image}: ${[...alts].join(' | ')}`)
  expect(disagreeing).toEqual([])
})

test('an event’s share card cuts a long description between characters, never inside an emoji (no lone surrogate in og:description)', () => {
  const events = pageMetaFor('/events', 'Events', demoVenue)
  const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
  for (let at = 195; at <= 200; at++) {
    const description = `${'a'.repeat(at)}${'🎻'.repeat(30)}`
    const meta = eventShareMeta(events, { id: 1, title: 'Folk night', description, image: null })
    expect([at, loneSurrogate.test(meta.description)]).toEqual([at, false])
    expect(meta.description.endsWith('…')).toBe(true)
    expect([...meta.description].length).toBeLessThanOrEqual(200)
  }
})
