/**
 * What the saved-data banner is told (useShownData): data on screen in place of a reply the server
 * did not give is labelled as saved, whenever in the visit it was fetched, and the label never comes
 * and goes while the server is asked again.
 */
import { afterEach, beforeEach, describe, expect, jest, test } from 'bun:test'
import { clear } from 'idb-keyval'
import { ApiError, TIMED_OUT } from '../api/client'
import { createResource, SLOW_MS, useShownData, type ResourceStore, type ShownData } from './index'
import { quiet } from '../../test/quiet'
import { keepCopy } from './cache'
import { bannerText } from '../shell/OfflineBanner'

/** What the banner is told, `checking` only while it holds (the other facts compared exactly). */
const shownFacts = () => {
  const { checking, ...facts } = useShownData.getState()
  return checking ? { ...facts, checking } : facts
}

/** Stores and listeners a test puts "on screen" (subscribed, as a mounted component is); taken off after each test. */
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

const offline = async (): Promise<string[]> => {
  throw new ApiError(0, 'You appear to be offline.')
}

/** A request the test answers when it chooses: `made` settles once the store has asked. */
function heldReply() {
  let made!: () => void
  let answered!: (data: string[]) => void
  const asked = {
    made: new Promise<void>((resolve) => (made = resolve)),
    answer: () => {
      made()
      return new Promise<string[]>((resolve) => (answered = resolve))
    },
  }
  return { asked, reply: (data: string[]) => answered(data) }
}

describe('the saved-data banner', () => {
  test('data fetched earlier in this visit is labelled as saved once a newer reply is overdue, and still when the request gives up', async () => {
    let answer: () => Promise<string[]> = async () => ['08:00–22:00']
    const store = show(createResource<string[]>('test:earlier-in-visit', () => answer()))
    await store.getState().load()
    const savedAt = store.getState().savedAt!
    expect(shownFacts()).toEqual({ savedAt: null, missing: false })
    // The visitor moves to another page showing the same data; the server now hangs.
    let giveUp!: (error: Error) => void
    answer = () => new Promise((_, reject) => (giveUp = reject))
    jest.useFakeTimers()
    try {
      const again = store.getState().load()
      jest.advanceTimersByTime(SLOW_MS - 1)
      expect(useShownData.getState().savedAt).toBeNull()
      jest.advanceTimersByTime(1)
      expect(shownFacts()).toEqual({ savedAt, missing: false })
      giveUp(new ApiError(0, TIMED_OUT))
      await quiet(() => again)
    } finally {
      jest.useRealTimers()
    }
    expect(store.getState()).toMatchObject({ data: ['08:00–22:00'], savedAt, status: 'error' })
    expect(shownFacts()).toEqual({ savedAt, missing: false })
  })

  test('the banner never flickers: once it speaks for data on screen, it stays through every new try until a reply arrives', async () => {
    await createResource('test:steady', async () => ['quiz night'])
      .getState()
      .load()
    let answer: () => Promise<string[]> = offline
    const store = show(createResource<string[]>('test:steady', () => answer()))
    await quiet(() => store.getState().load())
    const savedAt = store.getState().savedAt!
    expect(shownFacts()).toEqual({ savedAt, missing: false })
    const banner: ShownData[] = []
    onScreen.push(useShownData.subscribe((state) => banner.push(state)))
    // The page asks again (another component, a reconnection): a try that fails, then one that is answered.
    await quiet(() => store.getState().load())
    const { asked, reply } = heldReply()
    answer = asked.answer
    const answered = store.getState().load()
    await asked.made
    expect(store.getState().status).toBe('loading')
    expect(banner).toEqual([])
    reply(['quiz night', 'folk evening'])
    await answered
    expect(banner).toEqual([{ savedAt: null, missing: false, checking: false }])
  })

  test('the banner never flickers for data the page is missing either: it says so until a reply arrives', async () => {
    let answer: () => Promise<string[]> = offline
    const store = show(createResource<string[]>('test:steady-missing', () => answer()))
    await quiet(() => store.getState().load())
    expect(shownFacts()).toEqual({ savedAt: null, missing: true })
    const banner: ShownData[] = []
    onScreen.push(useShownData.subscribe((state) => banner.push(state)))
    const { asked, reply } = heldReply()
    answer = asked.answer
    const answered = store.getState().load()
    await asked.made
    expect(banner).toEqual([])
    reply(['quiz night'])
    await answered
    expect(banner).toEqual([{ savedAt: null, missing: false, checking: false }])
  })
})

describe('a page opened without a connection', () => {
  test('is neither called missing nor "pages you have visited" while its saved copy is still being read from the device: the banner goes straight to the saved time', async () => {
    const savedAt = Date.now() - 60_000
    await keepCopy('test:read-from-device', ['Monday 08:00–22:00'], savedAt)
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false })
    try {
      const store = show(createResource<string[]>('test:read-from-device', offline))
      const banner: ShownData[] = []
      onScreen.push(useShownData.subscribe((state) => banner.push(state)))
      await quiet(() => store.getState().load())
      expect(banner.at(-1)).toEqual({ savedAt, missing: false, checking: false })
      // What the banner says at each step: nothing while the device is read, then the saved time; no sentence taken back.
      const said = banner.map((state) => bannerText(false, state)).filter((text, i, all) => text !== all[i - 1])
      expect(said).toEqual([null, bannerText(false, { savedAt, missing: false })])
    } finally {
      delete (navigator as unknown as Record<string, unknown>).onLine
    }
  })
})
