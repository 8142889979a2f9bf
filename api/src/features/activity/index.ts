import { Elysia } from 'elysia'
import { adminGuard } from '../../auth/guard'
import type { AppContext } from '../../context'
import { badRequest } from '../../http/errors'
import { ActivityList, ActivityQuery } from './model'
import { ACTIVITY_PAGE_DEFAULT, ACTIVITY_PAGE_MAX, listActivity } from './store'

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
        return listActivity(ctx.db, {
          member: query.member?.trim() || undefined,
          kind: query.kind?.trim() || undefined,
          before: query.before === undefined ? undefined : Number(query.before),
          limit: Math.min(limit, ACTIVITY_PAGE_MAX),
        })
      },
      { admin: true, owner: true, query: ActivityQuery, response: ActivityList },
    )
}
