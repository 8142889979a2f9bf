import { api } from '../../api/client'
import type { Attraction } from '../../api/types'
import { createResource } from '../../stores/resource'

/** Nearby places to visit, by name (GET /api/around); the last saved copy shows first, offline too. */
export const useAttractions = createResource<Attraction[]>('attractions', (request) => api.get<Attraction[]>('/api/around', request))
