/**
 * The venue's details live in the database: seeded once from venue.json, changed by owners only
 * (GET/PUT /api/admin/venue), every field checked with a message that names it, each change in the
 * activity trail field by field, and shown at once by GET /api/venue and the security headers.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { demoVenue, type Venue } from '../src/config'
import { jsonOf, makeTestApp, type TestApp } from './helpers'

let t: TestApp
let owner: string
let editor: string

beforeAll(async () => {
  t = await makeTestApp()
  owner = await t.token()
  await t.call('POST', '/api/admin/staff', { token: owner, json: { username: 'edna', role: 'editor', password: 'kettle-first-pass-7731' } })
  const login = await t.call('POST', '/api/admin/login', { json: { username: 'edna', password: 'kettle-first-pass-7731' } })
  const first = (await jsonOf(login)).token as string
  const own = 'kettle lantern orchard 42'
  const changed = await t.call('POST', '/api/admin/password', { token: first, json: { current_password: 'kettle-first-pass-7731', new_password: own } })
  expect(changed.status).toBe(200)
  const again = await t.call('POST', '/api/admin/login', { json: { username: 'edna', password: own } })
  editor = (await jsonOf(again)).token as string
})
afterAll(() => t.close())

const copy = (): Venue => structuredClone(demoVenue)
const save = (json: unknown, token = owner) => t.call('PUT', '/api/admin/venue', { token, json })

/** The details with the value at `path` ('address.postcode') set to `value`. */
function withValue(path: string, value: unknown): Record<string, unknown> {
  const details = copy() as unknown as Record<string, Record<string, unknown>>
  const [group, key] = path.split('.')
  if (key) details[group!]![key] = value
  else (details as Record<string, unknown>)[group!] = value
  return details
}

describe('who may read and change the details', () => {
  test('an owner reads them, as seeded from the configuration', async () => {
    const res = await t.call('GET', '/api/admin/venue', { token: owner })
    expect(res.status).toBe(200)
    const body = await jsonOf(res)
    expect(body.venue).toEqual(demoVenue)
    expect(body.updated_at).toMatch(/^\d{4}-/)
  })

  test('an editor is refused 403, reading and changing; nothing is saved', async () => {
    expect((await t.call('GET', '/api/admin/venue', { token: editor })).status).toBe(403)
    const res = await save(withValue('phone', '01632 960 999'), editor)
    expect(res.status).toBe(403)
    expect((await jsonOf(res)).error).toBe('Only an owner can do this.')
    expect(t.ctx.venue().phone).toBe(demoVenue.phone)
  })

  test('without a token: 401', async () => {
    expect((await t.call('GET', '/api/admin/venue')).status).toBe(401)
    expect((await t.call('PUT', '/api/admin/venue', { json: copy() })).status).toBe(401)
  })
})

/** [field, a value it takes, a value it refuses, the refusal's words]. */
const FIELDS: [string, unknown, unknown, string][] = [
  ['hotelName', 'Fellside Inn', '   ', 'Hotel name must not be empty.'],
  ['hotelName', 'Fellside Inn', 'x'.repeat(81), 'Hotel name must be at most 80 characters.'],
  ['barName', 'The Barn', '', 'Bar name must not be empty.'],
  ['phone', '+44 15394 32000', '555-1234', "Phone: '555-1234' is not a UK phone number"],
  ['phone', '(015394) 32000', '01632 960 123 ext 4', 'is not a UK phone number'],
  ['email', 'stay@fellside.example', 'stay at fellside', "Email: 'stay at fellside' is not an email address"],
  ['address.street', 'Fell Lane', '', 'Street must not be empty.'],
  ['address.locality', 'Ambleside', '', 'Town or village must not be empty.'],
  ['address.region', 'Cumbria', '', 'Region must not be empty.'],
  ['address.postcode', 'la22 9hl', '12345', "Postcode: '12345' is not a UK postcode, e.g. LA22 9HL."],
  ['address.country', 'GB', 'Britain', 'Country must be a two-letter country code'],
  ['geo.latitude', 54.43, 91, 'Latitude must be a number from -90 to 90.'],
  ['geo.longitude', -2.96, -181, 'Longitude must be a number from -180 to 180.'],
  ['geo.latitude', 0, '54.4', 'Latitude must be a number'],
  ['mapEmbedUrl', 'https://maps.fellside.example/embed', 'http://maps.example.com/embed', 'Map embed address must be a full https:// address'],
  ['mapLinkUrl', 'https://maps.fellside.example/', 'javascript:alert(1)', 'Map link must be a full https:// address'],
  ['giftCardUrl', 'https://gifts.fellside.example/', 'gifts.example.com', 'Gift-card shop must be a full https:// address'],
  ['instagramUrl', 'https://www.instagram.com/fellside/', 'data:text/html,hi', 'Instagram must be a full https:// address'],
  [
    'booking.scriptUrl',
    'https://booking.example.com/v2/widget.js',
    'https://evil.example/widget.js',
    'Booking script must be on the booking origin, https://booking.example.com.',
  ],
  ['booking.widgetId', 'fellside-1', 'has spaces', 'Booking widget id must be'],
  [
    'booking.origin',
    'https://booking.example.com/',
    'https://booking.example.com/path',
    'Booking origin must be an https:// address with nothing after the host',
  ],
]

