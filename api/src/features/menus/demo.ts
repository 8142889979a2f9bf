import type { AppContext } from '../../context'
import { BUSINESS_IDS } from '../../shared/rules/venues'
import { MENU_PDF } from '../../shared/rules/uploads'
import { countMenus, replaceMenu } from './store'
import { sectionsOfStoredFile } from './text'

export type Section = { heading: string; items: [string, string][] }

export const stablesMenu: Section[] = [
  {
    heading: 'Pub Classics (served from noon)',
    items: [
      ['Beer-battered fish & chips, mushy peas', '£16.50'],
      ['Steak & ale pie, mash, seasonal greens', '£16.95'],
      ['Stables beef burger, cheddar, chips', '£15.50'],
      ['Mushroom & lentil burger, chips (vegan)', '£14.50'],
      ['Sausage & mash, onion gravy', '£14.25'],
    ],
  },
  {
    heading: 'Sandwiches (until 5pm)',
    items: [
      ['Roast beef & horseradish', '£9.50'],
      ['Ham & wholegrain mustard', '£8.50'],
      ['Mature cheddar & pickle', '£7.95'],
      ["Ploughman's board", '£12.95'],
      ['Add a bowl of chips', '£3.50'],
    ],
  },
  {
    heading: 'Local Ales (per pint)',
    items: [
      ['Larkdale Bitter 3.9%', '£4.60'],
      ['Fellside Pale 4.2%', '£4.80'],
      ['Dark Ridge Porter 4.8%', '£5.10'],
      ['Orchard Cloudy Cider 5.0%', '£4.90'],
    ],
  },
]

export const cafeMenu: Section[] = [
  {
    heading: 'Breakfast (from 8am)',
    items: [
      ['Full breakfast', '£13.50'],
      ['Vegetarian full breakfast', '£12.95'],
      ['Buttermilk pancakes, bacon & maple syrup', '£9.50'],
      ['Pancakes, berries & yoghurt', '£8.95'],
      ['Porridge with local honey', '£5.50'],
    ],
  },
  {
    heading: 'Lunch (from noon)',
    items: [
      ['Soup of the day, crusty bread', '£7.50'],
      ['Coronation chicken sandwich', '£8.50'],
      ['Brie & cranberry sandwich', '£8.25'],
      ['Smoked salmon & cream cheese sandwich', '£9.25'],
      ['Jacket potato, cheese & beans', '£8.95'],
    ],
  },
  {
    heading: 'Cakes & Drinks',
    items: [
      ['Victoria sponge', '£4.25'],
      ['Lemon drizzle cake', '£3.95'],
      ['Scone, jam & clotted cream', '£4.50'],
      ['Pot of tea', '£3.20'],
      ['Flat white', '£3.60'],
    ],
  },
]

/** Demo content for the fictional venue; adds nothing when the table already has rows. */
export async function seedMenus(ctx: AppContext): Promise<void> {
  if (countMenus(ctx.db) > 0) return
  const rules = { label: 'Menu PDF', accept: MENU_PDF.types, maxBytes: MENU_PDF.maxBytes }
  const stablesPdf = await ctx.worker.run('demoMenu', { title: 'The Stables — Bar Menu', sections: stablesMenu })
  const cafePdf = await ctx.worker.run('demoMenu', { title: `${ctx.venue().hotelName} — Cafe Menu`, sections: cafeMenu })
  const stables = await ctx.files.save(stablesPdf, rules)
  const cafe = await ctx.files.save(cafePdf, rules)
  // Read as an uploaded menu is, by the same code: the seed shows what an upload gives.
  const [stablesText, cafeText] = [await sectionsOfStoredFile(ctx.files, stables.name), await sectionsOfStoredFile(ctx.files, cafe.name)]
  ctx.db.transaction(() => {
    replaceMenu(ctx.db, BUSINESS_IDS.stables, '1', stables.name, stablesText)
    replaceMenu(ctx.db, BUSINESS_IDS.hotel, '1', cafe.name, cafeText)
  })()
}
