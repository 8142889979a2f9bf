import type { AdminHoliday } from '../../../api/types'
import { createResource } from '../../../stores'
import { adminGet } from '../../adminApi'

export const useAdminHolidays = createResource('holidays', () => adminGet<AdminHoliday[]>('/api/bank-admin-holiday-exceptions'), { staff: true })
