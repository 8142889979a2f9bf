import type { AttractionReply } from '../../../api/types'
import { ATTRACTION_IMAGE } from '../../../../../api/src/shared/rules/uploads'
import { failureStatus, mutate, newPlaceholder } from '../../adminApi'
import { useFormDraft } from '../../drafts'
import { AdminSection } from '../../shell/ui'
import { FileField, FormFooter, useChosenFiles } from '../../shell/formParts'
import { AttractionFields } from './AttractionFields'
import { useMutationForm } from '../../shell/useMutationForm'
import { fieldProblem, problemIn, StaffForm } from '../../shell/fieldErrors'
import type { AttractionMeta } from './changes'
import { ATTRACTION_MISSING, ATTRACTION_UPLOAD_ERROR, ATTRACTION_UPLOADED, BAD_URL, EMPTY_ATTRACTION } from './messages'
import { altTextProblem, normalizeAltText } from '../../../../../api/src/shared/rules/alt-text'
import { isWebAddress } from '../../../../../api/src/shared/rules/web-address'

function sendAttraction({ name, url, description, alt }: typeof EMPTY_ATTRACTION, image: File, onProgress: (fraction: number) => void) {
  const body = new FormData()
  body.append('image', image)
  body.append('name', name.trim())
  body.append('url', url.trim())
  body.append('description', description.trim())
  const altText = normalizeAltText(alt)
  if (altText) body.append('alt', altText)
  const placeholder = newPlaceholder()
  const meta: AttractionMeta = {
    kind: 'attraction',
    op: 'create',
    id: placeholder,
    attraction: { name: name.trim(), url: url.trim(), description: description.trim(), alt_text: altText },
  }
  return mutate<AttractionReply>(
    {
      method: 'POST',
      path: '/api/upload-around',
      body,
      label: `Add attraction ${name.trim()}`,
      creates: { placeholder, idField: 'attraction.id' },
      record: `attraction:${placeholder}`,
      versionField: 'attraction.updated_at',
      meta,
    },
    { onProgress },
  )
}

export function UploadAttraction({ id }: { id: string }) {
  const form = useFormDraft('attractions-upload', EMPTY_ATTRACTION)
  const chosen = useChosenFiles()
  const image = chosen.first
  const { name, url, description } = form.values
  const upload = useMutationForm({
    validate: () =>
      problemIn(ATTRACTION_MISSING, { name: !name.trim(), url: !url.trim(), description: !description.trim(), image: !image }) ??
      problemIn(BAD_URL, { url: !isWebAddress(url) }) ??
      fieldProblem('alt', altTextProblem(form.values.alt)),
    send: async (onProgress) => {
      const reply = await sendAttraction(form.values, image!, onProgress)
      return reply
    },
    sent: () => ({ text: ATTRACTION_UPLOADED, tone: 'success' }),
    failed: (error) => failureStatus(error, ATTRACTION_UPLOAD_ERROR, 'Attraction upload'),
    settled: () => {
      form.reset()
      chosen.clear()
    },
    progress: true,
  })

  return (
    <AdminSection title="Add an attraction" id={id}>
      <StaffForm form={upload}>
        {form.restored ? <p className="admin-form__note">Your unsaved input was restored. Please choose the image again.</p> : null}
        <AttractionFields id={id} values={form.values} urlPlaceholder="https://" onChange={form.set} />
        <FileField
          label="Image"
          id={`${id}-image`}
          name="image"
          accept={ATTRACTION_IMAGE.types.join(',')}
          required
          inputRef={chosen.inputRef}
          onFiles={chosen.choose}
        />
        <FormFooter form={upload} label="Upload attraction" busyLabel="Uploading…" />
      </StaffForm>
    </AdminSection>
  )
}
