import { Elysia } from 'elysia'
import { adminGuard } from '../../auth/guard'
import type { AppContext } from '../../context'

export function menusRoutes(ctx: AppContext) {
  return new Elysia({ name: 'feature.menus', prefix: '/api' }).use(adminGuard(ctx))
}
