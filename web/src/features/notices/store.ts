import { api } from '../../api/client'
import type { Notice } from '../../api/types'
import { createResource } from '../../stores'

/**
 * The notices that have not ended (GET /api/notices): the current ones and the next to start, so the
 * page shows each from its start to its end on its own. The notice labels its own saved copy, so the
 * offline banner does not count it (it is on every page, even one with no data of its own).
 */
export const useNotices = createResource<Notice[]>('notices', (request) => api.get<Notice[]>('/api/notices', request), { banner: false })
