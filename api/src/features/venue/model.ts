import { t } from 'elysia'

export const VenueReply = t.Object({
  hotelName: t.String(),
  barName: t.String(),
  phone: t.String(),
  email: t.String(),
  address: t.Object({ street: t.String(), locality: t.String(), region: t.String(), postcode: t.String(), country: t.String() }),
  geo: t.Object({ latitude: t.Number(), longitude: t.Number() }),
  mapEmbedUrl: t.String(),
  mapLinkUrl: t.String(),
  giftCardUrl: t.String(),
  instagramUrl: t.String(),
  booking: t.Object({ scriptUrl: t.String(), widgetId: t.String(), origin: t.String() }),
  /** The logo's address (GET /api/venue only): an owner's upload, or the shipped one. Changed on its own route, never by a details save. */
  logo: t.Optional(t.String()),
})
export type VenueInfo = typeof VenueReply.static

/** The owners' copy: the details and when they were last changed. */
export const AdminVenueReply = t.Object({ venue: VenueReply, updated_at: t.String() })
export type AdminVenueReply = typeof AdminVenueReply.static

/** 409 from a change based on an older version: the details as they are now, to compare and merge. */
export const VenueConflictReply = t.Object({ error: t.String(), current: AdminVenueReply })

export const SaveVenueReply = t.Object({ message: t.String(), venue: VenueReply, updated_at: t.String() })
export type SaveVenueReply = typeof SaveVenueReply.static

/**
 * Any JSON: the shared rule (shared/rules/venue-details.ts) checks it field by field, in words the
 * form shows beside the field, and refuses unknown fields by name.
 */
export const SaveVenueBody = t.Unknown()
