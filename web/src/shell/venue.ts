import { useEffect } from 'react'
import { api } from '../api/client'
import type { VenueInfo } from '../api/types'
import { builtVenue } from '../lib/venue'
import { createResource } from '../stores'
import { SHIPPED_LOGO } from '../../../api/src/shared/rules/picture-paths'

/**
 * The venue's current details (names, phone, address, third-party addresses), which owners change in
 * Venue details. A page the server renders carries them in its data, so the first HTML shows them and
 * hydration starts from the same; they are saved on the device for offline visits like other data.
 */
export const venueStore = createResource<VenueInfo>('venue', (request) => api.get<VenueInfo>('/api/venue', request), { banner: false })

/** The venue's current details, for a component to show. */
export function useVenue(): VenueInfo {
  return venueStore((state) => state.data) ?? builtVenue
}

/** The venue's logo now: an owner's upload, or the one the site ships with. */
export const logoOf = (venue: VenueInfo): string => venue.logo ?? SHIPPED_LOGO

/** The current details outside a render (what a message queued now is addressed to). */
export const currentVenue = (): VenueInfo => venueStore.getState().data ?? builtVenue

/** Asks for the current details once a shell is on screen (the public layout, the staff screens). */
export function useVenueLoad(): void {
  useEffect(() => {
    void venueStore.getState().load()
  }, [])
}
