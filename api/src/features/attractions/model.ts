import { t } from 'elysia'
import { RecordId } from '../../http/record-id'
import { ImageVariants } from '../../files/model'

export const UPLOAD_AROUND_MISSING = 'Please fill in all fields and select an image to upload.'
export const EDIT_AROUND_MISSING = 'Please fill in the name, web address and description.'
export const INVALID_AROUND_URL = 'The web address must be a full link starting with http:// or https://, for example https://example.org/walks.'

/** The picture's description; its length is checked after trimming (shared rule). */
const AltField = t.String({ error: 'The description (alt text) must be text.' })

export { ATTRACTION_LIMITS as LIMITS } from '../../shared/rules/field-limits'

export const Attraction = t.Object({
  id: t.Integer(),
  name: t.String(),
  url: t.String(),
  description: t.String(),
  imageUrl: t.String(),
  /** Resized AVIF and WebP copies of imageUrl, for a srcset. */
  image_variants: ImageVariants,
  width: t.Integer(),
  height: t.Integer(),
  updated_at: t.String(),
  /** Staff's description of the picture (alt text); null: none written, the picture is shown as decoration. */
  alt_text: t.Optional(t.Nullable(t.String())),
})
export type Attraction = typeof Attraction.static

export const AttractionList = t.Array(Attraction)
export type AttractionList = typeof AttractionList.static

export const AttractionIdParams = t.Object({
  id: RecordId('The attraction id must be a positive whole number.'),
})

/** Blank and over-long values are refused in the handler after trimming, with messages of their own. */
export const UploadAroundBody = t.Object({
  image: t.File({ error: UPLOAD_AROUND_MISSING }),
  name: t.String({ error: UPLOAD_AROUND_MISSING }),
  url: t.String({ error: UPLOAD_AROUND_MISSING }),
  description: t.String({ error: UPLOAD_AROUND_MISSING }),
  alt: t.Optional(AltField),
})
export type UploadAroundBody = typeof UploadAroundBody.static

/** A form with no new image may send nothing, an empty file part or an empty string; all mean "keep the image". */
export const EditAroundBody = t.Object({
  name: t.String({ error: EDIT_AROUND_MISSING }),
  url: t.String({ error: EDIT_AROUND_MISSING }),
  description: t.String({ error: EDIT_AROUND_MISSING }),
  image: t.Optional(t.Union([t.File(), t.Literal('')], { error: 'The new image must be an image file.' })),
  /** Left out (an older client): the description stays as it is; empty: removed. */
  alt: t.Optional(AltField),
  /** The version the edit is based on (same as the If-Match header, for clients that cannot set one). */
  updated_at: t.Optional(t.String({ maxLength: 64, error: 'updated_at must be the version text the attraction was read with.' })),
})
export type EditAroundBody = typeof EditAroundBody.static

export const AttractionReply = t.Object({ message: t.String(), attraction: Attraction })
export type AttractionReply = typeof AttractionReply.static

export const ATTRACTION_CHANGED_MESSAGE = 'This attraction was changed by someone else since you opened it.'
/** 409 from edit-around: the attraction as it is now. */
export const AttractionConflictReply = t.Object({ error: t.String(), current: Attraction })
export type AttractionConflictReply = typeof AttractionConflictReply.static

export const DeleteAttractionReply = t.Object({ message: t.String(), id: t.Integer() })
export type DeleteAttractionReply = typeof DeleteAttractionReply.static
