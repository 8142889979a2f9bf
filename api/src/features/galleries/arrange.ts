// Staff arranging a gallery: the order of its pictures and each picture's description (alt text).
import { Elysia, status } from 'elysia'
import { adminGuard } from '../../auth/guard'
import type { AppContext } from '../../context'
import { badRequest, notFound } from '../../http/errors'
import { readAltText } from '../../http/field-readers'
import { GALLERY_CATEGORIES } from '../../shared/rules/galleries'
import { altTextVersion } from '../../shared/rules/alt-text'
import { expectedVersion, VersionConflict } from '../../shared/version'
import {
  EditGalleryBody,
  EditGalleryConflictReply,
  EditGalleryReply,
  GALLERY_ALT_CHANGED_MESSAGE,
  GalleryCategoryParams,
  GalleryIdParams,
  GalleryOrderBody,
  GalleryOrderConflictReply,
  GalleryOrderReply,
  type GalleryImage,
} from './model'
import { toGalleryImage } from './reply'
import { findGalleryImage, listGalleryImages, setGalleryAltText, setGalleryOrder } from './store'

/** How many unknown pictures a conflict names: an order naming thousands of unknown ids still gets a sentence. */
const UNKNOWN_IDS_NAMED = 5

/** "picture 7 is", or "pictures 7, 8, … (9990 in all) are". */
function unknownIdsNamed(ids: number[]): string {
  if (ids.length === 1) return `picture ${ids[0]} is`
  const listed = ids.slice(0, UNKNOWN_IDS_NAMED).join(', ')
  return ids.length > UNKNOWN_IDS_NAMED ? `pictures ${listed}, … (${ids.length} in all) are` : `pictures ${listed} are`
}

/** Mounted by the galleries plugin, under its /api prefix. */
export function galleryArrangeRoutes(ctx: AppContext) {
  const { db, files } = ctx
  const imagesOf = (type: GalleryImage['type']) => listGalleryImages(db, type).map((row) => toGalleryImage(files, row))
  return new Elysia({ name: 'feature.galleries.arrange' })
    .use(adminGuard(ctx))
    .put(
      '/gallery/:category/order',
      ({ params, body, commit, activity }) => {
        const gallery = GALLERY_CATEGORIES.find((c) => c.category === params.category)!
        if (body.ids.length === 0) throw badRequest('The order must name at least one picture.')
        if (new Set(body.ids).size !== body.ids.length) throw badRequest('The order names a picture more than once.')
        try {
          // Idempotent: the same order sent again (a replay) leaves the gallery as it is and answers the same.
          return commit(() => {
            const current = listGalleryImages(db, gallery.type).map((row) => row.id)
            const known = new Set(current)
            const unknownIds = body.ids.filter((id) => !known.has(id))
            if (unknownIds.length > 0) {
              throw new VersionConflict(
                `The ${gallery.name} gallery has changed since this order was made: ${unknownIdsNamed(unknownIds)} not in it (deleted, or never there). Nothing was moved.`,
                { ids: current, images: imagesOf(gallery.type) },
              )
            }
            setGalleryOrder(db, gallery.type, body.ids)
            activity({ kind: 'gallery', action: 'update', record_id: gallery.category, summary: `Reordered the ${gallery.name} gallery` })
            return { message: 'Order saved.', images: imagesOf(gallery.type) }
          })
        } catch (error) {
          if (error instanceof VersionConflict)
            return status(409, { error: error.message, current: error.current as { ids: number[]; images: GalleryImage[] } })
          throw error
        }
      },
      { admin: true, params: GalleryCategoryParams, body: GalleryOrderBody, response: { 200: GalleryOrderReply, 409: GalleryOrderConflictReply } },
    )
    .put(
      '/edit-gallery/:id',
      ({ params, body, commit, activity, request }) => {
        const altText = readAltText(body.alt) ?? null
        // The description staff started from (If-Match): changed since, the edit is refused with the picture as it is now.
        const basedOn = expectedVersion(request)
        try {
          return commit(() => {
            const before = findGalleryImage(db, params.id)
            if (!before) throw notFound(`No gallery image with id ${params.id}.`)
            if (basedOn !== null && basedOn !== altTextVersion(before.alt_text))
              throw new VersionConflict(GALLERY_ALT_CHANGED_MESSAGE, toGalleryImage(files, before))
            setGalleryAltText(db, params.id, altText)
            activity({
              kind: 'gallery',
              action: 'update',
              record_id: params.id,
              summary: altText
                ? `Described picture ${params.id} of the ${before.type} gallery`
                : `Removed the description of picture ${params.id} of the ${before.type} gallery`,
              changes: before.alt_text === altText ? [] : [{ field: 'alt_text', before: before.alt_text, after: altText }],
            })
            return { message: 'Description saved.', image: toGalleryImage(files, findGalleryImage(db, params.id)!) }
          })
        } catch (error) {
          if (error instanceof VersionConflict) return status(409, { error: error.message, current: error.current as GalleryImage })
          throw error
        }
      },
      { admin: true, params: GalleryIdParams, body: EditGalleryBody, response: { 200: EditGalleryReply, 409: EditGalleryConflictReply } },
    )
}
