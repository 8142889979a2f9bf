import { Field } from '../../shell/ui'
import type { EMPTY_ATTRACTION } from './messages'

type AttractionValues = typeof EMPTY_ATTRACTION

/** An attraction's name, web address and description, as both the add and the edit form ask for them. */
export function AttractionFields({
  id,
  values: { name, url, description },
  urlPlaceholder,
  onChange,
}: {
  id: string
  values: AttractionValues
  urlPlaceholder?: string
  onChange(field: keyof AttractionValues, value: string): void
}) {
  return (
    <>
      <div className="admin-form__row">
        <Field label="Name" htmlFor={`${id}-name`}>
          <input
            id={`${id}-name`}
            name="name"
            className="admin-input"
            required
            maxLength={120}
            value={name}
            onChange={(e) => onChange('name', e.currentTarget.value)}
          />
        </Field>
        <Field label="Web address" htmlFor={`${id}-url`}>
          <input
            id={`${id}-url`}
            name="url"
            type="url"
            inputMode="url"
            placeholder={urlPlaceholder}
            className="admin-input"
            required
            maxLength={2048}
            value={url}
            onChange={(e) => onChange('url', e.currentTarget.value)}
          />
        </Field>
      </div>
      <Field label="Description" htmlFor={`${id}-description`}>
        <textarea
          id={`${id}-description`}
          name="description"
          rows={4}
          className="admin-input"
          required
          maxLength={2000}
          value={description}
          onChange={(e) => onChange('description', e.currentTarget.value)}
        />
      </Field>
    </>
  )
}
