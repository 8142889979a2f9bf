import type { AttractionReply } from '../../../api/types'
import { ATTRACTION_IMAGE } from '../../../../../api/src/shared/rules/uploads'
import { failureStatus, isPlaceholder, mutate } from '../../adminApi'
import { useFormDraft } from '../../drafts'
import { AdminSection } from '../../shell/ui'
import { FileField, FormFooter, useChosenFiles, SelectField } from '../../shell/formParts'
import { AttractionFields } from './AttractionFields'
import { useMutationForm } from '../../shell/useMutationForm'
import { fieldProblem, problemIn, StaffForm, type Problem } from '../../shell/fieldErrors'
import { attractionEditFields, type AttractionMeta, type DisplayAttraction } from './changes'
import { BAD_URL, EDIT_ERROR, EDIT_MISSING, EMPTY_ATTRACTION, SELECT_BUSINESS } from './messages'
import { altTextProblem, normalizeAltText } from '../../../../../api/src/shared/rules/alt-text'
import { isWebAddress } from '../../../../../api/src/shared/rules/web-address'

/** The attraction as staff chose it (its fields prefilled the form): the edit's base and version. */
type StartedFrom = { version: string; fields: Record<string, unknown> }
type Edited = typeof EMPTY_ATTRACTION & { selected: string; startedFrom: StartedFrom | null }

const startedFromOf = (a: Pick<DisplayAttraction, 'updated_at' | 'name' | 'url' | 'description' | 'alt_text'>): StartedFrom => ({
  version: a.updated_at,
  fields: attractionEditFields(a),
})

function editProblem({ selected, name, url, description, alt }: Edited): Problem | null {
  return (
    problemIn(SELECT_BUSINESS, { attraction: !selected }) ??
    problemIn(EDIT_MISSING, { name: !name.trim(), url: !url.trim(), description: !description.trim() }) ??
    problemIn(BAD_URL, { url: !isWebAddress(url) }) ??
    fieldProblem('alt', altTextProblem(alt))
  )
}

function sendEdit(
  { selected, name, url, description, alt, startedFrom }: Edited,
  image: File | null,
  current: DisplayAttraction | undefined,
  onProgress: (fraction: number) => void,
) {
  const body = new FormData()
  body.append('name', name.trim())
  body.append('url', url.trim())
  body.append('description', description.trim())
  body.append('alt', normalizeAltText(alt) ?? '')
  if (image) body.append('image', image)
  const recordId = isPlaceholder(selected) ? selected : Number(selected)
  // The list may have been read again since the form was filled: the edit is based on what filled it.
  const from = startedFrom ?? (current ? startedFromOf(current) : null)
  return mutate<AttractionReply>(
    {
      method: 'PUT',
      path: `/api/edit-around/${selected}`,
      body,
      label: `Edit attraction ${name.trim()}`,
      baseVersion: isPlaceholder(selected) || !from?.version ? undefined : from.version,
      // The fields as staff found them: on a conflict, only the fields changed on both sides are asked about.
      base: isPlaceholder(selected) || !from ? undefined : from.fields,
      record: `attraction:${selected}`,
      versionField: 'attraction.updated_at',
      meta: {
        kind: 'attraction',
        op: 'update',
        id: recordId,
        attraction: { name: name.trim(), url: url.trim(), description: description.trim(), alt_text: normalizeAltText(alt) },
      } satisfies AttractionMeta,
    },
    { onProgress },
  )
}

export function EditAttraction({ id, attractions }: { id: string; attractions: DisplayAttraction[] }) {
  const form = useFormDraft<Edited>('attractions-edit', { selected: '', startedFrom: null, ...EMPTY_ATTRACTION })
  const chosen = useChosenFiles()
  const image = chosen.first
  const { selected } = form.values
  const save = useMutationForm({
    validate: () => editProblem(form.values),
    send: async (onProgress) => {
      const reply = await sendEdit(
        form.values,
        image,
        attractions.find((a) => String(a.id) === selected),
        onProgress,
      )
      // Saved: the next save from this form is based on the attraction as it is now.
      if (reply?.attraction) form.patch({ startedFrom: startedFromOf(reply.attraction) })
      return reply
    },
    sent: (reply) => ({ text: reply?.message || 'Attraction updated.', tone: 'success' }),
    failed: (error) => failureStatus(error, EDIT_ERROR, 'Attraction update'),
    // The details stay (they are what the list now shows); only the chosen picture is cleared.
    settled: () => {
      chosen.clear()
    },
    progress: true,
  })

  const choose = (value: string) => {
    const attraction = attractions.find((a) => String(a.id) === value)
    form.patch(
      attraction
        ? {
            selected: value,
            name: attraction.name,
            url: attraction.url,
            description: attraction.description,
            alt: attraction.alt_text ?? '',
            startedFrom: startedFromOf(attraction),
          }
        : { selected: '', startedFrom: null, ...EMPTY_ATTRACTION },
    )
    save.showProblem(null)
  }

  return (
    <AdminSection title="Edit an attraction" id={id}>
      <StaffForm form={save}>
        <SelectField label="Attraction" id={`${id}-select`} name="attraction" value={selected} onValue={(value) => choose(value)}>
          <option value="">Select an attraction…</option>
          {attractions
            .filter((a) => a.pending?.op !== 'delete')
            .map((a) => (
              <option key={a.id} value={String(a.id)}>
                {a.name}
                {a.pending ? ' (waiting to sync)' : ''}
              </option>
            ))}
        </SelectField>
        <fieldset className="admin-fieldset" disabled={!selected}>
          <legend className="visually-hidden">Details of the selected attraction</legend>
          <AttractionFields id={id} values={form.values} onChange={form.set} />
          <FileField
            label="New image (optional)"
            id={`${id}-image`}
            name="image"
            accept={ATTRACTION_IMAGE.types.join(',')}
            hint="Leave empty to keep the current picture."
            inputRef={chosen.inputRef}
            onFiles={chosen.choose}
          />
        </fieldset>
        <FormFooter form={save} label="Save changes" busyLabel="Saving…" progressLabel="Saving" />
      </StaffForm>
    </AdminSection>
  )
}
