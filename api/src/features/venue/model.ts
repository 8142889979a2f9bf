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
})
export type VenueInfo = typeof VenueReply.static
