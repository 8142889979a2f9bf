/**
 * A hostile client against the served public pages (issue 16): odd spellings of a page's path and
 * bursts right after a staff write. No browser: the real app (app.handle) on the real build (npm run
 * build first) and a real SQLite file with the demo content.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { DEMO_ADMIN } from '../../api/src/app'
import { makeServedApp } from './served-app'

const DIST = join(import.meta.dir, '..', 'dist')
const SITE_URL = 'https://www.larkdale.example'

let served: Awaited<ReturnType<typeof makeServedApp>>
let token: string
const call: Awaited<ReturnType<typeof makeServedApp>>['call'] = (...args) => served.call(...args)

beforeAll(async () => {
  if (!existsSync(join(DIST, '.server', 'entry-server.mjs'))) throw new Error('Build first: npm run build (dist/.server/entry-server.mjs is missing)')
  served = await makeServedApp(DIST, { SITE_URL })
  token = ((await (await call('POST', '/api/admin/login', { json: DEMO_ADMIN })).json()) as { token: string }).token
})
afterAll(() => served?.close())

/** The data the page was rendered with, or null for a page sent as built. */
function embeddedData(page: string): { stores: Record<string, any> } | null {
  const match = /<script type="application\/json" id="initial-data">([\s\S]*?)<\/script>/.exec(page)
  return match ? JSON.parse(match[1]!) : null
}

describe('every spelling of a page’s path gets the page with current data', () => {
  test('//eat, /eat//, /./events and //events?event=1 are rendered like /eat and /events, not sent as built', async () => {
    for (const [spelling, page] of [
      ['//eat', '/eat'],
      ['/eat//', '/eat'],
      ['//events?event=1', '/events?event=1'],
      ['/./events', '/events'],
      ['///menu//menu1', '/menu/menu1'],
    ]) {
      const expected = await call('GET', page!)
      const res = await call('GET', spelling!)
      expect([spelling, res.status]).toEqual([spelling, 200])
      const body = await res.text()
      expect([spelling, embeddedData(body) !== null]).toEqual([spelling, true])
      expect([spelling, res.headers.get('etag')]).toEqual([spelling, expected.headers.get('etag')])
      await expected.arrayBuffer()
    }
  })
})

describe('a burst right after a staff write', () => {
  test('hundreds of parallel requests all get the new data, one page (one ETag) per path', async () => {
    const events = (await (await call('GET', '/api/admin/events', { token })).json()) as { id: number; description: string; start_datetime: string }[]
    const event = events[0]!
    const title = 'Burst </script><!-- "quiz" & night'
    const write = await call('POST', '/api/update-event', {
      token,
      json: { id: event.id, title, description: event.description, start_datetime: event.start_datetime },
    })
    expect(write.status).toBe(200)
    const paths = ['/events', '/', '/eat', `/events?event=${event.id}`]
    const replies = await Promise.all(
      Array.from({ length: 300 }, async (_, i) => {
        const path = paths[i % paths.length]!
        const res = await call('GET', path, { headers: { 'accept-encoding': i % 3 === 0 ? 'gzip' : '' } })
        return { path, status: res.status, etag: res.headers.get('etag'), encoding: res.headers.get('content-encoding'), body: await res.arrayBuffer() }
      }),
    )
    for (const path of paths) {
      const mine = replies.filter((reply) => reply.path === path)
      expect(mine.every((reply) => reply.status === 200)).toBe(true)
      expect(new Set(mine.filter((reply) => !reply.encoding).map((reply) => reply.etag)).size).toBe(1)
    }
    const page = new TextDecoder().decode(replies.find((reply) => reply.path === '/events' && !reply.encoding)!.body)
    const shown = embeddedData(page)!.stores.events.map((e: { title: string }) => e.title)
    expect(shown).toContain(title)
    expect(page.match(/<\/script>/g)?.length).toBe(page.match(/<script\b/g)?.length)
    const shared = new TextDecoder().decode(replies.find((reply) => reply.path.includes('?event=') && !reply.encoding)!.body)
    expect(shared).toContain('<meta property="og:title" content="Burst &lt;/script&gt;&lt;!-- &quot;quiz&quot; &amp; night">')
  })
})
