import type { StaffPage } from '../../../api/types'
import { createResource } from '../../../stores'
import { adminGet } from '../../adminApi'

/** Every public page's words and hero as staff wrote them (GET /api/admin/pages). */
export const useAdminPages = createResource('page-words', () => adminGet<StaffPage[]>('/api/admin/pages'), { staff: true })
