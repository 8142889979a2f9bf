import { t } from 'elysia'
import { ImageVariants } from '../../files/model'
import { EVENT_LIMITS } from '../../shared/rules/field-limits'

export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields (Title, Description, Start Date/Time).'

export const EventItem = t.Object({
  id: t.Integer(),
  title: t.String(),
  description: t.String(),
  /** UTC instant, ISO 8601 with Z. */
  start_datetime: t.String(),
  image_url: t.Nullable(t.String()),
  /** Resized AVIF and WebP copies of image_url, for a srcset; empty without an image. */
  image_variants: ImageVariants,
  image_width: t.Nullable(t.Integer()),
  image_height: t.Nullable(t.Integer()),
  ticket_url: t.Nullable(t.String()),
  contact_to_book: t.Union([t.Literal(0), t.Literal(1)]),
  updated_at: t.String(),
  /** Staff's description of the picture (alt text); null: none written. */
  alt_text: t.Optional(t.Nullable(t.String())),
})
export type VenueEvent = typeof EventItem.static

export const EventList = t.Array(EventItem)
export type EventList = typeof EventList.static

export const EventUploadedReply = t.Object({ message: t.String(), event: EventItem })
export type EventUploadedReply = typeof EventUploadedReply.static

export const EventUpdatedReply = t.Object({ message: t.String(), event: EventItem })
export type EventUpdatedReply = typeof EventUpdatedReply.static

export const EVENT_CHANGED_MESSAGE = 'This event was changed by someone else since you opened it.'
/** 409 from update-event: the event as it is now, so staff can compare before choosing. */
export const EventConflictReply = t.Object({ error: t.String(), current: EventItem })
export type EventConflictReply = typeof EventConflictReply.static

export const EventDeletedReply = t.Object({ message: t.String(), id: t.Integer() })
export type EventDeletedReply = typeof EventDeletedReply.static

const Title = t.String({ maxLength: EVENT_LIMITS.title, error: `The title must be text of at most ${EVENT_LIMITS.title} characters.` })
const Description = t.String({ maxLength: EVENT_LIMITS.description, error: `The description must be text of at most ${EVENT_LIMITS.description} characters.` })
const Start = t.String({ maxLength: EVENT_LIMITS.start, error: 'The start date/time must be text, for example 2026-12-05T19:30.' })
const TicketUrl = t.Nullable(
  t.String({ maxLength: EVENT_LIMITS.ticketUrl, error: `The ticket link must be a web address of at most ${EVENT_LIMITS.ticketUrl} characters.` }),
)

/** The picture's description; its length is checked after trimming (shared rule). Left out: unchanged. */
const IMAGE_NOT_TEXT = 'The image must be sent as base64 text.'
const ALT_TEXT_NOT_TEXT = 'The description (alt text) must be text.'
const AltText = t.Nullable(t.String({ error: ALT_TEXT_NOT_TEXT }), { error: ALT_TEXT_NOT_TEXT })

const CHECKBOX_TEXT = ['true', 'false', '1', '0', 'on', 'off', ''] as const

/** A checkbox as JSON clients and HTML forms send it. (Not t.UnionEnum: that gives the field a default.) */
export const ContactToBook = t.Union([t.Boolean(), t.Literal(0), t.Literal(1), t.Null(), ...CHECKBOX_TEXT.map((text) => t.Literal(text))], {
  error: "Contact to book must be true or false (or 1/0, 'on').",
})
export type ContactToBook = typeof ContactToBook.static

/**
 * SPEC.md's upload payload. Required fields are optional here so the handler can answer with the
 * exact messages staff see. image_base64 has no length cap in the schema: anything over 2 MB decoded
 * must be a 413 with SPEC.md's message, not a 400 from validation (the server caps bodies at 64 MB).
 */
export const UploadEventBody = t.Object({
  title: t.Optional(t.Nullable(Title)),
  description: t.Optional(t.Nullable(Description)),
  startDatetime: t.Optional(t.Nullable(Start)),
  image_base64: t.Optional(t.Nullable(t.String({ error: IMAGE_NOT_TEXT }), { error: IMAGE_NOT_TEXT })),
  ticket_url: t.Optional(TicketUrl),
  contactToBook: t.Optional(ContactToBook),
  alt_text: t.Optional(AltText),
})
export type UploadEventBody = typeof UploadEventBody.static

/**
 * The edit form. `image` is optional; a form that sends an empty file or an empty string keeps the
 * current image. `ticket_url` and `contactToBook` left out keep their current values.
 */
export const UpdateEventBody = t.Object({
  id: t.Numeric({ minimum: 1, multipleOf: 1, error: 'Choose an event to update.' }),
  title: t.Optional(Title),
  description: t.Optional(Description),
  start_datetime: t.Optional(Start),
  image: t.Optional(t.Union([t.File(), t.Literal('')], { error: 'The image must be a file.' })),
  ticket_url: t.Optional(TicketUrl),
  contactToBook: t.Optional(ContactToBook),
  alt_text: t.Optional(AltText),
  /** The version the edit is based on (same as the If-Match header, for clients that cannot set one). */
  updated_at: t.Optional(t.String({ maxLength: 64, error: 'updated_at must be the version text the event was read with.' })),
})
export type UpdateEventBody = typeof UpdateEventBody.static

export const DeleteEventBody = t.Object({
  id: t.Numeric({ minimum: 1, multipleOf: 1, error: 'Choose an event to delete.' }),
})
export type DeleteEventBody = typeof DeleteEventBody.static
