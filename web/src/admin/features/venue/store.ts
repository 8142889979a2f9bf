import type { AdminVenueReply } from '../../../api/types'
import { createResource } from '../../../stores'
import { adminGet } from '../../adminApi'

/** The venue's details as the server has them, for owners (GET /api/admin/venue). */
export const useAdminVenue = createResource('venue-details', () => adminGet<AdminVenueReply>('/api/admin/venue'), { staff: true })
