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

/** The staff token on this device, or null (the Login page stores a new one before any store hears of it). */
export const staffToken = () => tokenFor('admin')
