import { Elysia } from 'elysia'
import { adminGuard } from '../../auth/guard'
import type { Venue } from '../../config'
import type { AppContext } from '../../context'
import type { FileStore, StoredFile } from '../../files/file-store'
import { GALLERY_IMAGE } from '../../shared/rules/uploads'
import { badRequest, notFound } from '../../http/errors'
import {
  DeleteGalleryReply,
  GalleryGrouped,
  GalleryIdParams,
  GalleryList,
  GalleryTypeParams,
  UploadGalleryBody,
  UploadGalleryReply,
  type GalleryImage,
} from './model'
import { GALLERY_CATEGORIES, GALLERY_TYPES, MAX_IMAGES_PER_UPLOAD, type GalleryType } from '../../shared/rules/galleries'
import { deleteGalleryImage, findGalleryImage, insertGalleryImages, listGalleryImages, type GalleryRow } from './store'
import { galleryArrangeRoutes } from './arrange'
import { toGalleryImage } from './reply'
import { readAltText } from '../../http/field-readers'

/** The description an image has until staff write one: what its category shows. */
export function defaultAlt(type: GalleryType, venue: Venue): string {
  const subjects: Record<GalleryType, string> = {
    generic: venue.hotelName,
    cafe: 'the cafe',
    rooms: 'one of our rooms',
    stables: venue.barName,
    events: 'one of our events',
  }
  return `Photo of ${subjects[type]}`
}

function parseGalleryType(value: string): GalleryType {
  const type = value.trim().toLowerCase()
  if (!(GALLERY_TYPES as readonly string[]).includes(type)) {
    throw badRequest(`Unknown gallery type '${value}'. Use one of: ${GALLERY_TYPES.join(', ')}.`)
  }
  return type as GalleryType
}

/** Names the file in error messages so staff know which of several images was refused. */
function labelFor(file: File, index: number): string {
  const name = typeof file.name === 'string' && file.name ? file.name.slice(0, 80) : `number ${index + 1}`
  return `Image '${name}'`
}

/** Saves every file or none: when one is refused, the ones already saved are released again. */
async function saveAllImages(files: FileStore, images: File[]): Promise<StoredFile[]> {
  const saved: StoredFile[] = []
  try {
    for (const [index, image] of images.entries()) {
      saved.push(await files.save(image, { label: labelFor(image, index), accept: GALLERY_IMAGE.types, maxBytes: GALLERY_IMAGE.maxBytes }))
    }
  } catch (error) {
    files.discard(saved)
    throw error
  }
  return saved
}

/** The descriptions sent with an upload, one per image in order (checked before any file is saved). */
function readAltTexts(sent: string | string[] | undefined, imageCount: number): (string | null)[] {
  const texts = sent === undefined ? [] : Array.isArray(sent) ? sent : [sent]
  if (texts.length > imageCount) throw badRequest('Send at most one description (alt) per image.')
  return texts.map((text) => readAltText(text) ?? null)
}

function groupByCategory(files: FileStore, rows: GalleryRow[]): GalleryGrouped {
  const grouped = Object.fromEntries(GALLERY_CATEGORIES.map(({ category }) => [category, [] as GalleryImage[]])) as GalleryGrouped
  const categoryOf = new Map<GalleryType, keyof GalleryGrouped>(GALLERY_CATEGORIES.map(({ category, type }) => [type, category]))
  for (const row of rows) grouped[categoryOf.get(row.type)!].push(toGalleryImage(files, row))
  return grouped
}

export function galleriesRoutes(ctx: AppContext) {
  const { db, files } = ctx
  return (
    new Elysia({ name: 'feature.galleries', prefix: '/api' })
      .use(adminGuard(ctx))
      // Its routes are under this plugin's /api prefix.
      .use(galleryArrangeRoutes(ctx))
      .get('/gallery/:type', ({ params }) => listGalleryImages(db, params.type).map((row) => toGalleryImage(files, row)), {
        params: GalleryTypeParams,
        response: GalleryList,
      })
      .get('/galleryGrouped', () => groupByCategory(files, listGalleryImages(db)), { response: GalleryGrouped })
      .post(
        '/upload-gallery',
        async ({ body, commit, activity, set }) => {
          const type = parseGalleryType(body.type)
          if (body.images.length > MAX_IMAGES_PER_UPLOAD) {
            throw badRequest(`Upload at most ${MAX_IMAGES_PER_UPLOAD} images at a time.`)
          }
          const altTexts = readAltTexts(body.alt, body.images.length)
          const saved = await saveAllImages(files, body.images)
          const alt = defaultAlt(type, ctx.venue())
          const reply: UploadGalleryReply = files.recordWith(saved, () =>
            commit(() => {
              const rows = insertGalleryImages(
                db,
                saved.map((file, index) => ({ type, image: file.name, alt, alt_text: altTexts[index] ?? null })),
              )
              activity({
                kind: 'gallery',
                action: 'create',
                record_id: rows.map((row) => row.id).join(','),
                summary: `Uploaded ${rows.length} picture(s) to the ${type} gallery`,
              })
              return { message: 'Upload successful!', images: rows.map((row) => toGalleryImage(files, row)) }
            }, 201),
          )
          set.status = 201
          return reply
        },
        { admin: true, body: UploadGalleryBody, response: { 201: UploadGalleryReply } },
      )
      .delete(
        '/delete-gallery/:id',
        ({ params, commit, activity }) => {
          let removedImage = ''
          const reply = commit(() => {
            const row = findGalleryImage(db, params.id)
            if (!row) throw notFound(`No gallery image with id ${params.id}.`)
            deleteGalleryImage(db, params.id)
            activity({ kind: 'gallery', action: 'delete', record_id: params.id, summary: `Deleted a picture from the ${row.type} gallery` })
            removedImage = row.image
            return { message: 'Image deleted.', id: params.id }
          })
          files.release(removedImage)
          return reply
        },
        { admin: true, params: GalleryIdParams, response: DeleteGalleryReply },
      )
  )
}
