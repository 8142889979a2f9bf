/** How account screens (My account, Staff) word a call that did not go through: they need the server now. */
import { ApiError } from '../../../api/client'
import { hasServerMessage } from '../../adminApi'
import type { Status } from '../../shell/ui'

/** Account changes are never queued: offline, they are not made at all, and staff are told so. */
export const NEEDS_SERVER =
  'Staff accounts and passwords need a connection to the server: this change was not made and is not kept on this device. Try again when you are back online.'

/** The status for a refused or unanswered account call: the server's reason (a password rule, 403, 409) when it gave one. */
export function accountFailure(error: unknown, fallback: string): Status {
  if (error instanceof ApiError && error.isNetwork) return { text: NEEDS_SERVER, tone: 'error', detail: error.message }
  if (hasServerMessage(error)) return { text: error.message, tone: 'error' }
  console.error(`${fallback}:`, error)
  return { text: fallback, tone: 'error' }
}
