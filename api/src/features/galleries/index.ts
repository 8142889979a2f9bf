import { Elysia } from 'elysia'
import { adminGuard } from '../../auth/guard'
import type { AppContext } from '../../context'

export function galleriesRoutes(ctx: AppContext) {
  return new Elysia({ name: 'feature.galleries', prefix: '/api' }).use(adminGuard(ctx))
}
