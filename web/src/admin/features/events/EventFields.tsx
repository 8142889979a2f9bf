import { Field } from '../../shell/ui'

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
      <Field label="Title" htmlFor={`${id}-title`}>
        <input
          id={`${id}-title`}
          name="title"
          className="admin-input"
          required
          maxLength={200}
          value={title}
          onChange={(e) => onChange('title', e.currentTarget.value)}
        />
      </Field>
      <Field label="Description" htmlFor={`${id}-description`}>
        <textarea
          id={`${id}-description`}
          name="description"
          rows={descriptionRows}
          className="admin-input"
          required
          maxLength={5000}
          value={description}
          onChange={(e) => onChange('description', e.currentTarget.value)}
        />
      </Field>
      <div className="admin-form__row">
        <Field label="Start Date/Time" htmlFor={`${id}-start`} hint="Venue time (UK).">
          <input
            id={`${id}-start`}
            name={startName}
            type="datetime-local"
            className="admin-input"
            required
            value={start}
            onChange={(e) => onChange('start', e.currentTarget.value)}
          />
        </Field>
        <Field label="Ticket link (optional)" htmlFor={`${id}-ticket`}>
          <input
            id={`${id}-ticket`}
            name="ticket_url"
            type="url"
            inputMode="url"
            placeholder="https://"
            className="admin-input"
            maxLength={2000}
            value={ticketUrl}
            onChange={(e) => onChange('ticketUrl', e.currentTarget.value)}
          />
        </Field>
      </div>
      <div className="admin-check">
        <input
          id={`${id}-contact`}
          name="contactToBook"
          type="checkbox"
          checked={contactToBook}
          onChange={(e) => onChange('contactToBook', e.currentTarget.checked)}
        />
        <label htmlFor={`${id}-contact`}>Contact to Book</label>
      </div>
    </>
  )
}
