import { afterEach, beforeEach, expect, test } from 'bun:test'
import { clear, get } from 'idb-keyval'
import { pageDataScript, setPageDataForRender, type PageData } from './pageData'
import { createResource } from './resource'

const served: PageData = { renderedAt: '2026-06-01T10:00:00.000Z', stores: { 'page:events': [{ title: 'Quiz' }] } }

beforeEach(async () => {
  await clear()
})
afterEach(() => setPageDataForRender(null))

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 2_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`)
    await Bun.sleep(10)
  }
}

test('a store starts from the data the page was served with, hydrates from it, and does not fetch it again', async () => {
  setPageDataForRender(served)
  let fetched = 0
  const store = createResource('page:events', async () => {
    fetched++
    return [{ title: 'Fetched' }]
  })
  // React renders on the server and hydrates from the initial state: the page's data.
  expect(store.getInitialState()).toMatchObject({ data: [{ title: 'Quiz' }], status: 'ready', fromCache: false })
  expect(store.getState().data).toEqual([{ title: 'Quiz' }])
  await store.getState().load()
  await store.getState().load()
  expect(fetched).toBe(0)
  // Kept for offline visits, as a fetched reply would be.
  await until(async () => (await get<{ data: unknown }>('page:events'))?.data !== undefined, 'the served copy is saved')
  expect((await get<{ data: unknown }>('page:events'))!.data).toEqual([{ title: 'Quiz' }])
})

test('a store the page brought nothing for starts empty and fetches', async () => {
  setPageDataForRender(served)
  let fetched = 0
  const store = createResource('page:other', async () => {
    fetched++
    return 'fresh'
  })
  expect(store.getInitialState().data).toBeNull()
  await store.getState().load()
  expect(fetched).toBe(1)
  expect(store.getState().data).toBe('fresh')
})

test('the embedded data cannot close its script and parses back to the same data', () => {
  const data: PageData = { renderedAt: served.renderedAt, stores: { events: [{ title: '</script><script>alert(1)</script><!-- \u2028' }] } }
  const script = pageDataScript(data)
  const json = /^<script type="application\/json" id="initial-data">([\s\S]*)<\/script>$/.exec(script)![1]!
  expect(json).not.toContain('<')
  expect(JSON.parse(json)).toEqual(data)
})
