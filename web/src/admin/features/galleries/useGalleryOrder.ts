/** Moving a gallery's pictures: each move sends the gallery's whole new order through the outbox. */
import { useState } from 'react'
import type { GalleryGrouped, GalleryOrderReply } from '../../../api/types'
import { failureStatus, isQueued, mutate } from '../../adminApi'
import { useStatus } from '../../shell/ui'
import { categoryName } from '../../../../../api/src/shared/rules/galleries'
import type { DisplayGalleryImage, GalleryMeta } from './changes'
import { pictureNames } from './pictureName'
import { useGalleryGrouped } from './store'

/** The reply's order becomes the list's at once, so nothing jumps back while the list is read again. */
function showLanded(category: string, reply: GalleryOrderReply) {
  useGalleryGrouped.setState((state) =>
    state.data ? { data: { ...state.data, [category]: reply.images } as GalleryGrouped & Record<string, GalleryOrderReply['images']> } : state,
  )
}

/**
 * `move(id, to)` puts a picture at place `to` of what staff see (pending changes included) and sends
 * the order; `announcement` says where it went, for the live region beside the gallery.
 */
export function useGalleryOrder(category: string, shown: readonly DisplayGalleryImage[]) {
  const [announcement, setAnnouncement] = useState('')
  const [status, setStatus] = useStatus()

  const move = async (id: number, to: number) => {
    const from = shown.findIndex((image) => image.id === id)
    if (from < 0 || to < 0 || to >= shown.length || to === from) return
    const moved = shown[from]!
    const next = [...shown]
    next.splice(from, 1)
    next.splice(to, 0, moved)
    // Pictures waiting to be deleted are left out: the deletion lands first, and the order must not name them.
    const ids = next.filter((image) => image.pending?.op !== 'delete').map((image) => image.id)
    setAnnouncement(`${pictureNames(shown).get(moved.id)} moved to position ${to + 1} of ${shown.length} in ${categoryName(category)}.`)
    setStatus(null)
    try {
      const reply = await mutate<GalleryOrderReply>({
        method: 'PUT',
        path: `/api/gallery/${category}/order`,
        body: { ids },
        label: `Reorder the ${categoryName(category)} gallery`,
        meta: { kind: 'gallery', op: 'order', category, ids } satisfies GalleryMeta,
      })
      showLanded(category, reply)
    } catch (error) {
      // Queued on this device: the list already shows the new order with its badge; nothing more to say.
      if (isQueued(error)) return
      setStatus(failureStatus(error, 'Error saving the new order.', 'Gallery order'))
      void useGalleryGrouped.getState().load()
    }
  }

  return { move, announcement, status, setStatus }
}
