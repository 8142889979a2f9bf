import { Elysia } from 'elysia'
import { adminGuard } from '../../auth/guard'
import type { AppContext } from '../../context'

export function attractionsRoutes(ctx: AppContext) {
  return new Elysia({ name: 'feature.attractions', prefix: '/api' }).use(adminGuard(ctx))
}
