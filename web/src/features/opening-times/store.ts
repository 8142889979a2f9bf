import { api } from '../../api/client'
import type { OpeningTimes } from '../../api/types'
import { createResource } from '../../stores/resource'

export const useOpeningTimes = createResource<OpeningTimes>('opening-times', (request) => api.get('/api/opening-times', request))
