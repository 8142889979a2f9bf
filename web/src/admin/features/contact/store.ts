import type { ContactMessage } from '../../../api/types'
import { createResource } from '../../../stores'
import { adminGet } from '../../adminApi'

/** Contact messages are personal data: fetched each time, never kept on the device. */
export const useAdminMessages = createResource('messages', () => adminGet<ContactMessage[]>('/api/admin/messages'), { staff: true, keep: false })
