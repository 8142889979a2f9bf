import { api } from '../api/client'
import type { GalleryImage, GalleryType } from '../api/types'
import { resourceFamily } from './resource'

/** One store per gallery type (GET /api/gallery/:type), newest image first; saved on the device for offline visits. */
export const galleryStore = resourceFamily<GalleryType, GalleryImage[]>('gallery', async (type) => {
  const reply = await api.get<unknown>(`/api/gallery/${encodeURIComponent(type)}`)
  return Array.isArray(reply) ? (reply as GalleryImage[]) : []
})
