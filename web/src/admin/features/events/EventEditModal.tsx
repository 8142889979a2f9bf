import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type RefObject } from 'react'
import type { EventUpdatedReply } from '../../../api/types'
import { failureStatus, isPlaceholder, mutate } from '../../adminApi'
import { eventEditFields, queuedEvent, type DisplayEvent, type EventMeta } from './changes'
import { startProblem, toVenueInput } from '../../time'
import { StatusMessage, UploadProgress, type Status } from '../../shell/ui'
import { useMutationForm } from '../../shell/useMutationForm'
import { fieldProblem, problemIn, StaffForm } from '../../shell/fieldErrors'
import { usePickedImage } from '../../pickedImage'
import { EVENT_EDIT_IMAGE } from '../../../../../api/src/shared/rules/uploads'
import { EVENT_REQUIRED, ticketProblem } from './CreateEvent'
import { ReplaceImage } from './ReplaceImage'
import { AltTextField } from '../../shell/altText'
import { altTextProblem, normalizeAltText } from '../../../../../api/src/shared/rules/alt-text'
import '../../styles/staff'
import { EventFields, type EventFieldValues } from './EventFields'
import './events.css'
import { FOCUSABLE } from '../../shell/listFocus'
import { BusyButton } from '../../../ui/BusyButton'

export { CLEAR_SELECTED_IMAGE } from './ReplaceImage'

/**
 * A modal dialog makes the page behind inert, but browsers let Tab leave it for their own toolbar:
 * Tab past the last control (Shift+Tab before the first) comes round to the other end instead.
 */
function keepTabInside(e: KeyboardEvent<HTMLDialogElement>) {
  const items = Array.from(e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE))
  const edge = e.shiftKey ? items[0] : items[items.length - 1]
  const other = e.shiftKey ? items[items.length - 1] : items[0]
  if (!edge || !other || (document.activeElement !== edge && e.currentTarget.contains(document.activeElement))) return
  e.preventDefault()
  other.focus()
}

/**
 * A field focused with Tab is scrolled clear of the sticky Cancel/Save bar: browsers leave a field
 * that is partly in view where it is, so on a short screen a textarea could sit half under the bar.
 */
function keepClearOfActions(e: FocusEvent<HTMLDialogElement>) {
  const field = e.target
  const bar = e.currentTarget.querySelector('.admin-modal__actions')
  if (!(field instanceof HTMLElement) || !bar || bar.contains(field)) return
  const box = field.getBoundingClientRect()
  const clear = bar.getBoundingClientRect().top - 8
  if (box.bottom <= clear) return
  // As much of the field as fits above the bar, its top first.
  const scrollport = e.currentTarget.getBoundingClientRect()
  e.currentTarget.scrollBy({ top: Math.min(box.bottom - clear, box.top - scrollport.top - 8) })
}

export interface EventEditModalProps {
  /** The event as the list shows it (a placeholder id while it exists only on this device). */
  event: DisplayEvent
  onClose(): void
  /** The change was saved (success), kept on the device, or is in conflict: the list shows `status`. */
  onSaved(status: Status): void
}

/** `startedFrom`: the event as the dialog opened (its fields prefilled the form): the edit's base and version. */
function sendEdit(
  event: DisplayEvent,
  startedFrom: DisplayEvent,
  values: EventFieldValues,
  alt: string,
  image: File | null,
  onProgress: (fraction: number) => void,
) {
  const { title, description, start, contactToBook, ticketUrl } = values
  // An untouched start goes back as the instant it was: in the hour the clocks go back, its wall-clock
  // text names two instants, and read again it would move an event at the first 1:30 am an hour later.
  const startSent = startedFrom.start_datetime && start === toVenueInput(startedFrom.start_datetime) ? startedFrom.start_datetime : start
  const body = new FormData()
  body.append('id', String(event.id))
  body.append('title', title.trim())
  body.append('description', description.trim())
  body.append('start_datetime', startSent)
  body.append('contactToBook', contactToBook ? 'true' : 'false')
  body.append('ticket_url', ticketUrl.trim())
  body.append('alt_text', normalizeAltText(alt) ?? '')
  if (image) body.append('image', image)
  const meta: EventMeta = {
    kind: 'event',
    op: 'update',
    id: event.id,
    event: { ...queuedEvent(values), ...(startSent === start ? {} : { start_datetime: startSent }), alt_text: normalizeAltText(alt) },
  }
  return mutate<EventUpdatedReply>(
    {
      method: 'POST',
      path: '/api/update-event',
      body,
      label: `Edit event: ${title.trim()}`,
      // The version staff saw, so an edit made elsewhere meanwhile is not overwritten (none yet for an event made on this device).
      baseVersion: isPlaceholder(startedFrom.id) || !startedFrom.updated_at ? undefined : startedFrom.updated_at,
      // The fields as staff found them: on a conflict, only the fields changed on both sides are asked about.
      base: isPlaceholder(startedFrom.id) ? undefined : eventEditFields(startedFrom),
      record: `event:${event.id}`,
      versionField: 'event.updated_at',
      meta,
    },
    { onProgress },
  )
}

