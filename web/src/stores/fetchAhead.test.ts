import { beforeEach, describe, expect, test } from 'bun:test'
import { clear } from 'idb-keyval'
import { ApiError } from '../api/client'
import { createResource } from './resource'
import { quiet } from '../../test/quiet'

beforeEach(async () => {
  await clear()
})

/** A store whose fetches are counted; each is answered (in order) when `answer()` is called, before or after it starts. */
function countedStore(key: string, fails = false) {
  let fetches = 0
  let answers = 0
  const waiting: (() => void)[] = []
  const store = createResource<string[]>(key, async () => {
    const mine = ++fetches
    if (answers < mine) await new Promise<void>((resolve) => waiting.push(resolve))
    if (fails) throw new ApiError(0, 'You appear to be offline.')
    return ['a photo']
  })
  const answer = () => {
    answers++
    waiting.shift()?.()
  }
  return { store, fetches: () => fetches, answer }
}

describe('a page’s data fetched ahead, while its code downloads', () => {
  test('the page that comes after the data has arrived fetches nothing again', async () => {
    const { store, fetches, answer } = countedStore('test:ahead-done')
    const ahead = store.getState().load({ ahead: true })
    answer()
    await ahead
    await store.getState().load()
    expect({ fetches: fetches(), data: store.getState().data }).toEqual({ fetches: 1, data: ['a photo'] })
  })

  test('the page that comes while it is on its way joins it; its next visit fetches afresh', async () => {
    const { store, fetches, answer } = countedStore('test:ahead-joined')
    const ahead = store.getState().load({ ahead: true })
    const page = store.getState().load()
    answer()
    await Promise.all([ahead, page])
    expect(fetches()).toBe(1)
    const again = store.getState().load()
    answer()
    await again
    expect(fetches()).toBe(2)
  })

  test('a failure stands too: the page shows it at once instead of trying again behind placeholders', async () => {
    const { store, fetches, answer } = countedStore('test:ahead-failed', true)
    await quiet(async () => {
      const ahead = store.getState().load({ ahead: true })
      answer()
      await ahead
    })
    await store.getState().load()
    expect({ fetches: fetches(), status: store.getState().status }).toEqual({ fetches: 1, status: 'error' })
  })

  test('only once: a later load of the same store fetches', async () => {
    const { store, fetches, answer } = countedStore('test:ahead-once')
    const ahead = store.getState().load({ ahead: true })
    answer()
    await ahead
    await store.getState().load()
    const later = store.getState().load()
    answer()
    await later
    expect(fetches()).toBe(2)
  })
})
