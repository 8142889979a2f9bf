import { ApiError } from '../../../api/client'
import type { MenuInfo } from '../../../api/types'
import { createResource } from '../../../stores'
import { adminGet } from '../../adminApi'

async function menuOrNone(businessId: 1 | 2): Promise<MenuInfo | null> {
  try {
    return await adminGet<MenuInfo>(`/api/get-menu/${businessId}`)
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null
    throw error
  }
}

/** The current menu of each business (null: none uploaded yet). */
export const useAdminMenus = createResource(
  'menus',
  async () => {
    const [stables, hotel] = await Promise.all([menuOrNone(1), menuOrNone(2)])
    return { 1: stables, 2: hotel } as Record<1 | 2, MenuInfo | null>
  },
  { staff: true },
)
