import { useEffect, useMemo } from 'react'
import type { DeleteGalleryReply, GalleryImage } from '../../../api/types'
import { discard, type OutboxEntry } from '../../adminApi'
import { failureStatus, mutate } from '../../adminApi'
import { PendingBadge, useEntryImages, usePending } from '../../shell/pending'
import { AdminSection, StatusMessage } from '../../shell/ui'
import { useRowDelete } from '../../shell/useRowDelete'
import { galleryDeletes, queuedUploads, type GalleryMeta } from './changes'
import { categoryName, categoryPage } from '../../../../../api/src/shared/rules/galleries'
import { useGalleryGrouped } from './store'
import { pictureNames } from './pictureName'
import '../../styles/staff'
import './galleries.css'

/** Every gallery's images by page, with uploads still on this device first; each can be deleted. */
export function GalleryList({ id }: { id: string }) {
  const grouped = useGalleryGrouped()
  const rowDelete = useRowDelete<number>()
  const { status: listStatus, busy: deleting } = rowDelete
  const pending = usePending('gallery')
  const uploads = useMemo(() => queuedUploads(pending), [pending])
  const deletes = useMemo(() => galleryDeletes(pending), [pending])

  useEffect(() => {
    void useGalleryGrouped.getState().load()
  }, [])

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
      {groups.map((key) => {
        const images = (grouped.data as Record<string, GalleryImage[]>)[key] ?? []
        const queued = uploads.filter((u) => u.category === key)
        const headingId = `${id}-cat-${key}`
        const names = pictureNames(images)
        return (
          <section key={key} className="admin-gallery" aria-labelledby={headingId} data-category={key}>
            <h3 id={headingId} className="admin-gallery__title">
              {categoryName(key)} <span className="admin-count">({images.length})</span>
              {categoryPage(key) ? (
                <a className="admin-gallery__view" href={categoryPage(key)} target="_blank" rel="noreferrer">
                  View page<span className="visually-hidden">: {categoryName(key)} (opens in a new tab)</span>
                </a>
              ) : null}
            </h3>
            {images.length === 0 && queued.length === 0 ? (
              <p className="admin-empty">No images yet.</p>
            ) : (
              <ul className="admin-thumbs">
                {queued.map((upload) => (
                  <QueuedThumbs key={upload.entry.id} entry={upload.entry} category={key} />
                ))}
                {images.map((image) => {
                  const removal = deletes.get(image.id)
                  return (
                    <li
                      key={image.id}
                      className={`admin-thumb${removal ? ' is-pending is-deleted' : ''}`}
                      data-image-id={image.id}
                      data-pending={removal?.state}
                    >
                      <img
                        src={image.image_url}
                        alt={image.alt || `${categoryName(key)} gallery picture ${names.get(image.id)}`}
                        width={image.width}
                        height={image.height}
                        loading="lazy"
                        decoding="async"
                      />
                      {removal ? (
                        <span className="admin-thumb__badge">
                          <PendingBadge mark={removal} />
                        </span>
                      ) : (
                        <button
                          type="button"
                          className="admin-thumb__delete"
                          onClick={() => void onDelete(image)}
                          disabled={deleting === image.id}
                          aria-label={`Delete ${names.get(image.id)} from ${categoryName(key)}`}
                        >
                          {deleting === image.id ? 'Deleting…' : 'Delete'}
                        </button>
                      )}
                    </li>
                  )
                })}
              </ul>
            )}
          </section>
        )
      })}
    </AdminSection>
  )
}

/** Pictures of an upload still on this device, shown from the bytes it keeps; it can be cancelled until it is sent. */
function QueuedThumbs({ entry, category }: { entry: OutboxEntry; category: string }) {
  const urls = useEntryImages(entry, 'images')
  const mark = { entryId: entry.id, state: entry.state, op: 'create' as const }
  return (
    <>
      {urls.map((url, index) => (
        <li key={url} className="admin-thumb is-pending" data-pending={entry.state} data-queued-upload={entry.id}>
          <img src={url} alt={`New ${categoryName(category)} image ${index + 1} (not uploaded yet)`} width={200} height={150} decoding="async" />
          <span className="admin-thumb__badge">
            <PendingBadge mark={mark} />
          </span>
          {index === 0 && entry.state !== 'sending' ? (
            <button
              type="button"
              className="admin-thumb__delete"
              onClick={() => void discard(entry.id)}
              aria-label={`Cancel the upload of ${urls.length} image(s) to ${categoryName(category)}`}
            >
              Cancel
            </button>
          ) : null}
        </li>
      ))}
    </>
  )
}
