/** Notices for visitors: validation of every field, staff-only changes, the trail, and which notices show when. Real app, real SQLite. */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test'
import { currentNotices, nextNoticeChange } from '../src/shared/rules/notices'
import { jsonOf, makeTestApp, type TestApp } from './helpers'

// 10:00 in London (BST) on 1 June 2026.
let now = new Date('2026-06-01T09:00:00Z')
let t: TestApp
let token: string
beforeAll(async () => {
  t = await makeTestApp({ now: () => now })
  token = await t.token()
})
afterAll(() => t.close())
beforeEach(() => {
  now = new Date('2026-06-01T09:00:00Z')
  t.ctx.db.query('DELETE FROM notices').run()
})

const VALID = { text: 'The kitchen is closed today until 6 pm.', venue: 'hotel', starts_at: '2026-06-01T08:00', ends_at: '2026-06-01T18:00' }
const create = (json: unknown, headers: Record<string, string> = {}) => t.call('POST', '/api/admin/notices', { json, token, headers })
const edit = (id: number, json: unknown, headers: Record<string, string> = {}) => t.call('PUT', `/api/admin/notices/${id}`, { json, token, headers })
const count = () => (t.ctx.db.query('SELECT count(*) AS n FROM notices').get() as { n: number }).n
const publicList = async () => (await jsonOf<{ id: number; text: string }[]>(await t.call('GET', '/api/notices'))).map((n) => n.text)

async function refused(json: unknown, status: number, words: string) {
  const res = await create(json)
  expect(res.status).toBe(status)
  expect((await jsonOf(res)).error).toContain(words)
  expect(count()).toBe(0)
}

describe('creating a notice', () => {
  test('venue-time start and end are stored as UTC instants and the reply has the notice', async () => {
    const res = await create({ ...VALID, link: 'https://example.com/kitchen', link_text: 'See the menu' })
    expect(res.status).toBe(201)
    const { notice, message } = await jsonOf(res)
    expect(message).toBe('Notice saved.')
    expect(notice).toMatchObject({
      text: VALID.text,
      venue: 'hotel',
      link: 'https://example.com/kitchen',
      link_text: 'See the menu',
      starts_at: '2026-06-01T07:00:00.000Z',
      ends_at: '2026-06-01T17:00:00.000Z',
    })
  })

  test('every allowed kind of link is taken: http, https, mailto, tel and the site’s own paths', async () => {
    for (const link of ['http://example.com', 'https://example.com/a?b=c', 'mailto:desk@example.com', 'tel:+441629000000', '/events', '/']) {
      const res = await create({ ...VALID, link, link_text: 'More' })
      expect(res.status).toBe(201)
    }
  })

  test('javascript:, data: and other links are refused, naming the link and why', async () => {
    const cases: [string, string][] = [
      ['javascript:alert(1)', '“javascript:alert(1)” starts with “javascript:”, which is not allowed'],
      ['JAVASCRIPT:alert(1)', 'which is not allowed'],
      ['data:text/html,<b>hi</b>', 'characters a link cannot hold'],
      ['data:text/html;base64,PGI+', '“data:”, which is not allowed'],
      ['vbscript:msgbox', 'not allowed'],
      ['//evil.example/x', 'leaves the site'],
      ['/\\evil.example', 'leaves the site'],
      ['ftp://example.com', '“ftp:”, which is not allowed'],
      ['mailto:nobody', 'not an email address'],
      ['tel:call-me', 'not a phone number'],
      ['example.com', 'is not an address'],
    ]
    for (const [link, words] of cases) {
      const res = await create({ ...VALID, link, link_text: 'More' })
      expect(res.status).toBe(400)
      const { error } = await jsonOf(res)
      expect(error).toContain(words)
      expect(error).toContain('The link “')
    }
    expect(count()).toBe(0)
  })

  test('text: required, at most 280 characters after spaces are tidied, HTML kept as plain text', async () => {
    await refused({ ...VALID, text: '   ' }, 400, 'Write the notice’s text.')
    await refused({ ...VALID, text: undefined }, 400, 'Write the notice’s text.')
    await refused({ ...VALID, text: 'x'.repeat(281) }, 400, 'at most 280 characters')
    await refused({ ...VALID, text: 'x'.repeat(2_000_000) }, 413, '')
    const res = await create({ ...VALID, text: `  <b>Closed</b>\n\n  ${'y'.repeat(250)}  ` })
    expect(res.status).toBe(201)
    expect((await jsonOf(res)).notice.text).toBe(`<b>Closed</b> ${'y'.repeat(250)}`)
  })

  test('the link needs words saying where it leads, and words need a link', async () => {
    await refused({ ...VALID, link: 'https://example.com' }, 400, 'where the link leads')
    await refused({ ...VALID, link_text: 'See more' }, 400, 'need a link')
    await refused({ ...VALID, link: 'https://example.com', link_text: 'x'.repeat(81) }, 400, 'at most 80 characters')
  })

  test('venue: both, hotel or stables only', async () => {
    await refused({ ...VALID, venue: 'spa' }, 400, 'both, hotel or stables')
    await refused({ ...VALID, venue: undefined }, 400, 'both, hotel or stables')
    for (const venue of ['both', 'hotel', 'stables']) expect((await create({ ...VALID, venue })).status).toBe(201)
  })

  test('start and end: real venue times, the end after the start', async () => {
    await refused({ ...VALID, starts_at: '' }, 400, 'Give the notice’s start')
    await refused({ ...VALID, ends_at: undefined }, 400, 'Give the notice’s end')
    await refused({ ...VALID, starts_at: '2026-02-30T10:00' }, 400, 'The start (2026-02-30T10:00) is not a real date and time')
    await refused({ ...VALID, ends_at: 'tomorrow' }, 400, 'The end (tomorrow) is not a real date')
    await refused({ ...VALID, starts_at: '2026-03-29T01:30' }, 400, 'does not happen in the UK')
    await refused({ ...VALID, ends_at: VALID.starts_at }, 400, 'must be after the start')
    await refused({ ...VALID, starts_at: '2026-06-02T10:00', ends_at: '2026-06-01T10:00' }, 400, 'The end (Mon 1 Jun 2026, 10:00 am) must be after the start')
  })

  test('an unknown field or a field of the wrong type is refused, not dropped', async () => {
    await refused({ ...VALID, colour: 'red' }, 400, '“colour” is not a field of a notice. A notice has only text, link')
    await refused({ ...VALID, text: 42 }, 400, 'The notice must be text')
    await refused({ ...VALID, venue: ['hotel'] }, 400, 'both, hotel or stables')
  })
})

