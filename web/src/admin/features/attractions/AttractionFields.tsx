import { ATTRACTION_LIMITS } from '../../../../../api/src/shared/rules/field-limits'
import { AltTextField } from '../../shell/altText'
import { InputField, TextAreaField } from '../../shell/formParts'
import type { EMPTY_ATTRACTION } from './messages'

type AttractionValues = typeof EMPTY_ATTRACTION

/** An attraction's name, web address, description and picture description, as both the add and the edit form ask for them. */
export function AttractionFields({
  id,
  values: { name, url, description, alt },
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
        <InputField
          label="Name"
          id={`${id}-name`}
          name="name"
          required
          maxLength={ATTRACTION_LIMITS.name}
          value={name}
          onValue={(value) => onChange('name', value)}
        />
        <InputField
          label="Web address"
          id={`${id}-url`}
          name="url"
          type="url"
          inputMode="url"
          placeholder={urlPlaceholder}
          required
          maxLength={ATTRACTION_LIMITS.url}
          value={url}
          onValue={(value) => onChange('url', value)}
        />
      </div>
      <TextAreaField
        label="Description"
        id={`${id}-description`}
        name="description"
        rows={4}
        required
        maxLength={ATTRACTION_LIMITS.description}
        value={description}
        onValue={(value) => onChange('description', value)}
      />
      <AltTextField id={`${id}-alt`} value={alt} onValue={(value) => onChange('alt', value)} />
    </>
  )
}
