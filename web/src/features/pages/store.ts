import { api } from '../../api/client'
import type { PublicPage } from '../../api/types'
import type { PageKey } from '../../../../api/src/shared/rules/pages'
import { resourceFamily } from '../../stores'

/**
 * A public page's words and hero (GET /api/pages/:page), one store per page: the server renders the page
 * with it, the browser starts from that copy and keeps it for offline visits.
 */
export const pageContentStore = resourceFamily<PageKey, PublicPage>('page', (page, request) => api.get<PublicPage>(`/api/pages/${page}`, request))
