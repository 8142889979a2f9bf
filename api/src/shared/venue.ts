import type { VenueDetails } from './rules/venue-details'

/**
 * The venue's public identity. The database holds it (owners change it in Venue details); data/venue.json
 * or VENUE_FILE only seeds it on the first start, and the demo defaults are fictional.
 */
export type Venue = VenueDetails