describe('every field is checked, with a message that names it', () => {
  for (const [field, good, bad, words] of FIELDS) {
    test(`${field}: ${JSON.stringify(bad).slice(0, 30)} is refused, ${JSON.stringify(good)} taken`, async () => {
      const refused = await save(withValue(field, bad))
      expect(refused.status).toBe(400)
      expect((await jsonOf(refused)).error).toContain(words)
      const taken = await save(withValue(field, good))
      expect(taken.status, await taken.clone().text()).toBe(200)
      await save(copy())
    })
  }

  test('what is saved is tidied: the postcode in capitals, the origin without its slash, spaces trimmed', async () => {
    const details = {
      ...withValue('address.postcode', ' la22 9hl '),
      hotelName: '  Fellside Inn ',
      booking: { ...demoVenue.booking, origin: 'https://booking.example.com/' },
    }
    const body = await jsonOf(await save(details))
    expect(body.venue.address.postcode).toBe('LA22 9HL')
    expect(body.venue.hotelName).toBe('Fellside Inn')
    expect(body.venue.booking.origin).toBe('https://booking.example.com')
    await save(copy())
  })

  test('an unknown field is refused by name, at the top and inside a group', async () => {
    for (const json of [
      { ...copy(), logo: 'x.svg' },
      { ...copy(), address: { ...demoVenue.address, county: 'Cumbria' } },
    ]) {
      const res = await save(json)
      expect(res.status).toBe(400)
      expect((await jsonOf(res)).error).toMatch(/^Unknown field '(logo|address\.county)'/)
    }
  })

  test('a missing field, a group that is not an object, or a body that is not an object: 400', async () => {
    const { phone: _, ...noPhone } = copy()
    expect((await jsonOf(await save(noPhone))).error).toBe('Phone is missing.')
    expect((await jsonOf(await save({ ...copy(), geo: 'north' }))).error).toBe('Map position must be an object of its fields.')
    expect((await save([1, 2])).status).toBe(400)
  })
})

describe('a change is saved, shown at once and written in the activity trail', () => {
  afterEach(async () => {
    await save(copy())
  })

  test('each changed field, before → after; the public reply and the policy follow at once', async () => {
    const details = { ...copy(), phone: '015394 32000', barName: 'The Barn' }
    details.booking = { ...details.booking, origin: 'https://book.fellside.example', scriptUrl: 'https://book.fellside.example/w.js' }
    const res = await save(details)
    expect(res.status).toBe(200)
    const entry = t.ctx.db.query("SELECT * FROM activity WHERE kind = 'venue' ORDER BY id DESC LIMIT 1").get() as {
      username: string
      summary: string
      changes: string
    }
    expect(entry.username).toBe('admin')
    expect(entry.summary).toBe('Changed the venue details: Bar name, Phone, Booking script, Booking origin')
    expect(JSON.parse(entry.changes)).toEqual([
      { field: 'barName', before: demoVenue.barName, after: 'The Barn' },
      { field: 'phone', before: demoVenue.phone, after: '015394 32000' },
      { field: 'booking.scriptUrl', before: demoVenue.booking.scriptUrl, after: 'https://book.fellside.example/w.js' },
      { field: 'booking.origin', before: demoVenue.booking.origin, after: 'https://book.fellside.example' },
    ])
    expect((await jsonOf(await t.call('GET', '/api/venue'))).phone).toBe('015394 32000')
    const csp = (await t.call('GET', '/api/health')).headers.get('content-security-policy')!
    expect(csp).toContain("script-src 'self' https://book.fellside.example")
    expect(csp).not.toContain('https://booking.example.com')
  })

  test('the same details again change nothing and write no entry', async () => {
    const count = () => (t.ctx.db.query("SELECT count(*) AS n FROM activity WHERE kind = 'venue'").get() as { n: number }).n
    const before = count()
    const res = await save(copy())
    expect((await jsonOf(res)).message).toBe('Nothing changed.')
    expect(count()).toBe(before)
  })
})

