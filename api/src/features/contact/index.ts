import { Elysia } from 'elysia'
import { adminGuard } from '../../auth/guard'
import type { AppContext } from '../../context'

export function contactRoutes(ctx: AppContext) {
  return new Elysia({ name: 'feature.contact', prefix: '/api' }).use(adminGuard(ctx))
}
