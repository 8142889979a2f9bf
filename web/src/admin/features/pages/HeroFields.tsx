import { PAGE_LIMITS } from '../../../../../api/src/shared/rules/field-limits'
import { isUploadedPicture } from '../../../../../api/src/shared/rules/pages'
import { InputField, TextAreaField } from '../../shell/formParts'
import { Field } from '../../shell/ui'
import { useFieldErrorProps } from '../../shell/fieldErrors'
import { PicturePicker } from './PicturePicker'
import type { PageValues } from './pageValues'

type Set = <K extends keyof PageValues>(field: K, value: PageValues[K]) => void

/** One of the focal point's two sliders (0–100 %): arrows move it a step, Page Up/Down by ten. */
function FocalSlider({
  id,
  name,
  label,
  value,
  onValue,
}: {
  id: string
  name: 'focalX' | 'focalY'
  label: string
  value: number
  onValue(value: number): void
}) {
  const errorProps = useFieldErrorProps(name, id, false)
  return (
    <Field label={label} htmlFor={id}>
      <div className="page-focal">
        <input
          {...errorProps}
          id={id}
          name={name}
          type="range"
          min={0}
          max={100}
          step={1}
          value={value}
          onChange={(e) => onValue(Number(e.currentTarget.value))}
        />
        <output htmlFor={id}>{value} %</output>
      </div>
    </Field>
  )
}

/** The page's hero: its words, its picture with what it shows, and the part of it a phone keeps. */
export function HeroFields({ id, values, uploaded, set }: { id: string; values: PageValues; uploaded?: string; set: Set }) {
  const current = [values.picture, uploaded].find((path) => path !== undefined && isUploadedPicture(path))
  return (
    <>
      <InputField label="Title" id={`${id}-title`} name="title" value={values.title} onValue={(v) => set('title', v)} maxLength={PAGE_LIMITS.title} required />
      <InputField
        label="Small heading (optional)"
        hint="A few words above the title, such as “Our story”."
        id={`${id}-smallHeading`}
        name="smallHeading"
        value={values.smallHeading}
        onValue={(v) => set('smallHeading', v)}
        maxLength={PAGE_LIMITS.smallHeading}
      />
      <TextAreaField
        label="Introduction (optional)"
        hint="One or two sentences under the title; search results show them too."
        id={`${id}-intro`}
        name="intro"
        rows={3}
        value={values.intro}
        onValue={(v) => set('intro', v)}
        maxLength={PAGE_LIMITS.intro}
      />
      <PicturePicker id={`${id}-picture`} name="picture" label="Picture" value={values.picture} uploaded={current} onValue={(v) => set('picture', v)} />
      <InputField
        label="What the picture shows"
        hint="Read aloud to visitors who cannot see it, and shown if it cannot load."
        id={`${id}-pictureDescription`}
        name="pictureDescription"
        value={values.pictureDescription}
        onValue={(v) => set('pictureDescription', v)}
        maxLength={PAGE_LIMITS.pictureDescription}
        required
      />
      <fieldset className="page-focal__group">
        <legend>The part of the picture a phone keeps (a phone shows a narrow upright strip)</legend>
        <FocalSlider id={`${id}-focalX`} name="focalX" label="From the left" value={values.focalX} onValue={(v) => set('focalX', v)} />
        <FocalSlider id={`${id}-focalY`} name="focalY" label="From the top" value={values.focalY} onValue={(v) => set('focalY', v)} />
      </fieldset>
    </>
  )
}
