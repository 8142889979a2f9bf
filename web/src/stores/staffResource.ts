/**
 * Staff lists (admin/features/<feature>/store.ts): shown only once the server answers, and the copy
 * saved on the device only when the server cannot be reached. The offline banner and picture saving
 * are for public pages and leave them out.
 */
import { createStore } from 'zustand/vanilla'
import { ApiError, type RequestOptions } from '../api/client'
import { asHook, EMPTY, failureText, keepCopy, readCopy, type LoadOptions, type Resource, type ResourceStore } from './cache'
import { fetchesAhead } from './fetchAhead'

/** `cacheKey` already carries STAFF_SAVED_PREFIX; `keep` false: never written to the device. */
export function createStaffResource<T>(cacheKey: string, fetcher: (request: RequestOptions) => Promise<T>, keep: boolean): ResourceStore<T> {
  let inFlight: Promise<void> | null = null
  /** The read asked for by changes that landed while another was under way: made once that one ends. */
  let nextRead: Promise<void> | null = null
  /** Requests sent so far, and how many had been sent when the last change asked for a read. */
  let requestsSent = 0
  let changeAskedAt = 0
  /** Changes landed so far (each asks for a read): a read looks again only for one that landed after it was sent. */
  let changesLanded = 0
  const request = () => {
    requestsSent++
    return fetcher({})
  }
  /** Moved on by reset (sign-out): a read begun before it neither shows, saves nor ends what came after. */
  let generation = 0
  const api = createStore<Resource<T>>()((setState, getState) => {
    /** The server's reply, else (unreachable) the saved copy; 401 is adminGet's business. */
    const loadStaffList = (): Promise<void> => {
      if (inFlight) return inFlight
      const mine = generation
      const current = () => mine === generation
      const flight = (async () => {
        setState({ status: 'loading' })
        try {
          let shown = getState().data
          let landedBefore = changesLanded
          let data = await request()
          // A change that landed after this read was sent put its reply on screen meanwhile: the answer
          // may be older, so read again rather than undo the change. A reply shown of a change that had
          // landed before (a landed change asks for this read, then its screen shows the reply) is in it.
          for (let again = 0; current() && changesLanded > landedBefore && getState().data !== shown && again < 2; again++) {
            shown = getState().data
            landedBefore = changesLanded
            data = await request()
          }
          if (!current()) return
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
        if (inFlight === flight) inFlight = null
      })
      inFlight = flight
      return flight
    }
    /** A read made after any read under way: its answer includes every change landed before this call. */
    const loadAfterChange = (): Promise<void> => {
      changesLanded++
      if (!inFlight) return loadStaffList()
      changeAskedAt = requestsSent
      if (!nextRead) {
        const mine = generation
        nextRead = inFlight.then(() => {
          nextRead = null
          // That read asked again after the change (its reply was on screen first): its answer is new enough.
          const answeredSince = requestsSent > changeAskedAt && getState().status === 'ready' && !getState().fromCache
          return mine === generation && !answeredSince ? loadStaffList() : undefined
        })
      }
      return nextRead
    }
    const reset = () => {
      generation++
      inFlight = null
      nextRead = null
      setState({ ...EMPTY })
    }
    const loadAhead = fetchesAhead(() => loadStaffList())
    return { ...EMPTY, load: (options?: LoadOptions) => (options?.afterChange ? loadAfterChange() : loadAhead(options)), reset }
  })
  return asHook(api)
}
