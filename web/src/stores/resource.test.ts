import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { clear, get } from 'idb-keyval'
import { ApiError, type RequestOptions } from '../api/client'
import { BACKGROUND_REFRESH_MS, createResource, READ_TIMEOUT_MS, SLOW_MS, useShownData, type ResourceStore } from './index'
import { quiet } from '../../test/quiet'

/** What the banner is told, `checking` only while it holds (the other facts compared exactly). */
const shownFacts = () => {
  const { checking, ...facts } = useShownData.getState()
  return checking ? { ...facts, checking } : facts
}

/** Stores that a test puts "on screen" (subscribed, as a mounted component is); taken off after each test. */
const onScreen: (() => void)[] = []
const show = <T>(store: ResourceStore<T>) => {
  onScreen.push(store.subscribe(() => {}))
  return store
}

beforeEach(async () => {
  await clear()
})
afterEach(() => {
  for (const off of onScreen.splice(0)) off()
})

const offline = async () => {
  throw new ApiError(0, 'You appear to be offline.')
}

async function until(check: () => boolean, what: string, timeoutMs = 2_000) {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`)
    await Bun.sleep(10)
  }
}

describe('resource stores saved in IndexedDB', () => {
  test('a fresh reply is shown and saved; after a reload without signal the saved copy is shown, with its date', async () => {
    const online = show(createResource('test:times', async () => ({ saturday: '08:00' })))
    await online.getState().load()
    expect(online.getState()).toMatchObject({ data: { saturday: '08:00' }, status: 'ready', fromCache: false })
    const savedAt = online.getState().savedAt!
    expect(shownFacts()).toEqual({ savedAt: null, missing: false })

    // A new page: a new store for the same key, and the network is gone.
    const again = show(createResource<{ saturday: string }>('test:times', offline))
    await quiet(() => again.getState().load())
    expect(again.getState()).toMatchObject({ data: { saturday: '08:00' }, savedAt, fromCache: true, status: 'error' })
    expect(shownFacts()).toEqual({ savedAt, missing: false })
  })

  test('a failed visit never re-stamps the saved copy: on screen and on the device it keeps the time it was fetched', async () => {
    const first = createResource('test:restamp', async () => ['quiz night'])
    await first.getState().load()
    const savedAt = first.getState().savedAt!
    await Bun.sleep(5)
    for (let visit = 0; visit < 2; visit++) {
      const later = show(createResource<string[]>('test:restamp', offline))
      await quiet(() => later.getState().load())
      expect(later.getState()).toMatchObject({ data: ['quiz night'], savedAt, fromCache: true })
      expect(((await get('test:restamp')) as { savedAt: number }).savedAt).toBe(savedAt)
    }
    expect(useShownData.getState().savedAt).toBe(savedAt)
  })

  test('the saved copy shows first, then the fresh reply replaces it and the saved-data note goes', async () => {
    const first = createResource('test:events', async () => ['old'])
    await first.getState().load()
    let release!: (value: string[]) => void
    const slow = show(createResource('test:events', () => new Promise<string[]>((resolve) => (release = resolve))))
    const loading = slow.getState().load()
    await until(() => slow.getState().data !== null, 'the saved copy shows')
    expect(slow.getState()).toMatchObject({ data: ['old'], fromCache: true, status: 'loading' })
    // Waiting for a reply (not yet SLOW_MS) is not announced: most replies come in well under it.
    expect(useShownData.getState().savedAt).toBeNull()
    release(['new'])
    await loading
    expect(slow.getState()).toMatchObject({ data: ['new'], fromCache: false, status: 'ready' })
    expect(shownFacts()).toEqual({ savedAt: null, missing: false })
  })

  test('a server that does not answer: every request carries the timeout, and after SLOW_MS the saved copy on screen is announced with its time', async () => {
    const first = createResource('test:hung', async () => ['old'])
    await first.getState().load()
    const savedAt = first.getState().savedAt!
    let asked: RequestOptions | undefined
    const hung = show(
      createResource<string[]>('test:hung', (request) => {
        asked = request
        return new Promise(() => {})
      }),
    )
    // From before the load starts its clock: polling for the request may notice it late on a busy machine.
    const started = Date.now()
    void hung.getState().load()
    await until(() => asked !== undefined, 'the request is made')
    expect(asked).toEqual({ timeoutMs: READ_TIMEOUT_MS })
    await until(() => useShownData.getState().savedAt !== null, 'the saved copy is announced', SLOW_MS + 2_000)
    expect(Date.now() - started).toBeGreaterThanOrEqual(SLOW_MS - 50)
    expect(shownFacts()).toEqual({ savedAt, missing: false })
    expect(hung.getState()).toMatchObject({ data: ['old'], savedAt, fromCache: true, status: 'loading', overdue: true })
  }, 10_000)

  test('a server that does not answer, with nothing saved: after SLOW_MS the page is known to miss the data (not only at the 15 s timeout)', async () => {
    const hung = show(createResource<string[]>('test:hung-empty', () => new Promise(() => {})))
    void hung.getState().load()
    const started = Date.now()
    await until(() => useShownData.getState().missing, 'the missing data is announced', SLOW_MS + 2_000)
    expect(Date.now() - started).toBeGreaterThanOrEqual(SLOW_MS - 50)
    expect(shownFacts()).toEqual({ savedAt: null, missing: true })
  }, 10_000)

  test('with nothing saved and no network the store stays empty and says why; on screen, the page is known to miss it', async () => {
    const store = show(createResource('test:nothing', offline))
    await quiet(() => store.getState().load())
    expect(store.getState()).toMatchObject({ data: null, status: 'error', error: 'You appear to be offline.' })
    expect(shownFacts()).toEqual({ savedAt: null, missing: true })
  })

  test('only stores on screen speak for the page: a saved copy leaves the banner when its component goes', async () => {
    await createResource('test:left', async () => 'old')
      .getState()
      .load()
    const store = createResource('test:left', offline)
    await quiet(() => store.getState().load())
    // Loaded, but nothing renders it: the page shown does not show it.
    expect(useShownData.getState().savedAt).toBeNull()
    const off = store.subscribe(() => {})
    expect(useShownData.getState().savedAt).toBe(store.getState().savedAt!)
    off()
    expect(shownFacts()).toEqual({ savedAt: null, missing: false })
  })

  test('concurrent loads share one request', async () => {
    let calls = 0
    const store = createResource('test:once', async () => {
      calls++
      return 1
    })
    await Promise.all([store.getState().load(), store.getState().load(), store.getState().load()])
    expect(calls).toBe(1)
  })

  test('a background load saves the data, and skips a copy saved within BACKGROUND_REFRESH_MS', async () => {
    let calls = 0
    const fetcher = async () => ++calls
    await createResource('test:background', fetcher).getState().load({ background: true })
    expect(calls).toBe(1)
    expect(((await get('test:background')) as { data: number }).data).toBe(1)
    await createResource('test:background', fetcher).getState().load({ background: true })
    expect(calls).toBe(1)
    // Shown on a page, the data is always asked for afresh.
    await createResource('test:background', fetcher).getState().load()
    expect(calls).toBe(2)
    expect(BACKGROUND_REFRESH_MS).toBeGreaterThan(0)
  })

  test('a page opened while its data is being saved in the background still loads it (the saved copy, then the reply)', async () => {
    // Saved a minute ago, so the background save skips it; the page must not join that skip.
    const first = createResource('test:joined', async () => ['quiz night'])
    await first.getState().load()
    const savedAt = first.getState().savedAt!
    let calls = 0
    const store = show(
      createResource<string[]>('test:joined', async () => {
        calls++
        throw new ApiError(0, 'You appear to be offline.')
      }),
    )
    const background = store.getState().load({ background: true })
    await quiet(() => store.getState().load())
    await background
    expect(calls).toBe(1)
    expect(store.getState()).toMatchObject({ data: ['quiz night'], savedAt, fromCache: true, status: 'error' })
    expect(shownFacts()).toEqual({ savedAt, missing: false })
  })

  test('a page load already under way is shared by a background save, which asks nothing more', async () => {
    let calls = 0
    const store = createResource('test:shared', async () => ++calls)
    await Promise.all([store.getState().load(), store.getState().load({ background: true })])
    expect(calls).toBe(1)
  })

  test('a list on screen as failed stays so while the background save tries it again; a try that succeeds shows the data', async () => {
    let answer: () => Promise<string[]> = offline
    const store = show(createResource<string[]>('test:failed-retry', () => answer()))
    await quiet(() => store.getState().load())
    const statuses: string[] = []
    onScreen.push(store.subscribe((state) => statuses.push(state.status)))
    await quiet(() => store.getState().load({ background: true }))
    expect(statuses).not.toContain('loading')
    expect(store.getState().status).toBe('error')
    answer = async () => ['back']
    await store.getState().load({ background: true })
    expect(statuses).not.toContain('loading')
    expect(store.getState()).toMatchObject({ data: ['back'], status: 'ready', error: null })
  })

  describe('without a connection (navigator.onLine is false)', () => {
    const setOnLine = (value: boolean) => Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => value })
    afterEach(() => setOnLine(true))

    test('a reply is the server’s (the service worker keeps no API replies): it is fresh and saved with its own time', async () => {
      setOnLine(false)
      const store = show(createResource('test:reply', async () => ['quiz night']))
      const before = Date.now()
      await store.getState().load()
      expect(store.getState()).toMatchObject({ data: ['quiz night'], fromCache: false, status: 'ready' })
      expect(store.getState().savedAt!).toBeGreaterThanOrEqual(before)
      expect(shownFacts()).toEqual({ savedAt: null, missing: false })
    })

    test('the saved copy is announced at once while the request is still out', async () => {
      await createResource('test:known-offline', async () => 'old')
        .getState()
        .load()
      setOnLine(false)
      const store = show(createResource<string>('test:known-offline', () => new Promise(() => {})))
      void store.getState().load()
      await until(() => useShownData.getState().savedAt !== null, 'the saved copy is announced')
      expect(useShownData.getState().savedAt).toBe(store.getState().savedAt!)
    })

    test('when the connection returns, stores showing a saved copy fetch fresh data and the saved-data note goes', async () => {
      const first = createResource('test:reconnect', async () => 'old')
      await first.getState().load()

      setOnLine(false)
      let calls = 0
      const store = show(
        createResource('test:reconnect', async () => {
          calls++
          if (navigator.onLine === false) throw new ApiError(0, 'You appear to be offline.')
          return 'new'
        }),
      )
      await quiet(() => store.getState().load())
      expect(store.getState()).toMatchObject({ data: 'old', fromCache: true, status: 'error' })
      expect(useShownData.getState().savedAt).toBe(store.getState().savedAt!)

      setOnLine(true)
      window.dispatchEvent(new Event('online'))
      await until(() => store.getState().status === 'ready', 'fresh data arrives')
      expect(calls).toBe(2)
      expect(store.getState()).toMatchObject({ data: 'new', fromCache: false, status: 'ready' })
      expect(shownFacts()).toEqual({ savedAt: null, missing: false })
    })
  })
})
