import type { OutboxEntry } from './types'
import { STAFF_TOKEN_KEY } from '../../storage-keys'

/**
 * The one place that says how each channel is sent: 'admin' entries carry the staff token read from
 * the device at send time (so a login in any tab counts at once), 'public' ones (the contact form)
 * carry none. Nothing configures this at run time, so no caller can override another.
 */
export function tokenFor(channel: OutboxEntry['channel']): string | null {
  if (channel === 'public') return null
  try {
    return localStorage.getItem(STAFF_TOKEN_KEY) || null
  } catch {
    return null
  }
}

/** The member a staff token was given to (its `sub`), or null when the token says nothing readable (the server checks it either way). */
export function memberOf(token: string | null): string | null {
  const payload = token?.split('.')[1]
  if (!payload) return null
  try {
    const { sub } = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown }
    return typeof sub === 'string' || typeof sub === 'number' ? String(sub) : null
  } catch {
    return null
  }
}

/**
 * Whether the entry belongs to whoever is signed in on this device now: a staff change goes only with
 * the token of the member who made it (sent with another's, the server would apply it as theirs: their
 * name in the activity trail, their role's rights) and is shown only to them. Public entries, and
 * staff ones with no member recorded or no member signed in (they wait for a login), belong to all.
 */
export function byTheMemberSignedIn(entry: Pick<OutboxEntry, 'channel' | 'by'>): boolean {
  if (entry.channel !== 'admin' || !entry.by) return true
  const token = tokenFor('admin')
  const member = memberOf(token)
  return !token || member === null || member === entry.by
}

/** The staff token on this device, or null (the Login page stores a new one before any store hears of it). */
export const staffToken = () => tokenFor('admin')
