/** Pieces every staff form and list with a picture uses for its description (alt text). */
import { ALT_TEXT_HINT, ALT_TEXT_MAX, NO_DESCRIPTION } from '../../../../api/src/shared/rules/alt-text'
import { InputField } from './formParts'

/** The optional description field, with the hint on what good alt text is. */
export function AltTextField({
  id,
  value,
  onValue,
  label = 'Alt text: what the picture shows (optional)',
}: {
  id: string
  value: string
  onValue(value: string): void
  label?: string
}) {
  return (
    <InputField
      label={label}
      id={id}
      name="alt"
      hint={`${ALT_TEXT_HINT} At most ${ALT_TEXT_MAX} characters.`}
      maxLength={ALT_TEXT_MAX + 50}
      value={value}
      onValue={onValue}
    />
  )
}

/** Flags a picture with no description staff wrote (screen readers get only a general one, or none). */
export function NoDescriptionBadge() {
  return <span className="admin-badge admin-badge--missing">{NO_DESCRIPTION}</span>
}
