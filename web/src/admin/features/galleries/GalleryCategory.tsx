/** One page's gallery on the staff screen: its pictures in order, to move, describe and delete. */
import { useEffect, useRef, useState, type DragEvent } from 'react'
import type { GalleryImage } from '../../../api/types'
import type { OutboxEntry } from '../../adminApi'
import { PendingBadge } from '../../shell/pending'
import { StatusMessage } from '../../shell/ui'
import { categoryName, categoryPage } from '../../../../../api/src/shared/rules/galleries'
import { NO_DESCRIPTION } from '../../../../../api/src/shared/rules/alt-text'
import { galleryView, type QueuedUpload } from './changes'
import { GalleryThumb } from './GalleryThumb'
import { QueuedThumbs } from './QueuedThumbs'
import { pictureNames } from './pictureName'
import { useGalleryOrder } from './useGalleryOrder'

interface Props {
  id: string
  category: string
  images: readonly GalleryImage[]
  pending: readonly OutboxEntry[]
  uploads: readonly QueuedUpload[]
  onDelete(image: GalleryImage): void
  deleting: number | null
}

export function GalleryCategory({ id, category, images: server, pending, uploads, onDelete, deleting }: Props) {
  const { images, order } = galleryView(server, category, pending)
  const { move, announcement, status, setStatus } = useGalleryOrder(category, images)
  // The dragged picture is kept in a ref too: drag events come faster than renders.
  const draggedRef = useRef<number | null>(null)
  const [dragged, setDraggedState] = useState<number | null>(null)
  const setDragged = (id: number | null) => {
    draggedRef.current = id
    setDraggedState(id)
  }
  const [target, setTarget] = useState<number | null>(null)
  const listRef = useRef<HTMLUListElement>(null)
  // After a move by keyboard the picture's button is focused again at its new place (the other one at an end).
  const refocus = useRef<{ id: number; direction: 'up' | 'down' } | null>(null)
  const orderKey = images.map((image) => image.id).join()
  useEffect(() => {
    const wanted = refocus.current
    if (!wanted || !orderKey) return
    const tile = listRef.current?.querySelector(`[data-image-id="${wanted.id}"]`)
    const buttons = [`[data-move="${wanted.direction}"]`, `[data-move="${wanted.direction === 'up' ? 'down' : 'up'}"]`]
    const button = buttons.map((selector) => tile?.querySelector<HTMLButtonElement>(`${selector}:not([disabled])`)).find(Boolean)
    button?.focus()
  }, [orderKey])

  const name = categoryName(category)
  const names = pictureNames(images)
  const undescribed = images.filter((image) => !image.alt_text).length
  const headingId = `${id}-cat-${category}`
  const queued = uploads.filter((upload) => upload.category === category)

  const actionsFor = (image: (typeof images)[number], index: number) => ({
    move: (to: number) => {
      refocus.current = { id: image.id, direction: to < index ? ('up' as const) : ('down' as const) }
      void move(image.id, to)
    },
    remove: () => onDelete(image),
    report: setStatus,
    deleting: deleting === image.id,
    drag: {
      start: (event: DragEvent) => {
        event.dataTransfer.effectAllowed = 'move'
        event.dataTransfer.setData('text/plain', String(image.id))
        setDragged(image.id)
      },
      over: (event: DragEvent) => {
        if (draggedRef.current === null) return
        event.preventDefault()
        event.dataTransfer.dropEffect = 'move'
        setTarget(index)
      },
      drop: (event: DragEvent) => {
        event.preventDefault()
        if (draggedRef.current !== null) void move(draggedRef.current, index)
        setDragged(null)
        setTarget(null)
      },
      end: () => {
        setDragged(null)
        setTarget(null)
      },
      isTarget: target === index && dragged !== null && dragged !== image.id,
    },
  })

  return (
    <section className="admin-gallery" aria-labelledby={headingId} data-category={category}>
      <h3 id={headingId} className="admin-gallery__title">
        {name} <span className="admin-count">({images.length})</span>
        {undescribed > 0 ? (
          <span className="admin-badge admin-badge--missing" data-undescribed={undescribed}>
            {undescribed} {undescribed === 1 ? 'picture' : 'pictures'} with {NO_DESCRIPTION.toLowerCase()}
          </span>
        ) : null}
        {categoryPage(category) ? (
          <a className="admin-gallery__view" href={categoryPage(category)} target="_blank" rel="noreferrer">
            View page<span className="visually-hidden">: {name} (opens in a new tab)</span>
          </a>
        ) : null}
      </h3>
      {order ? (
        <p className="admin-gallery__order">
          New order: <PendingBadge mark={order} />
        </p>
      ) : null}
      {images.length > 1 ? (
        <p className="admin-form__hint">Visitors see the pictures in this order. Drag a picture, or use Move up and Move down, to change it.</p>
      ) : null}
      <p className="admin-gallery__announce" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
      <StatusMessage status={status} />
      {images.length === 0 && queued.length === 0 ? (
        <p className="admin-empty">No images yet.</p>
      ) : (
        <ul className="admin-thumbs" ref={listRef}>
          {images.map((image, index) => (
            <GalleryThumb
              key={image.id}
              image={image}
              name={names.get(image.id)!}
              index={index}
              count={images.length}
              gallery={name}
              actions={actionsFor(image, index)}
            />
          ))}
          {queued.map((upload) => (
            <QueuedThumbs key={upload.entry.id} entry={upload.entry} category={category} />
          ))}
        </ul>
      )}
    </section>
  )
}
