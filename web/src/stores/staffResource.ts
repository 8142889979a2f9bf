/**
 * Staff lists (admin/features/<feature>/store.ts): shown only once the server answers, and the copy
 * saved on the device only when the server cannot be reached. The offline banner and picture saving
 * are for public pages and leave them out.
 */
import { createStore } from 'zustand/vanilla'
import { ApiError, type RequestOptions } from '../api/client'
import { asHook, EMPTY, failureText, keepCopy, readCopy, type Resource, type ResourceStore } from './cache'
import { fetchesAhead } from './fetchAhead'

/** `cacheKey` already carries STAFF_SAVED_PREFIX; `keep` false: never written to the device. */
export function createStaffResource<T>(cacheKey: string, fetcher: (request: RequestOptions) => Promise<T>, keep: boolean): ResourceStore<T> {
  /** The read under way; `answered` once the server replied (a load asked after that reads again). */
  let inFlight: { promise: Promise<void>; answered: boolean } | null = null
  /** Moved on by reset (sign-out): a read begun before it neither shows, saves nor ends what came after. */
  let generation = 0
  const api = createStore<Resource<T>>()((setState, getState) => {
    /** The server's reply, else (unreachable) the saved copy; 401 is adminGet's business. */
    const loadStaffList = (): Promise<void> => {
      // Joined only while its reply is still to come: asked after it (a change landed meanwhile), the
      // caller wants a list read after its own moment, not the one being saved on the device.
      if (inFlight && !inFlight.answered) return inFlight.promise
      const mine = generation
      const current = () => mine === generation
      const read = { answered: false }
      const flight = (async () => {
        setState({ status: 'loading' })
        try {
          let shown = getState().data
          let data = await fetcher({})
          // A change's reply put newer data on screen while this read was on its way (sent before the
          // change landed): its answer may be older, so read again rather than undo the change.
          for (let again = 0; current() && getState().data !== shown && again < 2; again++) {
            shown = getState().data
            data = await fetcher({})
          }
          if (!current()) return
          read.answered = true
          const savedAt = Date.now()
          setState({ data, savedAt, status: 'ready', error: null, fromCache: false })
          if (keep) await keepCopy(cacheKey, data, savedAt)
        } catch (error) {
          if (!current()) return
          const unreachable = error instanceof ApiError ? error.isNetwork : false
          // On screen is at least as new as the saved copy (a change's reply may be there): keep it, not refreshed.
          if (unreachable && getState().data !== null) return setState({ status: 'ready', error: null, fromCache: true })
          const saved = keep && unreachable ? await readCopy<T>(cacheKey) : undefined
          if (saved) {
            setState({ data: saved.data, savedAt: saved.savedAt, status: 'ready', error: null, fromCache: true })
            return
          }
          console.error('Admin list failed to load:', error)
          setState({ status: 'error', error: failureText(error) })
        }
      })().finally(() => {
        if (inFlight?.promise === flight) inFlight = null
      })
      inFlight = Object.assign(read, { promise: flight })
      return flight
    }
    const reset = () => {
      generation++
      inFlight = null
      setState({ ...EMPTY })
    }
    return { ...EMPTY, load: fetchesAhead(() => loadStaffList()), reset }
  })
  return asHook(api)
}
