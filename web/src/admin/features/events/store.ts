import type { VenueEvent } from '../../../api/types'
import { createResource } from '../../../stores'
import { adminGet } from '../../adminApi'

/** Every event, past ones too (staff edit and delete them). */
export const useAdminEvents = createResource('events', () => adminGet<VenueEvent[]>('/api/admin/events'), { staff: true })
