import type { AppContext } from './context'
import { pruneActivity } from './features/activity/store'
import { pruneMessages } from './features/contact/store'

export const RETENTION_SWEEP_MS = 24 * 60 * 60 * 1000

/**
 * Deletes what the venue keeps only for a while: activity entries past ACTIVITY_RETENTION_DAYS,
 * contact messages past MESSAGE_RETENTION_DAYS, and staff sessions whose tokens have expired.
 * The server runs it at start-up and daily.
 */
export function pruneExpired(ctx: AppContext): { activity: number; messages: number; sessions: number } {
  const now = ctx.now()
  const sessionsBefore = new Date(now.getTime() - ctx.config.jwtTtlSeconds * 1000).toISOString()
  const result = {
    activity: pruneActivity(ctx.db, ctx.config.activityRetentionDays, now),
    messages: pruneMessages(ctx.db, ctx.config.messageRetentionDays, now),
    sessions: ctx.db.query('DELETE FROM staff_sessions WHERE created_at < ?').run(sessionsBefore).changes,
  }
  if (result.activity || result.messages) console.log(JSON.stringify({ level: 'info', msg: 'retention', deleted: result }))
  return result
}
