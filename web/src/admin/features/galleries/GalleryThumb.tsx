/** One picture of a staff gallery: its description (or a "No description" badge), move, describe and delete. */
import { useEffect, useRef, useState, type DragEvent } from 'react'
import { PendingBadge } from '../../shell/pending'
import type { Status } from '../../shell/ui'
import { NoDescriptionBadge } from '../../shell/altText'
import type { DisplayGalleryImage } from './changes'
import { DescribeImage } from './DescribeImage'
import { focusFollowsList } from '../../shell/listFocus'

export interface ThumbActions {
  /** Move the picture to another place (0 first). */
  move(to: number): void
  remove(): void
  deleting: boolean
  /** Shows how a description's save went in the gallery's status line. */
  report(status: Status): void
  /** Native drag and drop: which picture is dragged, and where it is dropped. */
  drag: { start(event: DragEvent): void; over(event: DragEvent): void; drop(event: DragEvent): void; end(): void; isTarget: boolean }
}

export function GalleryThumb({
  image,
  name,
  index,
  count,
  gallery,
  actions,
}: {
  image: DisplayGalleryImage
  /** How the controls name the picture (pictureNames: by its description, and its place where two share one). */
  name: string
  index: number
  count: number /** The gallery's name ('Eat'). */
  gallery: string
  actions: ThumbActions
}) {
  const [describing, setDescribing] = useState(false)
  // After the description form closes, focus goes back to the button that opened it (it was unmounted meanwhile).
  const describeButton = useRef<HTMLButtonElement>(null)
  const [refocus, setRefocus] = useState(false)
  useEffect(() => {
    if (refocus && !describing) {
      describeButton.current?.focus()
      setRefocus(false)
    }
  }, [refocus, describing])
  const removal = image.pending?.op === 'delete'
  const classes = ['admin-thumb', image.pending ? 'is-pending' : '', removal ? 'is-deleted' : '', actions.drag.isTarget ? 'is-drop-target' : '']
  return (
    <li
      className={classes.filter(Boolean).join(' ')}
      data-image-id={image.id}
      data-pending={image.pending?.state}
      draggable={!removal && !describing}
      onDragStart={actions.drag.start}
      onDragOver={actions.drag.over}
      onDrop={actions.drag.drop}
      onDragEnd={actions.drag.end}
    >
      {/* Described by the caption below when staff wrote one (so it is not read twice); else the generated text. */}
      <img
        src={image.image_url}
        alt={image.alt_text ? '' : image.alt}
        width={image.width}
        height={image.height}
        loading="lazy"
        decoding="async"
        draggable={false}
      />
      {image.pending ? (
        <span className="admin-thumb__badge">
          <PendingBadge mark={image.pending} />
        </span>
      ) : null}
      <div className="admin-thumb__body">
        {image.alt_text ? (
          <p className="admin-thumb__alt">{image.alt_text}</p>
        ) : (
          <p className="admin-thumb__alt">
            <NoDescriptionBadge />
          </p>
        )}
        {describing ? (
          <DescribeImage
            image={image}
            name={name}
            onDone={(outcome) => {
              if (outcome) actions.report(outcome)
              setDescribing(false)
              setRefocus(true)
            }}
          />
        ) : removal ? null : (
          <div className="admin-thumb__actions">
            <button type="button" className="admin-thumb__button" data-move="up" disabled={index === 0} onClick={() => actions.move(index - 1)}>
              Move up
              <span className="visually-hidden">
                {' '}
                {name} in {gallery}
              </span>
            </button>
            <button type="button" className="admin-thumb__button" data-move="down" disabled={index === count - 1} onClick={() => actions.move(index + 1)}>
              Move down
              <span className="visually-hidden">
                {' '}
                {name} in {gallery}
              </span>
            </button>
            <button type="button" className="admin-thumb__button" ref={describeButton} onClick={() => setDescribing(true)}>
              {image.alt_text ? 'Edit description' : 'Describe'}
              <span className="visually-hidden">
                {' '}
                {name} in {gallery}
              </span>
            </button>
            <button
              type="button"
              className="admin-thumb__button admin-thumb__delete"
              onClick={focusFollowsList(() => actions.remove())}
              disabled={actions.deleting}
              aria-label={`Delete ${name} from ${gallery}`}
            >
              {actions.deleting ? 'Deleting…' : 'Delete'}
            </button>
          </div>
        )}
      </div>
    </li>
  )
}
