import type { AppContext } from '../../context'
import { palettes, type Palette } from '../../seed/demo-images'
import type { GalleryType } from './model'
import { GALLERY_IMAGE } from '../../shared/rules/uploads'
import { countGalleryImages, insertGalleryImages, type NewGalleryImage } from './store'

interface DemoPicture {
  caption: string
  palette: Palette
  width?: number
  height?: number
}

/** Listed in the order visitors should see them. */
const DEMO_GALLERIES: Record<GalleryType, DemoPicture[]> = {
  generic: [
    { caption: 'Morning mist over the dale', palette: palettes.dawn },
    { caption: 'The hotel from the river path', palette: palettes.day },
    { caption: 'Summer evening on the terrace', palette: palettes.dusk },
    { caption: 'Walkers setting out after breakfast', palette: palettes.moss },
    { caption: 'First snow on the fells', palette: palettes.day, width: 800, height: 1000 },
    { caption: 'The walled garden in bloom', palette: palettes.moss },
    { caption: 'Sunset over Larkdale Head', palette: palettes.dusk },
    { caption: 'Stars above the valley', palette: palettes.night },
  ],
  cafe: [
    { caption: 'Breakfast in the cafe', palette: palettes.dawn },
    { caption: 'Scones fresh from the oven', palette: palettes.hearth },
    { caption: 'Coffee by the window', palette: palettes.day, width: 800, height: 1000 },
    { caption: 'Lunch on the terrace', palette: palettes.moss },
    { caption: 'Homemade cakes on the counter', palette: palettes.dawn },
  ],
  rooms: [
    { caption: 'Double room with a view', palette: palettes.day },
    { caption: 'Cosy twin room', palette: palettes.hearth },
    { caption: 'Family suite under the eaves', palette: palettes.dawn },
    { caption: 'Morning light in the garden room', palette: palettes.moss, width: 800, height: 1000 },
    { caption: 'Roll-top bath with a valley view', palette: palettes.dusk },
  ],
  stables: [
    { caption: 'Log fire in the Stables', palette: palettes.hearth },
    { caption: 'Local ales on tap', palette: palettes.dusk },
    { caption: 'Quiz night at the bar', palette: palettes.night },
    { caption: 'Pub grub from noon', palette: palettes.hearth, width: 800, height: 1000 },
    { caption: 'Summer evening in the courtyard', palette: palettes.dusk },
  ],
  events: [
    { caption: 'Folk music night in the Stables', palette: palettes.night },
    { caption: 'Christmas wreath workshop', palette: palettes.hearth },
    { caption: 'Wine tasting evening', palette: palettes.dusk },
    { caption: 'Midsummer barbecue', palette: palettes.day },
  ],
}

/** Demo content for the fictional venue; adds nothing when the table already has rows. */
export async function seedGalleries(ctx: AppContext): Promise<void> {
  if (countGalleryImages(ctx.db) > 0) return
  const pictures = (Object.entries(DEMO_GALLERIES) as [GalleryType, DemoPicture[]][]).flatMap(([type, list]) => list.map((picture) => ({ type, ...picture })))
  // Drawn in parallel: the demo seed runs on a first start and in tests, so it should take about a second, not several.
  const images = await Promise.all(
    pictures.map((picture, index) =>
      ctx.worker.run('demoImage', {
        caption: picture.caption,
        palette: picture.palette,
        width: picture.width ?? 1200,
        height: picture.height ?? 750,
        seed: index + 1,
      }),
    ),
  )
  const files = await Promise.all(
    images.map((image) => ctx.files.save(image, { label: 'Demo image', accept: ['image/jpeg'], maxBytes: GALLERY_IMAGE.maxBytes })),
  )
  // Each caption is a real description, so it is the picture's staff-written alt text too.
  const rows: NewGalleryImage[] = pictures.map((picture, index) => ({
    type: picture.type,
    image: files[index]!.name,
    alt: picture.caption,
    alt_text: picture.caption,
  }))
  ctx.db.transaction(() => insertGalleryImages(ctx.db, rows))()
}
