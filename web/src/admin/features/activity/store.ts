/** The activity trail (owners): newest first, a page at a time; never kept on the device. */
import { create } from 'zustand'
import { ApiError } from '../../../api/client'
import type { ActivityEntry } from '../../../api/types'
import { adminGet } from '../../adminApi'

/** Entries per page (the server allows up to 100). */
export const ACTIVITY_PAGE = 50

/** What the list is narrowed to; '' means no narrowing. Dates are whole days, YYYY-MM-DD. */
export interface ActivityFilters {
  /** Only this kind of change. */
  kind: string
  /** Only changes by this username. */
  member: string
  /** From the start of this day. */
  from: string
  /** To the end of this day. */
  to: string
}

export const NO_FILTERS: ActivityFilters = { kind: '', member: '', from: '', to: '' }

export interface ActivityState {
  entries: ActivityEntry[]
  status: 'idle' | 'loading' | 'ready' | 'error'
  /** The failure's text (an editor's 403, offline, a bad date) when status is 'error'. */
  error: string | null
  /** A full page came back: there may be older entries. */
  more: boolean
  filters: ActivityFilters
  /** The first page again (with the given filters changed); `older`: the next page after the last entry shown. */
  load(options?: Partial<ActivityFilters> & { older?: boolean }): Promise<void>
  reset(): void
}

const EMPTY: Pick<ActivityState, 'entries' | 'status' | 'error' | 'more' | 'filters'> = {
  entries: [],
  status: 'idle',
  error: null,
  more: false,
  filters: NO_FILTERS,
}

/** The query the server takes for these filters and page. */
export function activityQuery(filters: ActivityFilters, before?: number): string {
  const query = new URLSearchParams({ limit: String(ACTIVITY_PAGE) })
  const member = filters.member.trim()
  if (member) query.set('member', member)
  if (filters.kind) query.set('kind', filters.kind)
  if (filters.from) query.set('from', filters.from)
  if (filters.to) query.set('to', filters.to)
  if (before !== undefined) query.set('before', String(before))
  return query.toString()
}

export const useActivity = create<ActivityState>((set, get) => ({
  ...EMPTY,
  async load({ older = false, ...changed } = {}) {
    const filters = { ...get().filters, ...changed }
    const before = older ? get().entries.at(-1)?.id : undefined
    set({ status: 'loading', filters, ...(older ? {} : { entries: [] }) })
    // A filter changed while this page was on its way: its answer is for a list no longer shown.
    const stale = () => get().filters !== filters
    try {
      const page = await adminGet<ActivityEntry[]>(`/api/admin/activity?${activityQuery(filters, before)}`)
      if (stale()) return
      set((state) => ({ entries: older ? [...state.entries, ...page] : page, status: 'ready', error: null, more: page.length === ACTIVITY_PAGE }))
    } catch (error) {
      if (stale()) return
      set({ status: 'error', error: error instanceof ApiError ? error.message : String(error) })
    }
  },
  reset: () => set(EMPTY),
}))