/**
 * Opens `dialog` as a modal (the page behind is inert, the browser keeps focus inside) and, on
 * close, gives focus back to what opened it; no page scroll behind. A DOM without showModal (the
 * component tests' happy-dom) gets a plain open dialog.
 */
function useModal(dialog: RefObject<HTMLDialogElement | null>) {
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null
    const element = dialog.current
    if (element && !element.open) {
      if (typeof element.showModal === 'function') element.showModal()
      else element.setAttribute('open', '')
    }
    element?.querySelector<HTMLElement>('input, textarea')?.focus()
    const overflow = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    return () => {
      document.body.style.overflow = overflow
      if (opener && typeof opener.focus === 'function' && opener.isConnected) opener.focus()
    }
  }, [dialog])
}

/**
 * The edit dialog of /manageEvent: fields prefilled from the event (the start in venue time), an
 * optional replacement image with preview, Cancel and Save Changes. A native modal <dialog>: focus
 * stays inside, Escape closes it (not while saving), and closing forgets any selected image.
 */
export function EventEditModal({ event, onClose, onSaved }: EventEditModalProps) {
  const ids = useId()
  const dialog = useRef<HTMLDialogElement>(null)
  const [values, setValues] = useState<EventFieldValues>(() => ({
    title: event.title,
    description: event.description,
    start: toVenueInput(event.start_datetime),
    contactToBook: event.contact_to_book === 1,
    ticketUrl: event.ticket_url ?? '',
  }))
  const [alt, setAlt] = useState(event.alt_text ?? '')
  // The list may be read again while the dialog is open: the edit is based on what prefilled the form.
  const [startedFrom] = useState(event)
  const { title, description, start, ticketUrl } = values
  const save = useMutationForm({
    validate: () =>
      problemIn(EVENT_REQUIRED, { title: !title.trim(), description: !description.trim(), start_datetime: !start }) ??
      fieldProblem('start_datetime', startProblem(start)) ??
      ticketProblem(ticketUrl) ??
      fieldProblem('alt', altTextProblem(alt)),
    send: (onProgress) => sendEdit(event, startedFrom, values, alt, picked.file, onProgress),
    sent: (reply) => ({ text: reply.message || 'Event updated.', tone: 'success' }),
    failed: (error) => failureStatus(error, 'The changes could not be saved.', 'Event update'),
    // Saved or kept on this device: the list says so, and the dialog closes.
    settled: (status) => {
      picked.clear()
      onSaved(status)
    },
    progress: true,
  })
  const picked = usePickedImage(EVENT_EDIT_IMAGE, (problem) => save.showProblem(fieldProblem('image', problem)))
  useModal(dialog)

  const close = () => {
    picked.clear()
    onClose()
  }
  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key === 'Tab') return keepTabInside(e)
    if (e.key !== 'Escape') return
    e.preventDefault()
    e.stopPropagation()
    if (!save.busy) close()
  }

  return (
    <dialog
      ref={dialog}
      className="admin-modal"
      aria-modal="true"
      aria-labelledby={`${ids}-title`}
      onKeyDown={onKeyDown}
      onFocus={keepClearOfActions}
      // Escape is handled above (so a save under way is not abandoned); the browser's own close is not wanted.
      onCancel={(e) => e.preventDefault()}
      onMouseDown={(e) => e.target === e.currentTarget && !save.busy && close()}
    >
      <div className="admin-modal__dialog">
        <h2 id={`${ids}-title`} className="admin-modal__title">
          Edit event
        </h2>
        <StaffForm form={save}>
          {/* Before the fields: in view when focus moves to the first field in error, not below the dialog's fold. */}
          <StatusMessage status={save.status} id={save.statusId} />
          <EventFields
            id={`${ids}-field`}
            values={values}
            startName="start_datetime"
            descriptionRows={4}
            onChange={(field, value) => setValues((now) => ({ ...now, [field]: value }))}
          />
          <ReplaceImage id={`${ids}-i`} event={event} picked={picked} />
          <AltTextField id={`${ids}-alt`} value={alt} onValue={setAlt} />
          <UploadProgress progress={save.progress} label="Saving" />
          <div className="admin-modal__actions">
            <BusyButton type="button" className="button button--ghost" onClick={close} busy={save.busy}>
              Cancel
            </BusyButton>
            <BusyButton type="submit" className="button" busy={save.busy}>
              {save.busy ? 'Saving…' : 'Save Changes'}
            </BusyButton>
          </div>
        </StaffForm>
      </div>
    </dialog>
  )
}
