import { api } from '../../api/client'
import type { GalleryImage, GalleryType } from '../../api/types'

/** Every gallery a public page shows. */
export { GALLERY_TYPES } from '../../../../api/src/shared/rules/galleries'
import { resourceFamily } from '../../stores/resource'

/** One store per gallery type (GET /api/gallery/:type), newest image first; saved on the device for offline visits. */
export const galleryStore = resourceFamily<GalleryType, GalleryImage[]>('gallery', async (type, request) => {
  const reply = await api.get<unknown>(`/api/gallery/${encodeURIComponent(type)}`, request)
  return Array.isArray(reply) ? (reply as GalleryImage[]) : []
})