describe('a change based on an older version (If-Match)', () => {
  afterEach(async () => {
    await save(copy())
  })

  test('is refused 409 with the details as they are now when another owner saved since; the version it was based on lets it through', async () => {
    const opened = (await jsonOf(await t.call('GET', '/api/admin/venue', { token: owner }))).updated_at as string
    expect((await save({ ...copy(), phone: '015394 32000' })).status).toBe(200)
    const stale = await t.call('PUT', '/api/admin/venue', {
      token: owner,
      json: { ...copy(), email: 'stay@fellside.example' },
      headers: { 'if-match': opened },
    })
    expect(stale.status).toBe(409)
    const reply = await jsonOf(stale)
    expect(reply.error).toContain('Another owner changed the venue details')
    expect((reply.current as { venue: Venue }).venue.phone).toBe('015394 32000')
    expect((await jsonOf(await t.call('GET', '/api/venue'))).email).toBe(demoVenue.email)
    const now = (reply.current as { updated_at: string }).updated_at
    const fresh = await t.call('PUT', '/api/admin/venue', {
      token: owner,
      json: { ...copy(), phone: '015394 32000', email: 'stay@fellside.example' },
      headers: { 'if-match': now },
    })
    expect(fresh.status).toBe(200)
    expect((await jsonOf(fresh)).updated_at > now).toBe(true)
  })
})

describe('venue.json seeds the database once', () => {
  test('a second start with another venue.json keeps what the database has', async () => {
    const first = await makeTestApp()
    const token = await first.token()
    expect((await first.call('PUT', '/api/admin/venue', { token, json: { ...copy(), phone: '015394 32000' } })).status).toBe(200)
    first.close(true)
    const file = join(first.dataDir, 'venue.json')
    writeFileSync(file, JSON.stringify({ ...copy(), hotelName: 'Edited In The File', phone: '01632 960 555' }))
    const logged: string[] = []
    const log = console.log
    console.log = (line: string) => void logged.push(String(line))
    let second: TestApp
    try {
      second = await makeTestApp({ dataDir: first.dataDir })
    } finally {
      console.log = log
    }
    const venue = await jsonOf(await second.call('GET', '/api/venue'))
    expect(venue.phone).toBe('015394 32000')
    expect(venue.hotelName).toBe(demoVenue.hotelName)
    expect(logged.some((line) => line.includes('differs from the venue details in the database'))).toBe(true)
    second.close()
  })

  test('the first start takes venue.json (VENUE_FILE)', async () => {
    const seeded = await makeTestApp({ env: { VENUE_FILE: join(import.meta.dir, 'no-such-file.json') } })
    expect(seeded.ctx.venue()).toEqual(demoVenue)
    seeded.close()
    const file = join(mkdtempSync(join(tmpdir(), 'venue-file-')), 'mine.json')
    writeFileSync(file, JSON.stringify({ phone: '015394 32000' }))
    const fresh = await makeTestApp({ env: { VENUE_FILE: file } })
    expect(fresh.ctx.venue()).toEqual({ ...demoVenue, phone: '015394 32000' })
    fresh.close()
    rmSync(join(file, '..'), { recursive: true })
  })
})
