import type { GalleryGrouped } from '../../../api/types'
import { createResource } from '../../../stores'
import { adminGet } from '../../adminApi'

/** Every gallery's images, grouped by category number. */
export const useGalleryGrouped = createResource('galleries', () => adminGet<GalleryGrouped & Record<string, GalleryGrouped['1']>>('/api/galleryGrouped'), {
  staff: true,
})
