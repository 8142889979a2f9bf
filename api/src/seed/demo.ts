import type { AppContext } from '../context'
import { getSetting, setSetting } from '../auth/admin-store'
import { seedAttractions } from '../features/attractions/demo'
import { seedEvents } from '../features/events/demo'
import { seedGalleries } from '../features/galleries/demo'
import { seedHolidays } from '../features/holidays/demo'
import { seedMenus } from '../features/menus/demo'
import { seedPages } from '../features/pages/demo'

/**
 * Fills an empty database with the fictional demo venue's content, once. The marker is written last,
 * so a start that crashed part-way seeds again (each seeder only adds what is missing).
 */
export async function seedDemoContent(ctx: AppContext): Promise<boolean> {
  // Before the marker: a demo database seeded before the pages feature existed gets its pages' words too.
  seedPages(ctx)
  if (getSetting(ctx.db, 'demo_seeded')) return false
  await seedGalleries(ctx)
  await seedAttractions(ctx)
  await seedEvents(ctx)
  await seedMenus(ctx)
  await seedHolidays(ctx)
  setSetting(ctx.db, 'demo_seeded', ctx.now().toISOString())
  return true
}
