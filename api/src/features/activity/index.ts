import { Elysia } from 'elysia'
import { adminGuard } from '../../auth/guard'
import type { AppContext } from '../../context'
import { badRequest } from '../../http/errors'
import { isRealDate } from '../../shared/time'
import { ActivityList, ActivityQuery } from './model'
import { ACTIVITY_PAGE_DEFAULT, ACTIVITY_PAGE_MAX, listActivity } from './store'

/** What other features may use: the field-by-field difference an edit's trail entry records. */
export { changesBetween } from './store'

/** The last day an ISO date (and the trail's `at` text) can name. */
const LAST_DAY = '9999-12-31'

/** The trail of who changed what, newest first, a page at a time (`before` is the last id of the page before). */
export function activityRoutes(ctx: AppContext) {
  return new Elysia({ name: 'feature.activity', prefix: '/api' })
    .use(adminGuard(ctx))
    .onAfterHandle(({ set }) => {
      set.headers['cache-control'] = 'no-store'
    })
    .get(
      '/admin/activity',
      ({ query }) => {
        const limit = query.limit === undefined ? ACTIVITY_PAGE_DEFAULT : Number(query.limit)
        if (limit < 1) throw badRequest(`limit must be a whole number from 1 to ${ACTIVITY_PAGE_MAX}.`)
        for (const date of [query.from, query.to]) if (date !== undefined && !isRealDate(date)) throw badRequest(`'${date}' is not a real date.`)
        // Whole days, from the start of \`from\` to the end of \`to\` (server time is UTC).
        const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString()
        return listActivity(ctx.db, {
          member: query.member?.trim() || undefined,
          kind: query.kind?.trim() || undefined,
          before: query.before === undefined ? undefined : Number(query.before),
          since: query.from === undefined ? undefined : new Date(`${query.from}T00:00:00Z`).toISOString(),
          // The day after 9999-12-31 is written '+010000-…', which sorts before every entry: no upper bound then.
          until: query.to === undefined || query.to >= LAST_DAY ? undefined : dayAfter(query.to),
          limit: Math.min(limit, ACTIVITY_PAGE_MAX),
        })
      },
      { admin: true, owner: true, query: ActivityQuery, response: ActivityList },
    )
}
