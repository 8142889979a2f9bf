import { t } from 'elysia'
import { RecordId } from '../../http/record-id'
import { ImageVariants } from '../../files/model'

import { GALLERY_TYPES, UPLOAD_GALLERY_MISSING } from '../../shared/rules/galleries'

export type { GalleryType } from '../../shared/rules/galleries'

// A union of literals rather than t.UnionEnum: when a path parameter cannot be decoded (`/gallery/%E0`),
// UnionEnum's default value ('generic') would stand in for it instead of the request being refused.
const [GENERIC, CAFE, ROOMS, STABLES, EVENTS] = GALLERY_TYPES
const GalleryTypeSchema = t.Union([t.Literal(GENERIC), t.Literal(CAFE), t.Literal(ROOMS), t.Literal(STABLES), t.Literal(EVENTS)], {
  error: `Unknown gallery type. Use one of: ${GALLERY_TYPES.join(', ')}.`,
})

export const GalleryImage = t.Object({
  id: t.Integer(),
  type: GalleryTypeSchema,
  image_url: t.String(),
  /** Resized AVIF and WebP copies of image_url, for a srcset. */
  image_variants: ImageVariants,
  width: t.Integer(),
  height: t.Integer(),
  alt: t.String(),
})
export type GalleryImage = typeof GalleryImage.static

export const GalleryList = t.Array(GalleryImage)
export type GalleryList = typeof GalleryList.static

export const GalleryGrouped = t.Object({ '1': GalleryList, '2': GalleryList, '3': GalleryList, '4': GalleryList, '5': GalleryList })
export type GalleryGrouped = typeof GalleryGrouped.static

export const GalleryTypeParams = t.Object({ type: GalleryTypeSchema })

export const GalleryIdParams = t.Object({
  id: RecordId('The image id must be a positive whole number.'),
})

/** The type is checked against GALLERY_TYPES in the handler, so a missing and an unknown type get different messages. */
export const UploadGalleryBody = t.Object({
  images: t.Files({ error: UPLOAD_GALLERY_MISSING }),
  type: t.String({ minLength: 1, error: UPLOAD_GALLERY_MISSING }),
})
export type UploadGalleryBody = typeof UploadGalleryBody.static

export const UploadGalleryReply = t.Object({ message: t.String(), images: GalleryList })
export type UploadGalleryReply = typeof UploadGalleryReply.static

export const DeleteGalleryReply = t.Object({ message: t.String(), id: t.Integer() })
export type DeleteGalleryReply = typeof DeleteGalleryReply.static
