/**
 * The staff shell's state: the dashboard's server check, and what every staff list shares (each
 * feature's list store is in its folder, store.ts; they fetch through adminGet, so a 401 signs out).
 */
import { create } from 'zustand'
import { ApiError } from '../../api/client'
import type { DashboardReply } from '../../api/types'
import { STAFF_SAVED_PREFIX } from '../../storage-keys'
import { forgetSavedStartingWith } from '../../stores'
import { adminGet, onChangeLanded } from '../adminApi'
import { noteMember, useStaffMember } from '../session'
import { kindOf, staffStores } from './registry'

// A change landed (sent at once, or queued long before): the list that shows it is read again, after
// any read already under way. The screens leave this to here: one read per change.
onChangeLanded((entry) => {
  const list = kindOf(entry)?.list
  if (list && list.getState().status !== 'idle') void list.getState().load({ afterChange: true })
})

/** Where versions before the one read cache kept staff lists (removed on sign-out too). */
const LEGACY_CACHE_DB = 'venue-admin-cache'

let legacyCacheGone = false

/** Staff lists saved on this device go on sign-out; public data stays. */
export async function clearAdminCache(): Promise<void> {
  await forgetSavedStartingWith(STAFF_SAVED_PREFIX)
  if (legacyCacheGone || typeof indexedDB === 'undefined') return
  legacyCacheGone = true
  await new Promise<void>((done) => {
    const request = indexedDB.deleteDatabase(LEGACY_CACHE_DB)
    request.onsuccess = request.onerror = request.onblocked = () => done()
  })
}

export type DashboardState =
  | { status: 'loading' }
  | { status: 'granted'; message: string; username: string; messageRetentionDays?: number }
  | { status: 'denied' }
  | { status: 'offline' }

/** The dashboard's server check: 401 is the dashboard's own business (it shows 'Access denied...'). */
export const useDashboard = create<DashboardState & { check(options?: { quiet?: boolean }): Promise<void> }>((set) => ({
  status: 'loading',
  /** `quiet`: no "Loading…" in between (a re-check because the server answered something else). */
  async check({ quiet = false } = {}) {
    if (!quiet) set({ status: 'loading' })
    try {
      const reply = await adminGet<DashboardReply>('/api/admin/dashboard', { signOutOn401: false })
      if (reply?.message === 'Access granted!') {
        noteMember(reply)
        set({ status: 'granted', message: reply.message, username: reply.username, messageRetentionDays: reply.message_retention_days })
      } else set({ status: 'denied' })
    } catch (error) {
      if (error instanceof ApiError && error.isNetwork) set({ status: 'offline' })
      else set({ status: 'denied' })
    }
  },
}))

/** Every admin store back to empty (tests, and signing out). */
export function resetAdminStores(): void {
  for (const store of staffStores()) store.getState().reset()
  useStaffMember.setState({ username: null, role: null, mustChangePassword: false })
  useDashboard.setState({ status: 'loading' })
}
