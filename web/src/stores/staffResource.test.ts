import { beforeEach, describe, expect, test } from 'bun:test'
import { clear, get, keys, set } from 'idb-keyval'
import { ApiError } from '../api/client'
import { createResource } from './resource'
import { STAFF_SAVED_PREFIX } from '../storage-keys'
import { forgetSavedStartingWith } from './storage'
import { quiet } from '../../test/quiet'

beforeEach(async () => {
  await clear()
})

describe('staff lists (createResource with staff: true)', () => {
  test('the server answers: shown as fresh and saved under the staff prefix; unreachable later: the saved copy, marked so', async () => {
    let reachable = true
    const fetcher = async () => {
      if (!reachable) throw new ApiError(0, 'You appear to be offline.')
      return ['quiz night']
    }
    await createResource('test-staff-list', fetcher, { staff: true }).getState().load()
    expect(await get(`${STAFF_SAVED_PREFIX}test-staff-list`)).toMatchObject({ data: ['quiz night'] })
    reachable = false
    const afterReload = createResource('test-staff-list', fetcher, { staff: true })
    await afterReload.getState().load()
    expect(afterReload.getState()).toMatchObject({ data: ['quiz night'], status: 'ready', fromCache: true })
  })

  test("unreachable after a change's reply became the list: the list keeps it, not the older copy saved on the device", async () => {
    // A gallery moved online (the reply's order put on screen), then the read that follows the change
    // met no signal: the saved copy from before the move must not undo it on screen.
    let reachable = true
    const store = createResource(
      'test-staff-newer',
      async () => {
        if (!reachable) throw new ApiError(0, 'You appear to be offline.')
        return ['first', 'second']
      },
      { staff: true },
    )
    await store.getState().load()
    store.setState({ data: ['second', 'first'] })
    reachable = false
    await store.getState().load()
    expect(store.getState()).toMatchObject({ data: ['second', 'first'], status: 'ready', fromCache: true })
  })

  test('a read after a change, asked while an older read is under way, is made after it and shows the change', async () => {
    // The screen's read went out before an upload landed; the upload's landing asks for the list: joining
    // that read would leave the upload out of the list.
    const onServer = [['before the upload']]
    let answer!: () => void
    let reads = 0
    const store = createResource(
      'test-staff-after-change',
      () => {
        reads++
        const list = onServer.at(-1)!
        return reads === 1 ? new Promise<string[]>((resolve) => (answer = () => resolve(list))) : Promise.resolve(list)
      },
      { staff: true },
    )
    const mounted = store.getState().load()
    await Bun.sleep(0)
    onServer.push(['before the upload', 'uploaded'])
    const afterUpload = store.getState().load({ afterChange: true })
    // Two more changes land meanwhile: one read after the first read covers them all.
    const afterMore = [store.getState().load({ afterChange: true }), store.getState().load({ afterChange: true })]
    answer()
    await Promise.all([mounted, afterUpload, ...afterMore])
    expect(reads).toBe(2)
    expect(store.getState().data).toEqual(['before the upload', 'uploaded'])
    // With nothing under way, a read after a change is made at once.
    await store.getState().load({ afterChange: true })
    expect(reads).toBe(3)
  })

  test('nothing is shown before the server answers, and a server error is not covered by the saved copy', async () => {
    await set(`${STAFF_SAVED_PREFIX}test-staff-error`, { data: ['old'], savedAt: 1 })
    let fail: (error: unknown) => void = () => {}
    const store = createResource('test-staff-error', () => new Promise<string[]>((_, reject) => (fail = reject)), { staff: true })
    const loading = quiet(() => store.getState().load())
    await Bun.sleep(0)
    expect(store.getState()).toMatchObject({ data: null, status: 'loading' })
    fail(new ApiError(500, 'Server error'))
    await loading
    expect(store.getState()).toMatchObject({ data: null, status: 'error', fromCache: false })
  })

  test('keep: false (personal data) is never written to the device', async () => {
    await createResource('test-staff-private', async () => [{ email: 'a@example.com' }], { staff: true, keep: false })
      .getState()
      .load()
    expect(await keys()).toEqual([])
  })

  test('reset empties the store; signing out forgets staff lists and leaves public data', async () => {
    const store = createResource('test-staff-reset', async () => ['a'], { staff: true })
    await store.getState().load()
    await set('events', { data: ['public'], savedAt: 1 })
    store.getState().reset()
    expect(store.getState()).toMatchObject({ data: null, status: 'idle', fromCache: false })
    await forgetSavedStartingWith(STAFF_SAVED_PREFIX)
    expect(await keys()).toEqual(['events'])
  })

  test('a read still on its way when the store is reset (staff signed out) neither shows nor saves its list, nor holds up the next read', async () => {
    const answers: ((list: string[]) => void)[] = []
    const store = createResource('test-staff-reset-midway', () => new Promise<string[]>((resolve) => answers.push(resolve)), { staff: true })
    const before = store.getState().load()
    await Bun.sleep(0)
    store.getState().reset()
    // The next read starts at once rather than joining the one from before the reset.
    const after = store.getState().load()
    await Bun.sleep(0)
    expect(answers).toHaveLength(2)
    answers[1]!(['after'])
    await after
    answers[0]!(['before'])
    await before
    expect(store.getState()).toMatchObject({ data: ['after'], status: 'ready' })
    expect(await get(`${STAFF_SAVED_PREFIX}test-staff-reset-midway`)).toMatchObject({ data: ['after'] })

    const signedOut = store.getState().load()
    await Bun.sleep(0)
    store.getState().reset()
    answers[2]!(['after sign-out'])
    await signedOut
    expect(store.getState()).toMatchObject({ data: null, status: 'idle' })
    expect(await get(`${STAFF_SAVED_PREFIX}test-staff-reset-midway`)).toMatchObject({ data: ['after'] })
  })
})
