import { Elysia } from 'elysia'
import { adminGuard } from '../../auth/guard'
import type { AppContext } from '../../context'

export function holidaysRoutes(ctx: AppContext) {
  return new Elysia({ name: 'feature.holidays', prefix: '/api' }).use(adminGuard(ctx))
}
