import type { OpeningTimes } from '../../../api/types'
import { createResource } from '../../../stores'
import { adminGet } from '../../adminApi'

export const useAdminOpeningTimes = createResource('times', () => adminGet<OpeningTimes>('/api/opening-times'), { staff: true })
