import { t } from 'elysia'
import { RecordId } from '../../http/record-id'
import { ImageVariants } from '../../files/model'

import { GALLERY_CATEGORIES, GALLERY_TYPES, UPLOAD_GALLERY_MISSING } from '../../shared/rules/galleries'

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
  /** What visitors' screen readers hear: staff's description, else the generated one. */
  alt: t.String(),
  /** Staff's own description; null when they have written none (staff lists flag it). Missing from data saved by older versions. */
  alt_text: t.Optional(t.Nullable(t.String())),
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
  /** A description per image, in the images' order (one text, or one per image); checked in the handler. */
  alt: t.Optional(t.Union([t.String(), t.Array(t.String())], { error: 'alt must be text, one per image.' })),
})
export type UploadGalleryBody = typeof UploadGalleryBody.static

export const UploadGalleryReply = t.Object({ message: t.String(), images: GalleryList })
export type UploadGalleryReply = typeof UploadGalleryReply.static

export const DeleteGalleryReply = t.Object({ message: t.String(), id: t.Integer() })
export type DeleteGalleryReply = typeof DeleteGalleryReply.static

export const GalleryCategoryParams = t.Object({
  category: t.Union(
    GALLERY_CATEGORIES.map((c) => t.Literal(c.category)),
    {
      error: `Unknown gallery. Use its number: ${GALLERY_CATEGORIES.map((c) => `${c.category} (${c.name})`).join(', ')}.`,
    },
  ),
})

export const ORDER_IDS_INVALID = "ids must be a list of the gallery's image ids (whole numbers above 0), first shown first."
// The rule's sentence on every part, so a bad id answers it rather than the validator's own wording.
export const GalleryOrderBody = t.Object(
  { ids: t.Array(t.Integer({ minimum: 1, error: ORDER_IDS_INVALID }), { maxItems: 10_000 }) },
  { error: ORDER_IDS_INVALID },
)
export type GalleryOrderBody = typeof GalleryOrderBody.static

export const GalleryOrderReply = t.Object({ message: t.String(), images: GalleryList })
export type GalleryOrderReply = typeof GalleryOrderReply.static

/** 409 from a reorder naming a picture the gallery no longer (or never) had: the gallery as it is now. */
export const GalleryOrderConflictReply = t.Object({ error: t.String(), current: t.Object({ ids: t.Array(t.Integer()), images: GalleryList }) })

/** Staff's description of one picture; empty or null goes back to the generated one. */
// The message on the union as well: a number or an object is reported against it, not the string.
export const EditGalleryBody = t.Object(
  { alt: t.Nullable(t.String({ error: 'alt must be text.' }), { error: 'alt must be text.' }) },
  { error: 'Send { alt } with the description.' },
)
export type EditGalleryBody = typeof EditGalleryBody.static

export const EditGalleryReply = t.Object({ message: t.String(), image: GalleryImage })
export type EditGalleryReply = typeof EditGalleryReply.static
export const GALLERY_ALT_CHANGED_MESSAGE = 'This picture’s description was changed by someone else since you opened it.'
/** 409 from edit-gallery: the picture as it is now (its description changed since the edit was made). */
export const EditGalleryConflictReply = t.Object({ error: t.String(), current: GalleryImage })
