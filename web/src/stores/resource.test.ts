import { beforeEach, describe, expect, test } from 'bun:test'
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
})
