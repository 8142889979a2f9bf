import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { clear } from 'idb-keyval'
import { ApiError } from '../api/client'
import { createResource, oldestSavedAt, useSavedData } from './resource'

beforeEach(async () => {
  await clear()
  useSavedData.setState({}, true)
})

const quiet = async <T,>(run: () => Promise<T>) => {
  const original = console.error
  console.error = () => {}
  try {
    return await run()
  } finally {
    console.error = original
  }
}

describe('resource stores saved in IndexedDB', () => {
  test('a fresh reply is shown and saved; after a reload without signal the saved copy is shown, with its date', async () => {
    const online = createResource('test:times', async () => ({ saturday: '08:00' }))
    await online.getState().load()
    expect(online.getState()).toMatchObject({ data: { saturday: '08:00' }, status: 'ready', fromCache: false })
    const savedAt = online.getState().savedAt!
    expect(useSavedData.getState()).toEqual({})

    // A new page: a new store for the same key, and the network is gone.
    const offline = createResource<{ saturday: string }>('test:times', async () => {
      throw new ApiError(0, 'You appear to be offline.')
    })
    await quiet(() => offline.getState().load())
    expect(offline.getState()).toMatchObject({ data: { saturday: '08:00' }, savedAt, fromCache: true, status: 'error' })
    expect(oldestSavedAt(useSavedData.getState())).toBe(savedAt)
  })

  test('the saved copy shows first, then the fresh reply replaces it and the saved-data note goes', async () => {
    const first = createResource('test:events', async () => ['old'])
    await first.getState().load()
    let release!: (value: string[]) => void
    const slow = createResource('test:events', () => new Promise<string[]>((resolve) => (release = resolve)))
    const loading = slow.getState().load()
    await Bun.sleep(20)
    expect(slow.getState()).toMatchObject({ data: ['old'], fromCache: true, status: 'loading' })
    release(['new'])
    await loading
    expect(slow.getState()).toMatchObject({ data: ['new'], fromCache: false, status: 'ready' })
    expect(useSavedData.getState()).toEqual({})
  })

  test('with nothing saved and no network the store stays empty and says why', async () => {
    const store = createResource('test:nothing', async () => {
      throw new ApiError(0, 'You appear to be offline.')
    })
    await quiet(() => store.getState().load())
    expect(store.getState()).toMatchObject({ data: null, status: 'error', error: 'You appear to be offline.' })
    expect(useSavedData.getState()).toEqual({})
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
  describe('without a connection (navigator.onLine is false)', () => {
    const setOnLine = (value: boolean) => Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => value })
    afterEach(() => setOnLine(true))

    test("a reply the service worker answers from its cache is shown as saved data, keeping the saved copy's date", async () => {
      const online = createResource('test:sw', async () => ['quiz night'])
      await online.getState().load()
      const savedAt = online.getState().savedAt!

      setOnLine(false)
      await Bun.sleep(5)
      const offline = createResource('test:sw', async () => ['quiz night'])
      await offline.getState().load()
      expect(offline.getState()).toMatchObject({ data: ['quiz night'], savedAt, fromCache: true, status: 'ready' })
      expect(oldestSavedAt(useSavedData.getState())).toBe(savedAt)
      // The saved copy keeps its date: it was not written again as if it were new.
      const again = createResource<string[]>('test:sw', async () => {
        throw new ApiError(0, 'You appear to be offline.')
      })
      await quiet(() => again.getState().load())
      expect(again.getState().savedAt).toBe(savedAt)
    })

    test('with no saved copy on the device, a cached reply still shows, with no date to claim', async () => {
      setOnLine(false)
      const store = createResource('test:sw-only', async () => 42)
      await store.getState().load()
      expect(store.getState()).toMatchObject({ data: 42, savedAt: null, fromCache: true, status: 'ready' })
      expect(useSavedData.getState()).toEqual({})
    })

    test('when the connection returns, stores showing a saved copy fetch fresh data and the saved-data note goes', async () => {
      const first = createResource('test:reconnect', async () => 'old')
      await first.getState().load()

      setOnLine(false)
      let calls = 0
      const store = createResource('test:reconnect', async () => {
        calls++
        if (navigator.onLine === false) throw new ApiError(0, 'You appear to be offline.')
        return 'new'
      })
      await quiet(() => store.getState().load())
      expect(store.getState()).toMatchObject({ data: 'old', fromCache: true, status: 'error' })
      expect(Object.keys(useSavedData.getState())).toEqual(['test:reconnect'])

      setOnLine(true)
      window.dispatchEvent(new Event('online'))
      for (let i = 0; i < 50 && store.getState().status !== 'ready'; i++) await Bun.sleep(10)
      expect(calls).toBe(2)
      expect(store.getState()).toMatchObject({ data: 'new', fromCache: false, status: 'ready' })
      // (Stores from earlier tests here retry too; their fetchers still fail, so only this key is checked.)
      expect(useSavedData.getState()['test:reconnect']).toBeUndefined()
    })
  })
})
