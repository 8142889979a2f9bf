import type { VenueInfo } from '../api/types'

/** The venue's identity (names, phone, address, third-party URLs), fixed at build time. */
export const venue: VenueInfo = __VENUE__

export const telHref = `tel:${venue.phone.replace(/\s+/g, '')}`
