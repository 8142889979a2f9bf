import type { VenueInfo } from '../api/types'

/**
 * The venue's details as the build knew them (venue.json, the database's first-start seed): shown
 * only until the server's current details are known (shell/venue.ts), by a page pre-rendered at build
 * time with no copy saved on the device yet.
 */
export const builtVenue: VenueInfo = __VENUE__

/** The phone number as a tap-to-call link. */
export const telHref = (phone: string) => `tel:${phone.replace(/\s+/g, '')}`
