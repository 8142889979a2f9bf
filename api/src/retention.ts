import { pruneKnownAddresses } from './auth/known-addresses'
import { KNOWN_ADDRESS_MS } from './auth/login-throttle'
import type { AppContext } from './context'
import { pruneActivity } from './features/activity/store'
import { pruneMessages } from './features/contact/store'

export const RETENTION_SWEEP_MS = 24 * 60 * 60 * 1000

/**
 * Deletes what the venue keeps only for a while: activity entries past ACTIVITY_RETENTION_DAYS,
 * contact messages past MESSAGE_RETENTION_DAYS, staff sessions whose tokens have expired, and addresses
 * no member has logged in from for 30 days (the login throttle no longer counts them as known).
 * The server runs it at start-up and daily.
 */
export function pruneExpired(ctx: AppContext): { activity: number; messages: number; sessions: number; knownAddresses: number } {
  const now = ctx.now()
  const sessionsBefore = new Date(now.getTime() - ctx.config.jwtTtlSeconds * 1000).toISOString()
  const result = {
    activity: pruneActivity(ctx.db, ctx.config.activityRetentionDays, now),
    messages: pruneMessages(ctx.db, ctx.config.messageRetentionDays, now),
    sessions: ctx.db.query('DELETE FROM staff_sessions WHERE created_at < ?').run(sessionsBefore).changes,
    knownAddresses: pruneKnownAddresses(ctx.db, now.getTime() - KNOWN_ADDRESS_MS),
  }
  if (result.activity || result.messages || result.knownAddresses) console.log(JSON.stringify({ level: 'info', msg: 'retention', deleted: result }))
  return result
}
