import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import type { EventUpdatedReply } from '../../../api/types'
import { failureStatus, isPlaceholder, mutate } from '../../adminApi'
import type { DisplayEvent, EventMeta } from './changes'
import { fromVenueInput, toVenueInput } from '../../time'
import { Field, StatusMessage, UploadProgress, useSubmit, useStatus, type Status } from '../../shell/ui'
import { isWebAddress } from '../attractions/messages'
import { usePickedImage } from '../../pickedImage'
import { EVENT_REQUIRED, EVENT_TICKET_URL } from './CreateEvent'

export const EDIT_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif']
export const EDIT_IMAGE_TYPE = 'Please select a PNG, JPEG or GIF image.'
export const CLEAR_SELECTED_IMAGE = 'Clear selected image'

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

export interface EventEditModalProps {
  /** The event as the list shows it (a placeholder id while it exists only on this device). */
  event: DisplayEvent
  onClose(): void
  /** The change was saved (success), kept on the device, or is in conflict: the list shows `status`. */
  onSaved(status: Status): void
}

/**
 * The edit dialog of /manageEvent: fields prefilled from the event (the start in venue time), an
 * optional replacement image with preview, Cancel and Save Changes. Focus stays inside while it is
 * open, Escape closes it, and closing forgets any selected image.
 */
