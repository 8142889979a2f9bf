/** The venue's public identity. Demo defaults are fictional; a real venue sets data/venue.json or VENUE_FILE. */
export interface Venue {
  hotelName: string
  barName: string
  phone: string
  email: string
  address: { street: string; locality: string; region: string; postcode: string; country: string }
  geo: { latitude: number; longitude: number }
  mapEmbedUrl: string
  mapLinkUrl: string
  giftCardUrl: string
  instagramUrl: string
  booking: { scriptUrl: string; widgetId: string; origin: string }
}
