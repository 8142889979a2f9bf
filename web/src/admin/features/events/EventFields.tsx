import { EVENT_LIMITS } from '../../../../../api/src/shared/rules/field-limits'
import { CheckField, InputField, TextAreaField } from '../../shell/formParts'

/** What staff type for an event, in the create form and the edit dialog alike. */
export interface EventFieldValues {
  title: string
  description: string
  /** Venue time, as a datetime-local input holds it. */
  start: string
  ticketUrl: string
  contactToBook: boolean
}

/** Title, description, start, ticket link and "Contact to Book" (ids: `${id}-title|description|start|ticket|contact`). */
export function EventFields({
  id,
  values: { title, description, start, ticketUrl, contactToBook },
  startName,
  descriptionRows,
  onChange,
}: {
  id: string
  values: EventFieldValues
  /** The start field's form name (the create and edit endpoints name it differently). */
  startName: string
  descriptionRows: number
  onChange<K extends keyof EventFieldValues>(field: K, value: EventFieldValues[K]): void
}) {
  return (
    <>
      <InputField
        label="Title"
        id={`${id}-title`}
        name="title"
        required
        maxLength={EVENT_LIMITS.title}
        value={title}
        onValue={(value) => onChange('title', value)}
      />
      <TextAreaField
        label="Description"
        id={`${id}-description`}
        name="description"
        rows={descriptionRows}
        required
        maxLength={EVENT_LIMITS.description}
        value={description}
        onValue={(value) => onChange('description', value)}
      />
      <div className="admin-form__row">
        <InputField
          label="Start Date/Time"
          id={`${id}-start`}
          hint="Venue time (UK)."
          name={startName}
          type="datetime-local"
          required
          value={start}
          onValue={(value) => onChange('start', value)}
        />
        <InputField
          label="Ticket link (optional)"
          id={`${id}-ticket`}
          name="ticket_url"
          type="url"
          inputMode="url"
          placeholder="https://"
          maxLength={EVENT_LIMITS.ticketUrl}
          value={ticketUrl}
          onValue={(value) => onChange('ticketUrl', value)}
        />
      </div>
      <CheckField
        label="Contact to Book"
        id={`${id}-contact`}
        name="contactToBook"
        checked={contactToBook}
        onChecked={(checked) => onChange('contactToBook', checked)}
      />
    </>
  )
}