export function EventEditModal({ event, onClose, onSaved }: EventEditModalProps) {
  const ids = useId()
  const dialog = useRef<HTMLDivElement>(null)
  const [title, setTitle] = useState(event.title)
  const [description, setDescription] = useState(event.description)
  const [start, setStart] = useState(() => toVenueInput(event.start_datetime))
  const [contactToBook, setContactToBook] = useState(event.contact_to_book === 1)
  const [ticketUrl, setTicketUrl] = useState(event.ticket_url ?? '')
  const [status, setStatus] = useStatus()
  const picked = usePickedImage({ types: EDIT_IMAGE_TYPES, typeMessage: EDIT_IMAGE_TYPE }, (problem) =>
    setStatus(problem ? { text: problem, tone: 'error' } : null),
  )
  const { file: image, preview, clear: clearImage } = picked
  const save = useSubmit()

  // Focus the first field on open; give focus back to what opened the dialog on close; no page scroll behind.
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null
    dialog.current?.querySelector<HTMLElement>('input, textarea')?.focus()
    const overflow = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    return () => {
      document.body.style.overflow = overflow
      if (opener && typeof opener.focus === 'function' && opener.isConnected) opener.focus()
    }
  }, [])

  const close = () => {
    clearImage()
    onClose()
  }

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.stopPropagation()
      if (!save.busy) close()
      return
    }
    if (e.key !== 'Tab' || !dialog.current) return
    const items = Array.from(dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE))
    if (items.length === 0) return
    const first = items[0]!
    const last = items[items.length - 1]!
    if (e.shiftKey && (document.activeElement === first || !dialog.current.contains(document.activeElement))) {
      e.preventDefault()
      last.focus()
    } else if (!e.shiftKey && (document.activeElement === last || !dialog.current.contains(document.activeElement))) {
      e.preventDefault()
      first.focus()
    }
  }

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault()
    if (save.busy) return
    if (!title.trim() || !description.trim() || !start) {
      setStatus({ text: EVENT_REQUIRED, tone: 'error' })
      return
    }
    if (ticketUrl.trim() && !isWebAddress(ticketUrl)) {
      setStatus({ text: EVENT_TICKET_URL, tone: 'error' })
      return
    }
    setStatus(null)
    const body = new FormData()
    body.append('id', String(event.id))
    body.append('title', title.trim())
    body.append('description', description.trim())
    body.append('start_datetime', start)
    body.append('contactToBook', contactToBook ? 'true' : 'false')
    body.append('ticket_url', ticketUrl.trim())
    if (image) body.append('image', image)
    const meta: EventMeta = {
      kind: 'event',
      op: 'update',
      id: event.id,
      event: {
        title: title.trim(),
        description: description.trim(),
        start_datetime: fromVenueInput(start) ?? start,
        ticket_url: ticketUrl.trim() || null,
        contact_to_book: contactToBook ? 1 : 0,
      },
    }
    await save.run(async (onProgress) => {
      try {
        const reply = await mutate<EventUpdatedReply>(
          {
            method: 'POST',
            path: '/api/update-event',
            body,
            label: `Edit event: ${title.trim()}`,
            // The version staff saw, so an edit made elsewhere meanwhile is not overwritten (none yet for an event made on this device).
            baseVersion: isPlaceholder(event.id) || !event.updated_at ? undefined : event.updated_at,
            record: `event:${event.id}`,
            versionField: 'event.updated_at',
            meta,
          },
          { onProgress },
        )
        clearImage()
        onSaved({ text: reply.message || 'Event updated.', tone: 'success' })
      } catch (error) {
        const status = failureStatus(error, 'The changes could not be saved.', 'Event update')
        if (!status.pending) return setStatus(status)
        clearImage()
        onSaved(status)
      }
    }, true)
  }

  return (
    <div className="admin-modal" onMouseDown={(e) => e.target === e.currentTarget && !save.busy && close()}>
      <div ref={dialog} className="admin-modal__dialog" role="dialog" aria-modal="true" aria-labelledby={`${ids}-title`} onKeyDown={onKeyDown}>
        <h2 id={`${ids}-title`} className="admin-modal__title">
          Edit event
        </h2>
        <form className="admin-form" onSubmit={onSubmit} noValidate>
          <Field label="Title" htmlFor={`${ids}-t`}>
            <input id={`${ids}-t`} name="title" className="admin-input" required maxLength={200} value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
          </Field>
          <Field label="Description" htmlFor={`${ids}-d`}>
            <textarea id={`${ids}-d`} name="description" rows={4} className="admin-input" required maxLength={5000} value={description} onChange={(e) => setDescription(e.currentTarget.value)} />
          </Field>
          <div className="admin-form__row">
            <Field label="Start Date/Time" htmlFor={`${ids}-s`} hint="Venue time (UK).">
              <input id={`${ids}-s`} name="start_datetime" type="datetime-local" className="admin-input" required value={start} onChange={(e) => setStart(e.currentTarget.value)} />
            </Field>
            <Field label="Ticket link (optional)" htmlFor={`${ids}-u`}>
              <input id={`${ids}-u`} name="ticket_url" type="url" inputMode="url" placeholder="https://" className="admin-input" maxLength={2000} value={ticketUrl} onChange={(e) => setTicketUrl(e.currentTarget.value)} />
            </Field>
          </div>
          <div className="admin-check">
            <input id={`${ids}-c`} name="contactToBook" type="checkbox" checked={contactToBook} onChange={(e) => setContactToBook(e.currentTarget.checked)} />
            <label htmlFor={`${ids}-c`}>Contact to Book</label>
          </div>
          <div className="admin-replace">
            <Field label="Replace Image" htmlFor={`${ids}-i`} hint="Optional. PNG, JPEG or GIF, less than 2MB.">
              <input
                ref={picked.input}
                id={`${ids}-i`}
                name="image"
                type="file"
                accept="image/png,image/jpeg,image/gif"
                className="admin-input admin-input--file"
                onChange={(e) => void picked.pick(e.currentTarget.files?.[0] ?? null)}
              />
            </Field>
            <div className="admin-replace__images">
              {event.image_url && !preview ? (
                <figure className="admin-preview">
                  <img src={event.image_url} alt="Current event image" width={event.image_width ?? 240} height={event.image_height ?? 180} />
                  <figcaption>Current image</figcaption>
                </figure>
              ) : null}
              {preview ? (
                <figure className="admin-preview">
                  <img src={preview} alt="Preview of the replacement image" width={240} height={180} />
                  <figcaption>{image?.name ?? 'New image'}</figcaption>
                </figure>
              ) : null}
            </div>
            {image ? (
              <button type="button" className="button button--small button--ghost" onClick={clearImage}>
                {CLEAR_SELECTED_IMAGE}
              </button>
            ) : null}
          </div>
          <UploadProgress progress={save.progress} label="Saving" />
          <StatusMessage status={status} />
          <div className="admin-modal__actions">
            <button type="button" className="button button--ghost" onClick={close} disabled={save.busy}>
              Cancel
            </button>
            <button type="submit" className="button" disabled={save.busy}>
              {save.busy ? 'Saving…' : 'Save Changes'}
            </button>
          </div>
        </form>
      </div>
    </div>
  )
}
