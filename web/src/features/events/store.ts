import { api } from '../../api/client'
import type { VenueEvent } from '../../api/types'
import { createResource } from '../../stores/resource'

/** Upcoming events, soonest first (GET /api/events); the last saved copy shows first, offline too. */
export const useEvents = createResource<VenueEvent[]>('events', (request) => api.get<VenueEvent[]>('/api/events', request))
