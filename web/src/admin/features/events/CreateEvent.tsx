import { useId } from 'react'
import type { EventUploadedReply } from '../../../api/types'
import { ApiError } from '../../../api/client'
import { deferredStatus, hasServerMessage, mutate, newPlaceholder } from '../../adminApi'
import { useFormDraft } from '../../drafts'
import { queuedEvent, type EventMeta } from './changes'
import { useAdminEvents } from './store'
import { PickedImageField, readAsDataUrl, usePickedImage } from '../../pickedImage'
import { EVENT_UPLOAD_IMAGE, IMAGE_REQUIRED_MESSAGE, IMAGE_UNREADABLE_MESSAGE } from '../../../../../api/src/shared/rules/uploads'
import { AdminScreen, AdminSection, type Status } from '../../shell/ui'
import { FormFooter } from '../../shell/formParts'
import { FormProblem, useMutationForm } from '../../shell/useMutationForm'
import { fieldProblem, problemIn, StaffForm, type Problem } from '../../shell/fieldErrors'
import { isWebAddress } from '../../../../../api/src/shared/rules/web-address'
import { AltTextField } from '../../shell/altText'
import { altTextProblem, normalizeAltText } from '../../../../../api/src/shared/rules/alt-text'
import { startProblem } from '../../time'
import '../../styles/staff'
import { EventFields, type EventFieldValues } from './EventFields'
import './events.css'

export const EVENT_REQUIRED = 'Please fill in all required fields (Title, Description, Start Date/Time).'
export const EVENT_TICKET_URL = 'Please enter the ticket link as a full web address starting with http:// or https://.'
export const EVENT_UPLOADED = 'Event uploaded successfully!'
export const EVENT_UNEXPECTED = 'An unexpected error occurred.'
export const eventStatusError = (status: number) => `Error uploading event (Status: ${status})`

const INITIAL = { title: '', description: '', startDatetime: '', ticket_url: '', contactToBook: false, alt: '' }
type NewEvent = typeof INITIAL
/** The draft's name for each shared event field (kept, so drafts saved earlier still restore). */
const DRAFT_FIELD = {
  title: 'title',
  description: 'description',
  start: 'startDatetime',
  ticketUrl: 'ticket_url',
  contactToBook: 'contactToBook',
} as const satisfies Record<keyof EventFieldValues, keyof NewEvent>

/** What is wrong with a new event before it is sent, and in which fields (null: nothing). */
function eventProblem({ title, description, startDatetime, ticket_url, alt }: NewEvent, file: File | null): Problem | null {
  return (
    problemIn(EVENT_REQUIRED, { title: !title.trim(), description: !description.trim(), startDatetime: !startDatetime }) ??
    fieldProblem('startDatetime', startProblem(startDatetime)) ??
    problemIn(IMAGE_REQUIRED_MESSAGE, { image: !file }) ??
    problemIn(EVENT_UPLOAD_IMAGE.tooLargeMessage, { image: !!file && file.size > EVENT_UPLOAD_IMAGE.maxBytes }) ??
    ticketProblem(ticket_url) ??
    fieldProblem('alt', altTextProblem(alt))
  )
}

/** A ticket link that is given but not a web address (the create form and the edit dialog alike). */
export const ticketProblem = (ticketUrl: string) => problemIn(EVENT_TICKET_URL, { ticket_url: !!ticketUrl.trim() && !isWebAddress(ticketUrl) })

async function readImage(file: File): Promise<string> {
  try {
    return await readAsDataUrl(file)
  } catch (error) {
    console.error('Reading the event image failed:', error)
    throw new FormProblem(IMAGE_UNREADABLE_MESSAGE, ['image'])
  }
}

function sendNewEvent(
  { title, description, startDatetime, ticket_url, contactToBook, alt }: NewEvent,
  dataUrl: string,
  onProgress: (fraction: number) => void,
) {
  // Until it lands, the event is known on this device by a placeholder id (it can be edited or deleted meanwhile).
  const placeholder = newPlaceholder()
  const altText = normalizeAltText(alt)
  const meta: EventMeta = {
    kind: 'event',
    op: 'create',
    id: placeholder,
    event: { ...queuedEvent({ title, description, start: startDatetime, ticketUrl: ticket_url, contactToBook }), alt_text: altText },
  }
  return mutate<EventUploadedReply>(
    {
      method: 'POST',
      path: '/api/upload-event',
      body: {
        title: title.trim(),
        description: description.trim(),
        startDatetime,
        image_base64: dataUrl,
        ticket_url: ticket_url.trim(),
        contactToBook,
        ...(altText ? { alt_text: altText } : {}),
      },
      label: `New event: ${title.trim()}`,
      creates: { placeholder, idField: 'event.id' },
      record: `event:${placeholder}`,
      versionField: 'event.updated_at',
      meta,
    },
    { onProgress },
  )
}

function uploadFailure(error: unknown): Status {
  const deferred = deferredStatus(error)
  if (deferred) return deferred
  console.error('Event upload failed:', error)
  if (hasServerMessage(error)) return { text: error.message, tone: 'error' }
  if (error instanceof ApiError && !error.isNetwork) return { text: eventStatusError(error.status), tone: 'error' }
  return { text: EVENT_UNEXPECTED, tone: 'error' }
}

export function CreateEvent() {
  const ids = useId()
  const form = useFormDraft('event-create', INITIAL)
  const { title, description, startDatetime, ticket_url, contactToBook } = form.values
  const upload = useMutationForm({
    validate: () => eventProblem(form.values, image.file),
    send: async (onProgress) => {
      const dataUrl = image.preview || (await readImage(image.file!))
      return sendNewEvent(form.values, dataUrl, onProgress)
    },
    sent: () => ({ text: EVENT_UPLOADED, tone: 'success' }),
    failed: uploadFailure,
    settled: () => {
      form.reset()
      image.clear()
      useAdminEvents.getState().reset()
    },
    progress: true,
  })
  const image = usePickedImage(EVENT_UPLOAD_IMAGE, (problem) => upload.showProblem(fieldProblem('image', problem)))

  return (
    <AdminScreen title="Create Events" intro="New events appear on the Events page until the day they take place.">
      <AdminSection title="New event" id={`${ids}-form`}>
        <StaffForm form={upload}>
          {form.restored ? <p className="admin-form__note">Your unsaved input was restored. Please choose the image again.</p> : null}
          <EventFields
            id={ids}
            values={{ title, description, start: startDatetime, ticketUrl: ticket_url, contactToBook }}
            startName="startDatetime"
            descriptionRows={5}
            onChange={(field, value) => form.patch({ [DRAFT_FIELD[field]]: value })}
          />
          <PickedImageField label="Image" id={`${ids}-image`} name="image" required picked={image} />
          <AltTextField id={`${ids}-alt`} value={form.values.alt ?? ''} onValue={(value) => form.patch({ alt: value })} />
          {image.preview && image.file ? (
            <figure className="admin-preview">
              <img src={image.preview} alt="Preview of the selected event image" width={240} height={180} />
              <figcaption>{image.file.name}</figcaption>
            </figure>
          ) : null}
          <FormFooter form={upload} label="Upload event" busyLabel="Uploading…" />
        </StaffForm>
      </AdminSection>
    </AdminScreen>
  )
}
