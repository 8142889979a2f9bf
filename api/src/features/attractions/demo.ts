import type { AppContext } from '../../context'
import { palettes } from '../../seed/demo-images'
import { ATTRACTION_IMAGE } from '../../shared/rules/uploads'
import { countAttractions, insertAttraction, type AttractionFields } from './store'

const DEMO_ATTRACTIONS = [
  {
    name: 'Larkdale Force',
    url: 'https://example.org/larkdale-force',
    description:
      'A twenty-metre waterfall at the end of a short woodland walk from the hotel, at its best after rain. Wear boots: the last stretch can be muddy.',
    palette: palettes.moss,
  },
  {
    name: 'Riverside and Ridge Walks',
    url: 'https://example.org/larkdale-walks',
    description: 'Waymarked circular walks of three to twelve miles start from our front door. Free route maps are kept at reception.',
    palette: palettes.day,
  },
  {
    name: 'Ashbridge Market Town',
    url: 'https://example.org/ashbridge',
    description: 'A stone-built market town ten minutes away by car, with a Tuesday market, independent shops and a riverside park.',
    palette: palettes.dawn,
  },
  {
    name: 'The Old Railway Cycle Trail',
    url: 'https://example.org/old-railway-trail',
    description: 'Fourteen traffic-free miles along a former railway line, through lit tunnels and over high viaducts. Bikes can be hired at the trail head.',
    palette: palettes.dusk,
  },
  {
    name: 'Hallow Castle',
    url: 'https://example.org/hallow-castle',
    description: 'The ruins of a twelfth-century castle on a crag above the dale, with views over three valleys. Open daily from Easter to October.',
    palette: palettes.night,
  },
]

/** Demo content for the fictional venue; adds nothing when the table already has rows. */
export async function seedAttractions(ctx: AppContext): Promise<void> {
  if (countAttractions(ctx.db) > 0) return
  // Drawn in parallel: the demo seed runs on a first start and in tests, so it should stay quick.
  const images = await Promise.all(
    DEMO_ATTRACTIONS.map((place, index) =>
      ctx.worker.run('demoImage', { caption: place.name, palette: place.palette, width: 1200, height: 800, seed: index + 11 }),
    ),
  )
  const files = await Promise.all(
    images.map((image) => ctx.files.save(image, { label: 'Demo image', accept: ['image/jpeg'], maxBytes: ATTRACTION_IMAGE.maxBytes })),
  )
  const rows: AttractionFields[] = DEMO_ATTRACTIONS.map((place, index) => ({
    name: place.name,
    url: place.url,
    description: place.description,
    image: files[index]!.name,
  }))
  const now = ctx.now().toISOString()
  ctx.db.transaction(() => {
    for (const row of rows) insertAttraction(ctx.db, row, now)
  })()
}
