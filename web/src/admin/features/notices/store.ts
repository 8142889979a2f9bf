import type { Notice } from '../../../api/types'
import { createResource } from '../../../stores'
import { adminGet } from '../../adminApi'

/** Every notice for visitors, past ones too (GET /api/admin/notices), soonest start first. */
export const useAdminNotices = createResource('notices', () => adminGet<Notice[]>('/api/admin/notices'), { staff: true })
