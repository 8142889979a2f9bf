/**
 * The public list keeps at most PUBLIC_NOTICES_KEPT notices that have not ended, earliest start first.
 * When that many are already running, a notice scheduled to start later is cut from the list the site
 * and the served pages read, so it never shows at its start, although staff were told "Notice saved".
 * Either it shows at its start, or staff are told when it is saved that it will not.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { PUBLIC_NOTICES_KEPT } from '../src/features/notices/store'
import { jsonOf, makeTestApp, type TestApp } from './helpers'

let now = new Date('2026-06-01T09:00:00Z')
let t: TestApp
let token: string

beforeAll(async () => {
  t = await makeTestApp({ now: () => now })
  token = await t.token()
})
afterAll(() => t.close())

const create = (json: unknown) => t.call('POST', '/api/admin/notices', { json, token })

test('a notice scheduled after many running ones is either listed at its start or refused when saved', async () => {
  for (let i = 0; i < PUBLIC_NOTICES_KEPT; i++) {
    const res = await create({ text: `Running notice ${i}`, venue: 'both', starts_at: '2026-06-01T09:00', ends_at: '2026-06-30T09:00' })
    expect(res.status).toBe(201)
  }
  const later = await create({ text: 'The ford is closed from noon', venue: 'both', starts_at: '2026-06-01T12:00', ends_at: '2026-06-01T18:00' })
  if (later.status !== 201) return // refused with a reason: staff know it will not show
  now = new Date('2026-06-01T11:30:00Z') // 12:30 venue time (BST): the later notice has started
  const shown = (await jsonOf(await t.call('GET', '/api/notices'))) as { text: string }[]
  expect(shown.map((notice) => notice.text)).toContain('The ford is closed from noon')
})
