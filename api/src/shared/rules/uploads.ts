// What each upload accepts (types, sizes) and what staff read when a file does not fit. The API
// enforces these (the bytes decide the type there); the staff forms check the picked file against
// the same rules before anything is sent, and show the same hints.

export const MB = 1024 * 1024

/** Every file type the server stores. */
export type ContentType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp' | 'application/pdf'

export interface UploadRule {
  types: readonly ContentType[]
  maxBytes: number
}

export interface StaffUploadRule extends UploadRule {
  /** The file input's accept attribute. */
  accept: string
  /** The hint under the file input. */
  hint: string
  /** What staff read when the picked file's type is not one of `types`. */
  typeMessage: string
  /** What staff read (and the API answers, 413) when the file is over `maxBytes`. */
  tooLargeMessage: string
}

export const IMAGE_REQUIRED_MESSAGE = 'Please select an image to upload.'
export const IMAGE_UNREADABLE_MESSAGE = 'Failed to read image file.'
/** SPEC.md §9's wording for an event image over 2 MB, on either event form. */
export const EVENT_IMAGE_TOO_LARGE_MESSAGE = 'Image size should be less than 2MB.'

/** SPEC.md §9 / DECISIONS.md: the create-event form takes JPEG/PNG/WEBP up to 2 MB. */
export const EVENT_UPLOAD_IMAGE: StaffUploadRule = {
  types: ['image/jpeg', 'image/png', 'image/webp'],
  maxBytes: 2 * MB,
  accept: 'image/jpeg,image/png,image/webp',
  hint: 'JPEG, PNG or WEBP, less than 2MB.',
  typeMessage: 'Please select a JPEG, PNG or WEBP image.',
  tooLargeMessage: EVENT_IMAGE_TOO_LARGE_MESSAGE,
}

/** The edit-event form replaces the image with PNG/JPEG/GIF up to 2 MB. */
export const EVENT_EDIT_IMAGE: StaffUploadRule = {
  types: ['image/png', 'image/jpeg', 'image/gif'],
  maxBytes: 2 * MB,
  accept: 'image/png,image/jpeg,image/gif',
  hint: 'Optional. PNG, JPEG or GIF, less than 2MB.',
  typeMessage: 'Please select a PNG, JPEG or GIF image.',
  tooLargeMessage: EVENT_IMAGE_TOO_LARGE_MESSAGE,
}

const TYPE_NAMES: Record<ContentType, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/gif': 'GIF',
  'application/pdf': 'PDF',
}

/** How staff read a list of accepted types: "JPEG, PNG, WebP or GIF". */
export function typeNames(types: readonly ContentType[]): string {
  const names = types.map((type) => TYPE_NAMES[type])
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '')
}

/** Gallery photos, each up to 10 MB. */
export const GALLERY_IMAGE: UploadRule = { types: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'], maxBytes: 10 * MB }

/** An attraction's picture, up to 10 MB. */
export const ATTRACTION_IMAGE: UploadRule = { types: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'], maxBytes: 10 * MB }

/** The venue's logo, replacing the shipped one: square-ish, big enough for the installed app's largest icon. */
export const VENUE_LOGO: StaffUploadRule & { minSize: number } = {
  types: ['image/png', 'image/webp'],
  maxBytes: 5 * MB,
  minSize: 192,
  accept: 'image/png,image/webp',
  hint: 'A still, square PNG or WebP, at least 512 × 512 pixels, up to 5 MB (a transparent background suits the site best).',
  typeMessage: 'The logo must be a PNG or WebP picture (an SVG cannot be checked for safety here).',
  tooLargeMessage: 'The logo is over 5 MB: please choose a smaller copy.',
}

/** A menu PDF, up to 20 MB. */
/** A page's hero picture, uploaded by staff (JPEG, PNG or WebP: a photo from a phone or camera). */
export const PAGE_PICTURE: StaffUploadRule = {
  types: ['image/jpeg', 'image/png', 'image/webp'],
  maxBytes: 10 * MB,
  accept: 'image/jpeg,image/png,image/webp',
  hint: 'A wide photo (landscape), JPEG, PNG or WebP, up to 10 MB.',
  typeMessage: 'Please choose a JPEG, PNG or WebP picture.',
  tooLargeMessage: 'The picture is over 10 MB: please choose a smaller copy.',
}

export const MENU_PDF: UploadRule & { hint: string } = { types: ['application/pdf'], maxBytes: 20 * MB, hint: 'PDF files only, up to 20 MB.' }
