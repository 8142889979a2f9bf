import type { StaffMember } from '../../../api/types'
import { createResource } from '../../../stores'
import { adminGet } from '../../adminApi'

/** The staff accounts (owners only): read from the server each time, never kept on the device. */
export const useStaffList = createResource('staff', () => adminGet<StaffMember[]>('/api/admin/staff'), { staff: true, keep: false })

/** Where this member is logged in: personal, read each time. */
export const useMySessions = createResource('sessions', () => adminGet<StaffSession[]>('/api/admin/sessions'), { staff: true, keep: false })

export interface StaffSession {
  created_at: string
  last_seen_at: string
  user_agent: string
  address: string
  current: boolean
}
