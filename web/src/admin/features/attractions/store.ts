import type { Attraction } from '../../../api/types'
import { createResource } from '../../../stores'
import { adminGet } from '../../adminApi'

export const useAdminAttractions = createResource('attractions', () => adminGet<Attraction[]>('/api/around'), { staff: true })
