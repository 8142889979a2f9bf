import { Elysia } from 'elysia'
import { adminGuard } from '../../auth/guard'
import type { AppContext } from '../../context'

export function eventsRoutes(ctx: AppContext) {
  return new Elysia({ name: 'feature.events', prefix: '/api' }).use(adminGuard(ctx))
}
