import type { Database } from 'bun:sqlite'
import type { AppContext } from '../../context'
import { dataVersion } from '../../db/data-version'
import type { Venue } from '../../shared/venue'

interface VenueRow {
  hotel_name: string
  bar_name: string
  phone: string
  email: string
  street: string
  locality: string
  region: string
  postcode: string
  country: string
  latitude: number
  longitude: number
  map_embed_url: string
  map_link_url: string
  gift_card_url: string
  instagram_url: string
  booking_script_url: string
  booking_widget_id: string
  booking_origin: string
  updated_at: string
}

const COLUMNS = [
  'hotel_name',
  'bar_name',
  'phone',
  'email',
  'street',
  'locality',
  'region',
  'postcode',
  'country',
  'latitude',
  'longitude',
  'map_embed_url',
  'map_link_url',
  'gift_card_url',
  'instagram_url',
  'booking_script_url',
  'booking_widget_id',
  'booking_origin',
] as const

const toVenue = (row: VenueRow): Venue => ({
  hotelName: row.hotel_name,
  barName: row.bar_name,
  phone: row.phone,
  email: row.email,
  address: { street: row.street, locality: row.locality, region: row.region, postcode: row.postcode, country: row.country },
  geo: { latitude: row.latitude, longitude: row.longitude },
  mapEmbedUrl: row.map_embed_url,
  mapLinkUrl: row.map_link_url,
  giftCardUrl: row.gift_card_url,
  instagramUrl: row.instagram_url,
  booking: { scriptUrl: row.booking_script_url, widgetId: row.booking_widget_id, origin: row.booking_origin },
})

/** The values in COLUMNS' order. */
const valuesOf = (v: Venue) => [
  v.hotelName,
  v.barName,
  v.phone,
  v.email,
  v.address.street,
  v.address.locality,
  v.address.region,
  v.address.postcode,
  v.address.country,
  v.geo.latitude,
  v.geo.longitude,
  v.mapEmbedUrl,
  v.mapLinkUrl,
  v.giftCardUrl,
  v.instagramUrl,
  v.booking.scriptUrl,
  v.booking.widgetId,
  v.booking.origin,
]

export function readVenueRow(db: Database): { venue: Venue; updatedAt: string } | null {
  const row = db.query(`SELECT ${COLUMNS.join(', ')}, updated_at FROM venue_details WHERE id = 1`).get() as VenueRow | null
  return row ? { venue: toVenue(row), updatedAt: row.updated_at } : null
}

export function writeVenue(db: Database, venue: Venue, at: string): void {
  const sets = COLUMNS.map((column) => `${column} = ?`).join(', ')
  db.query(`UPDATE venue_details SET ${sets}, updated_at = ? WHERE id = 1`).run(...valuesOf(venue), at)
}

/**
 * The first start only: the details from venue.json (or VENUE_FILE, or the demo defaults) go into the
 * database. Later starts keep the database's, and say once when the file now says something else,
 * so whoever edited it learns it is not read any more.
 */
export function seedVenue(db: Database, seed: Venue, at: string): void {
  const stored = readVenueRow(db)
  if (!stored) {
    const marks = COLUMNS.map(() => '?').join(', ')
    db.query(`INSERT INTO venue_details (id, ${COLUMNS.join(', ')}, updated_at) VALUES (1, ${marks}, ?)`).run(...valuesOf(seed), at)
    return
  }
  if (JSON.stringify(valuesOf(stored.venue)) !== JSON.stringify(valuesOf(seed))) {
    console.log(
      JSON.stringify({
        level: 'info',
        msg: 'venue.json (or VENUE_FILE) differs from the venue details in the database; the database is used. Change them in the staff screen Venue details.',
      }),
    )
  }
}

/**
 * The venue's details as the database has them now, read again only when the data version moves (a
 * write here or by another process), so pages, headers and the API each read them at no cost.
 */
export function currentVenue(ctx: AppContext, seed: Venue): () => Venue {
  const version = dataVersion(ctx)
  let readAt = ''
  let venue = seed
  return () => {
    const now = version()
    if (now !== readAt) {
      venue = readVenueRow(ctx.db)?.venue ?? seed
      readAt = now
    }
    return venue
  }
}
