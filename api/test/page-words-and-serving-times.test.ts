// A page's short words (section headings, the line above a text, buttons) and the cafe's and bar's serving
// times: seeded from the demo, changed by staff like the rest of the page, refused with a reason, kept across an upgrade.
import { Database } from 'bun:sqlite'
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { jsonOf, makeTestApp, type TestApp } from './helpers'

let t: TestApp
let owner: string
beforeAll(async () => {
  t = await makeTestApp({ seedDemo: true })
  owner = await t.token()
})
afterAll(() => t.close())

const staffPage = async (page: string) => ((await jsonOf(await t.call('GET', '/api/admin/pages', { token: owner }))) as any[]).find((p) => p.page === page)
const editable = async (page: string) => {
  const { page: _key, updated_at: _version, ...fields } = await staffPage(page)
  return fields
}
const put = (page: string, json: unknown) => t.call('PUT', `/api/admin/pages/${page}`, { token: owner, json })

async function refusedWith(page: string, changes: Record<string, unknown>): Promise<string> {
  const before = await staffPage(page)
  const res = await put(page, { ...(await editable(page)), ...changes })
  expect(res.status).toBe(400)
  expect(await staffPage(page)).toEqual(before)
  return (await jsonOf(res)).error
}

describe('the demo venue', () => {
  test('starts with the words and serving times the components used to hold', async () => {
    const home = await jsonOf(await t.call('GET', '/api/pages/home'))
    expect(home.words).toMatchObject({ galleryHeading: 'Life in the dale', contactHeading: 'Send us a message' })
    const eat = await jsonOf(await t.call('GET', '/api/pages/eat'))
    expect(eat.words.eyebrow).toBe('Breakfast & lunch')
    expect(eat.items.map((item: any) => [item.title, item.when])).toEqual([
      ['Breakfast', 'from 8am'],
      ['Lunch', 'from noon'],
      ['Tea & cake', 'all day'],
    ])
    expect((await staffPage('stay')).items.every((item: any) => item.when === '')).toBe(true)
  })
})

describe('staff change them', () => {
  test('a word and a serving time saved show to visitors at once; the trail says which word changed, before → after', async () => {
    const fields = await editable('eat')
    const items = [{ ...fields.items[0], when: 'from 7.30am' }, ...fields.items.slice(1)]
    const res = await put('eat', { ...fields, items, words: { ...fields.words, galleryHeading: 'On the counter today' } })
    expect(res.status).toBe(200)
    const visitor = await jsonOf(await t.call('GET', '/api/pages/eat'))
    expect([visitor.words.galleryHeading, visitor.items[0].when]).toEqual(['On the counter today', 'from 7.30am'])
    const [entry] = (await jsonOf(await t.call('GET', '/api/admin/activity?kind=page', { token: owner }))) as any[]
    expect(entry.changes).toContainEqual({ field: 'words.galleryHeading', before: 'From the cafe', after: 'On the counter today' })
  })

  test('an edit without words (queued by a screen from before they existed) keeps the words saved', async () => {
    const { words, ...fields } = await editable('around')
    expect((await put('around', { ...fields, intro: 'Fells and falls.' })).status).toBe(200)
    expect((await staffPage('around')).words).toEqual(words)
  })
})

describe('what is refused, with a reason, saving nothing', () => {
  test('a word the page does not have, an empty heading, an over-long word, a line break, words that are not texts', async () => {
    const words = (await editable('stay')).words
    expect(await refusedWith('stay', { words: { ...words, galleryHeading: 'x' } })).toBe(
      'words: the Stay page has no words called "galleryHeading" (it has eyebrow, bookingEyebrow, bookingHeading, bookingText).',
    )
    expect(await refusedWith('stay', { words: { ...words, bookingHeading: '  ' } })).toBe('words.bookingHeading: cannot be empty.')
    expect(await refusedWith('stay', { words: { ...words, bookingText: 'a'.repeat(401) } })).toBe(
      'words.bookingText: at most 400 characters (this one has 401).',
    )
    expect(await refusedWith('stay', { words: { ...words, eyebrow: 'Our\nrooms' } })).toContain('words.eyebrow contains an invisible or control character')
    expect(await refusedWith('stay', { words: 'Our rooms' })).toBe('words: must be an object of texts.')
    expect(await refusedWith('stay', { words: { eyebrow: 3 } })).toBe('words: must be an object of texts.')
  })

  test('a time on a list that does not say when, and a time too long', async () => {
    const stay = await editable('stay')
    expect(await refusedWith('stay', { items: [{ ...stay.items[0], when: 'from 8am' }] })).toBe(
      "items[1].when: the Stay page's rooms and features do not say when.",
    )
    const eat = await editable('eat')
    expect(await refusedWith('eat', { items: [{ ...eat.items[0], when: 'w'.repeat(41) }] })).toBe('items[1].when: at most 40 characters (this one has 41).')
  })
})

test('a database from before words existed gets the demo words and serving times at its next start; a page staff saved keeps its words', async () => {
  const upgraded = await makeTestApp({ seedDemo: true })
  const token = await upgraded.token()
  const pages = async () => (await jsonOf(await upgraded.call('GET', '/api/admin/pages', { token }))) as any[]
  const about = (await pages()).find((p) => p.page === 'about')
  const { page: _page, updated_at: _version, ...aboutFields } = about
  await upgraded.call('PUT', '/api/admin/pages/about', { token, json: { ...aboutFields, words: { stayButton: 'Book a room', contactButton: 'Find us' } } })
  upgraded.close(true)
  const db = new Database(join(upgraded.dataDir, 'venue.sqlite'))
  // As migration 015 leaves a database that had pages: no words anywhere, no serving times.
  db.run("UPDATE page_content SET words = NULL WHERE page != 'about'")
  db.run("UPDATE page_content SET items = '[]' WHERE page IN ('eat', 'drink')")
  db.close()
  const restarted = await makeTestApp({ seedDemo: true, dataDir: upgraded.dataDir })
  try {
    const token2 = await restarted.token()
    const after = (await jsonOf(await restarted.call('GET', '/api/admin/pages', { token: token2 }))) as any[]
    const page = (key: string) => after.find((p) => p.page === key)
    expect(page('home').words.galleryHeading).toBe('Life in the dale')
    expect(page('drink').items.map((item: any) => item.title)).toEqual(['Breakfast', 'Pub grub', 'The bar'])
    expect(page('about').words.stayButton).toBe('Book a room')
  } finally {
    restarted.close()
  }
})
