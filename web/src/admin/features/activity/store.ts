/** The activity trail (owners): newest first, a page at a time; never kept on the device. */
import { create } from 'zustand'
import { ApiError } from '../../../api/client'
import type { ActivityEntry } from '../../../api/types'
import { adminGet } from '../../adminApi'

/** Entries per page (the server allows up to 100). */
export const ACTIVITY_PAGE = 50

export interface ActivityState {
  entries: ActivityEntry[]
  status: 'idle' | 'loading' | 'ready' | 'error'
  /** The failure's text (an editor's 403, offline) when status is 'error'. */
  error: string | null
  /** A full page came back: there may be older entries. */
  more: boolean
  /** Only this kind of change ('' for every kind). */
  kind: string
  /** The first page again (with `kind`, when given); `older`: the next page after the last entry shown. */
  load(options?: { kind?: string; older?: boolean }): Promise<void>
  reset(): void
}

const EMPTY: Pick<ActivityState, 'entries' | 'status' | 'error' | 'more' | 'kind'> = { entries: [], status: 'idle', error: null, more: false, kind: '' }

export const useActivity = create<ActivityState>((set, get) => ({
  ...EMPTY,
  async load({ kind = get().kind, older = false } = {}) {
    const before = older ? get().entries.at(-1)?.id : undefined
    set({ status: 'loading', kind, ...(older ? {} : { entries: [] }) })
    const query = new URLSearchParams({ limit: String(ACTIVITY_PAGE) })
    if (kind) query.set('kind', kind)
    if (before !== undefined) query.set('before', String(before))
    try {
      const page = await adminGet<ActivityEntry[]>(`/api/admin/activity?${query}`)
      // A filter changed while this page was on its way: its answer is for a list no longer shown.
      if (get().kind !== kind) return
      set((state) => ({ entries: older ? [...state.entries, ...page] : page, status: 'ready', error: null, more: page.length === ACTIVITY_PAGE }))
    } catch (error) {
      if (get().kind !== kind) return
      set({ status: 'error', error: error instanceof ApiError ? error.message : String(error) })
    }
  },
  reset: () => set(EMPTY),
}))