describe('staff only', () => {
  test('without a token every staff call is 401 and nothing is written; the public list needs none', async () => {
    for (const [method, path] of [
      ['GET', '/api/admin/notices'],
      ['POST', '/api/admin/notices'],
      ['PUT', '/api/admin/notices/1'],
      ['DELETE', '/api/admin/notices/1'],
    ] as const) {
      const res = await t.call(method, path, { json: method === 'GET' || method === 'DELETE' ? undefined : VALID })
      expect(res.status).toBe(401)
      expect(typeof (await jsonOf(res)).error).toBe('string')
    }
    expect(count()).toBe(0)
    expect((await t.call('GET', '/api/notices')).status).toBe(200)
  })

  test('a replayed create with the same Idempotency-Key makes one notice', async () => {
    const headers = { 'idempotency-key': 'notice-create-0001' }
    const first = await create(VALID, headers)
    const again = await create(VALID, headers)
    expect(first.status).toBe(201)
    expect(again.status).toBe(201)
    expect((await jsonOf(again)).notice.id).toBe((await jsonOf(first)).notice.id)
    expect(count()).toBe(1)
  })
})

describe('editing and deleting', () => {
  test('an edit writes each changed field before → after (times in venue time) to the trail', async () => {
    const { notice } = await jsonOf(await create(VALID))
    const res = await edit(notice.id, { ...VALID, text: 'The kitchen opens at 6 pm.', ends_at: '2026-06-01T19:00' }, { 'if-match': `"${notice.updated_at}"` })
    expect(res.status).toBe(200)
    const entry = t.ctx.db.query("SELECT * FROM activity WHERE kind = 'notice' AND action = 'update' ORDER BY id DESC").get() as {
      changes: string
      summary: string
    }
    expect(entry.summary).toBe('Edited the notice “The kitchen opens at 6 pm.”')
    expect(JSON.parse(entry.changes)).toEqual([
      { field: 'text', before: VALID.text, after: 'The kitchen opens at 6 pm.' },
      { field: 'ends_at', before: 'Mon 1 Jun 2026, 6:00 pm', after: 'Mon 1 Jun 2026, 7:00 pm' },
    ])
    const kinds = t.ctx.db.query("SELECT action FROM activity WHERE kind = 'notice' ORDER BY id").all() as { action: string }[]
    expect(kinds.map((k) => k.action).slice(-2)).toEqual(['create', 'update'])
  })

  test('an edit based on an older version is 409 with the notice as it is now', async () => {
    const { notice } = await jsonOf(await create(VALID))
    expect((await edit(notice.id, { ...VALID, text: 'First edit' })).status).toBe(200)
    const res = await edit(notice.id, { ...VALID, text: 'Second edit', updated_at: notice.updated_at })
    expect(res.status).toBe(409)
    expect((await jsonOf(res)).current.text).toBe('First edit')
  })

  test('bad input on an edit changes nothing; an unknown id is 404', async () => {
    const { notice } = await jsonOf(await create(VALID))
    expect((await edit(notice.id, { ...VALID, link: 'javascript:alert(1)', link_text: 'x' })).status).toBe(400)
    expect((await edit(notice.id, { ...VALID, starts_at: '2026-06-02T10:00' })).status).toBe(400)
    expect(t.ctx.db.query('SELECT text, link, starts_at FROM notices').get() as object).toEqual({
      text: VALID.text,
      link: null,
      starts_at: '2026-06-01T07:00:00.000Z',
    })
    expect((await edit(999, VALID)).status).toBe(404)
  })

  test('delete removes it, writes the trail, and a second delete is 404', async () => {
    const { notice } = await jsonOf(await create(VALID))
    expect((await t.call('DELETE', `/api/admin/notices/${notice.id}`, { token })).status).toBe(200)
    expect(count()).toBe(0)
    const entry = t.ctx.db.query("SELECT summary FROM activity WHERE kind = 'notice' AND action = 'delete' ORDER BY id DESC").get() as { summary: string }
    expect(entry.summary).toBe(`Deleted the notice “${VALID.text}”`)
    expect((await t.call('DELETE', `/api/admin/notices/${notice.id}`, { token })).status).toBe(404)
  })
})

