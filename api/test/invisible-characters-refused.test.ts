// Names, addresses, notices, page words, events and attractions refuse characters nobody can see (NUL, line breaks in a
// one-line field, zero-width spaces, direction overrides), naming the field; emoji joined by U+200D
// and line breaks in a page's body stay. A lone surrogate (half of an emoji, "\ud800" in JSON) is no
// character at all: saved, it came back as JSON strict readers refuse and pages showed "�"; U+2028 and
// U+2029 break a one-line name across lines like a line break does. A whole emoji is welcome. A field named like an Object method is an unknown field.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { demoVenue } from '../src/config'
import { fileOf, jsonOf, makeImage, makeTestApp, type TestApp } from './helpers'

let t: TestApp
let owner: string
beforeAll(async () => {
  t = await makeTestApp({ seedDemo: true })
  owner = await t.token()
})
afterAll(() => t.close())

const venueNow = async () => (await jsonOf(await t.call('GET', '/api/admin/venue', { token: owner }))) as { venue: typeof demoVenue; updated_at: string }
const putVenue = async (change: Record<string, unknown>) => {
  const { venue, updated_at } = await venueNow()
  return t.call('PUT', '/api/admin/venue', { token: owner, json: { ...venue, ...change }, headers: { 'if-match': `"${updated_at}"` } })
}

describe('venue details', () => {
  for (const [what, hidden, code] of [
    ['NUL', '\u0000', 'U+0000'],
    ['a line break', '\n', 'U+000A'],
    ['a zero-width space', '\u200B', 'U+200B'],
    ['a right-to-left override', '\u202E', 'U+202E'],
    ['a lone high surrogate', '\uD800', 'U+D800'],
    ['a lone low surrogate', '\uDC00', 'U+DC00'],
    ['a line separator', '\u2028', 'U+2028'],
    ['a paragraph separator', '\u2029', 'U+2029'],
  ] as const)
    test(`a hotel name with ${what} is refused, naming the field and the character, and nothing changes`, async () => {
      const before = await venueNow()
      const res = await putVenue({ hotelName: `Larkdale${hidden}Hotel` })
      expect(res.status).toBe(400)
      expect((await jsonOf(res)).error).toStartWith(`Hotel name contains an invisible or control character (${code}`)
      expect((await venueNow()).venue).toEqual(before.venue)
    })

  test('a whole emoji (a surrogate pair) is kept', async () => {
    const res = await putVenue({ barName: 'The Stables 🐴' })
    expect(res.status).toBe(200)
    expect((await venueNow()).venue.barName).toBe('The Stables 🐴')
  })

  test('a field named toString or constructor is an unknown field, with the usual message', async () => {
    for (const key of ['toString', 'constructor', 'valueOf']) {
      const res = await putVenue({ [key]: { a: 1 } })
      expect(res.status).toBe(400)
      expect((await jsonOf(res)).error).toBe(`Unknown field '${key}': venue details have no such field.`)
    }
  })
})

test('a notice’s text or link words with a hidden character are refused; an emoji family is not', async () => {
  const notice = (text: string, link_text: string | null = null) => ({
    text,
    link: link_text ? 'https://example.org/' : null,
    link_text,
    venue: 'both',
    starts_at: '2026-12-01T09:00',
    ends_at: '2026-12-02T09:00',
  })
  const refused = await t.call('POST', '/api/admin/notices', { token: owner, json: notice('Closed\u202Etoday') })
  expect(refused.status).toBe(400)
  expect((await jsonOf(refused)).error).toStartWith('The notice contains an invisible or control character (U+202E')
  const words = await t.call('POST', '/api/admin/notices', { token: owner, json: notice('Open late', 'See\u0000more') })
  expect((await jsonOf(words)).error).toStartWith('The link’s words contain')
  expect((await t.call('POST', '/api/admin/notices', { token: owner, json: notice('Families welcome 👨‍👩‍👧‍👦') })).status).toBe(201)
})

test('page words: a title with a zero-width space is refused; a body keeps its line breaks', async () => {
  const all = (await jsonOf(await t.call('GET', '/api/admin/pages', { token: owner }))) as Record<string, unknown>[]
  const { page: _key, updated_at: _version, ...about } = all.find((p) => p.page === 'about')!
  const refused = await t.call('PUT', '/api/admin/pages/about', { token: owner, json: { ...about, title: 'About\u200Bus' } })
  expect(refused.status).toBe(400)
  expect((await jsonOf(refused)).error).toStartWith('title contains an invisible or control character (U+200B')
  const hiddenInBody = await t.call('PUT', '/api/admin/pages/about', { token: owner, json: { ...about, body: 'One.\n\nTwo\u2066.' } })
  expect((await jsonOf(hiddenInBody)).error).toStartWith('body contains an invisible or control character (U+2066')
  expect((await t.call('PUT', '/api/admin/pages/about', { token: owner, json: { ...about, body: 'One.\n\nTwo.' } })).status).toBe(200)
})

test('a page word with a lone surrogate is refused, naming the word', async () => {
  const all = (await jsonOf(await t.call('GET', '/api/admin/pages', { token: owner }))) as Record<string, unknown>[]
  const { page: _key, ...eat } = all.find((p) => p.page === 'eat')! as { page: string; words: Record<string, string> }
  const res = await t.call('PUT', '/api/admin/pages/eat', { token: owner, json: { ...eat, words: { ...eat.words, eyebrow: 'Breakfast \uD83D lunch' } } })
  expect(res.status).toBe(400)
  expect((await jsonOf(res)).error).toStartWith('words.eyebrow contains an invisible or control character (U+D83D')
})

describe('events and attractions, as visitors read them', () => {
  const dataUrl = async () => `data:image/png;base64,${Buffer.from(await makeImage('png', 64, 48, '#2a6')).toString('base64')}`
  const event = async (title: string, description: string) =>
    t.call('POST', '/api/upload-event', {
      token: owner,
      json: { title, description, startDatetime: '2027-03-01T19:30', image_base64: await dataUrl() },
    })
  const attraction = async (name: string, description: string) => {
    const form = new FormData()
    form.append('name', name)
    form.append('url', 'https://example.org/falls')
    form.append('description', description)
    form.append('image', fileOf(await makeImage('png', 120, 80, '#357'), 'falls.png'))
    return t.call('POST', '/api/upload-around', { token: owner, form })
  }
  const count = (table: 'events' | 'attractions') => (t.ctx.db.query(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n

  test('a title or description with a direction override or a zero-width space is refused, naming the field; line breaks in a description stay', async () => {
    const events = count('events')
    for (const [res, field] of [
      [await event('Quiz \u202Enight', 'Teams of four.'), 'The title'],
      [await event('Quiz night', 'Teams\u200B of four.'), 'The description'],
    ] as const) {
      expect(res.status).toBe(400)
      expect((await jsonOf(res)).error).toStartWith(`${field} contains an invisible or control character`)
    }
    expect(count('events')).toBe(events)
    expect((await event('Quiz night', 'Teams of four.\nPrizes for all.')).status).toBe(201)
  })

  test('an attraction’s name with a line break or NUL is refused; nothing is added', async () => {
    const places = count('attractions')
    for (const name of ['Aira\nForce', 'Aira\u0000Force']) {
      const res = await attraction(name, 'A waterfall.')
      expect(res.status).toBe(400)
      expect((await jsonOf(res)).error).toStartWith('The name contains an invisible or control character')
    }
    expect(count('attractions')).toBe(places)
  })
})
