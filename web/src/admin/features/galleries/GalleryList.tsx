import { useMemo } from 'react'
import type { DeleteGalleryReply, GalleryImage } from '../../../api/types'
import { failureStatus, mutate } from '../../adminApi'
import { usePending } from '../../shell/pending'
import { AdminSection, StatusMessage } from '../../shell/ui'
import { useRowDelete } from '../../shell/useRowDelete'
import { queuedUploads, type GalleryMeta } from './changes'
import { GalleryCategory } from './GalleryCategory'
import { useGalleryGrouped } from './store'
import { useResource } from '../../../stores'
import '../../styles/staff'
import './galleries.css'

/** Every gallery's images by page, in the order visitors see them, with uploads still on this device last. */
export function GalleryList({ id }: { id: string }) {
  const grouped = useResource(useGalleryGrouped)
  const rowDelete = useRowDelete<number>()
  const { status: listStatus, busy: deleting } = rowDelete
  const pending = usePending('gallery')
  const uploads = useMemo(() => queuedUploads(pending), [pending])

  const onDelete = (image: GalleryImage) =>
    rowDelete.run({
      key: image.id,
      question: 'Delete this image from the gallery? Visitors will no longer see it.',
      send: () =>
        mutate<DeleteGalleryReply>({
          method: 'DELETE',
          path: `/api/delete-gallery/${image.id}`,
          label: `Delete gallery image ${image.id}`,
          meta: { kind: 'gallery', op: 'delete', id: image.id } satisfies GalleryMeta,
        }),
      done: () => ({ text: 'Image deleted.', tone: 'success' }),
      failed: (error) => failureStatus(error, 'Error deleting the image.', 'Gallery delete'),
      reload: () => useGalleryGrouped.getState().load(),
    })

  const groups = grouped.data ? Object.keys(grouped.data).sort((a, b) => Number(a) - Number(b) || a.localeCompare(b)) : []

  return (
    <AdminSection title="Images by page" id={id}>
      <StatusMessage status={listStatus} />
      {grouped.status === 'error' && !grouped.data ? (
        <p className="admin-status admin-status--error admin-status--block">Error fetching the galleries.</p>
      ) : null}
      {!grouped.data && grouped.status !== 'error' ? <p className="admin-loading">Loading images…</p> : null}
      {groups.map((key) => (
        <GalleryCategory
          key={key}
          id={id}
          category={key}
          images={(grouped.data as Record<string, GalleryImage[]>)[key] ?? []}
          pending={pending}
          uploads={uploads}
          onDelete={(image) => void onDelete(image)}
          deleting={deleting}
        />
      ))}
    </AdminSection>
  )
}