describe('which notices show when', () => {
  test('the public list holds current and upcoming notices, not ended ones; staff see every one', async () => {
    await create({ ...VALID, text: 'past', starts_at: '2026-05-01T10:00', ends_at: '2026-05-02T10:00' })
    await create({ ...VALID, text: 'current', starts_at: '2026-06-01T09:00', ends_at: '2026-06-01T11:00' })
    await create({ ...VALID, text: 'upcoming', starts_at: '2026-06-06T10:00', ends_at: '2026-06-20T10:00' })
    expect(await publicList()).toEqual(['current', 'upcoming'])
    const all = await jsonOf<{ text: string }[]>(await t.call('GET', '/api/admin/notices', { token }))
    expect(all.map((n) => n.text)).toEqual(['past', 'current', 'upcoming'])
  })

  test('at the boundaries: shown from its start (included) until its end (excluded)', async () => {
    const { notice } = await jsonOf(await create({ ...VALID, starts_at: '2026-06-01T10:01', ends_at: '2026-06-01T10:02' }))
    const startMs = Date.parse(notice.starts_at)
    const endMs = Date.parse(notice.ends_at)
    expect(currentNotices([notice], new Date(startMs - 1))).toEqual([])
    expect(currentNotices([notice], new Date(startMs))).toEqual([notice])
    expect(currentNotices([notice], new Date(endMs - 1))).toEqual([notice])
    expect(currentNotices([notice], new Date(endMs))).toEqual([])
    expect(nextNoticeChange([notice], new Date(startMs - 1))).toBe(startMs)
    expect(nextNoticeChange([notice], new Date(startMs))).toBe(endMs)
    expect(nextNoticeChange([notice], new Date(endMs))).toBeNull()
    // The server's list follows its clock: the notice stays listed until its end, then is gone.
    now = new Date(endMs - 1)
    expect(await publicList()).toEqual([VALID.text])
    now = new Date(endMs)
    await create({ ...VALID, text: 'later', starts_at: '2026-07-01T10:00', ends_at: '2026-07-02T10:00' })
    expect(await publicList()).toEqual(['later'])
  })
})
