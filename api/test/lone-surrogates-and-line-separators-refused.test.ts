// A lone surrogate (half of an emoji, "\ud800" in JSON) is no character at all: saved, it came back as
// JSON strict readers refuse (jq: "Invalid \uXXXX\uXXXX surrogate pair escape") and pages showed "�".
// U+2028 and U+2029 break a one-line name across lines like a line break does. Both are refused,
// naming the field, like the other invisible characters; a whole emoji is still welcome.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { demoVenue } from '../src/config'
import { jsonOf, makeTestApp, type TestApp } from './helpers'

type StaffPage = { page: string; words: Record<string, string> } & Record<string, unknown>

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
    ['a lone high surrogate', '\uD800', 'U+D800'],
    ['a lone low surrogate', '\uDC00', 'U+DC00'],
    ['a line separator', '\u2028', 'U+2028'],
    ['a paragraph separator', '\u2029', 'U+2029'],
  ] as const)
    test(`a hotel name with ${what} is refused, naming the field, and nothing changes`, async () => {
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
})

test('a page word with a lone surrogate is refused, naming the word', async () => {
  const pages = (await jsonOf(await t.call('GET', '/api/admin/pages', { token: owner }))) as StaffPage[]
  const { page: _page, ...eat } = pages.find((row) => row.page === 'eat')!
  const res = await t.call('PUT', '/api/admin/pages/eat', { token: owner, json: { ...eat, words: { ...eat.words, eyebrow: 'Breakfast \uD83D lunch' } } })
  expect(res.status).toBe(400)
  expect((await jsonOf(res)).error).toStartWith('words.eyebrow contains an invisible or control character (U+D83D')
})
