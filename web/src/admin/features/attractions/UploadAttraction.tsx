import { useRef, useState } from 'react'
import type { AttractionReply } from '../../../api/types'
import { failureStatus, mutate, newPlaceholder } from '../../adminApi'
import { useFormDraft } from '../../drafts'
import { AdminSection, Field, StatusMessage, UploadProgress } from '../../shell/ui'
import { useMutationForm } from '../../shell/useMutationForm'
import type { AttractionMeta } from './changes'
import { ATTRACTION_MISSING, ATTRACTION_UPLOAD_ERROR, ATTRACTION_UPLOADED, BAD_URL, EMPTY_ATTRACTION, isWebAddress } from './messages'
import { useAdminAttractions } from './store'

function sendAttraction({ name, url, description }: typeof EMPTY_ATTRACTION, image: File, onProgress: (fraction: number) => void) {
  const body = new FormData()
  body.append('image', image)
  body.append('name', name.trim())
  body.append('url', url.trim())
  body.append('description', description.trim())
  const placeholder = newPlaceholder()
  const meta: AttractionMeta = {
    kind: 'attraction',
    op: 'create',
    id: placeholder,
    attraction: { name: name.trim(), url: url.trim(), description: description.trim() },
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
  const [image, setImage] = useState<File | null>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  const { name, url, description } = form.values
  const upload = useMutationForm({
    validate: () => (!name.trim() || !url.trim() || !description.trim() || !image ? ATTRACTION_MISSING : !isWebAddress(url) ? BAD_URL : null),
    send: async (onProgress) => {
      const reply = await sendAttraction(form.values, image!, onProgress)
      void useAdminAttractions.getState().load()
      return reply
    },
    sent: () => ({ text: ATTRACTION_UPLOADED, tone: 'success' }),
    failed: (error) => failureStatus(error, ATTRACTION_UPLOAD_ERROR, 'Attraction upload'),
    settled: () => {
      form.reset()
      setImage(null)
      if (fileInput.current) fileInput.current.value = ''
    },
    progress: true,
  })

  return (
    <AdminSection title="Add an attraction" id={id}>
      <form className="admin-form" onSubmit={upload.onSubmit} noValidate>
        {form.restored ? <p className="admin-form__note">Your unsaved input was restored. Please choose the image again.</p> : null}
        <div className="admin-form__row">
          <Field label="Name" htmlFor={`${id}-name`}>
            <input
              id={`${id}-name`}
              name="name"
              className="admin-input"
              required
              maxLength={120}
              value={name}
              onChange={(e) => form.set('name', e.currentTarget.value)}
            />
          </Field>
          <Field label="Web address" htmlFor={`${id}-url`}>
            <input
              id={`${id}-url`}
              name="url"
              type="url"
              inputMode="url"
              placeholder="https://"
              className="admin-input"
              required
              maxLength={2048}
              value={url}
              onChange={(e) => form.set('url', e.currentTarget.value)}
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
            onChange={(e) => form.set('description', e.currentTarget.value)}
          />
        </Field>
        <Field label="Image" htmlFor={`${id}-image`}>
          <input
            ref={fileInput}
            id={`${id}-image`}
            name="image"
            type="file"
            accept="image/*"
            required
            className="admin-input admin-input--file"
            onChange={(e) => setImage(e.currentTarget.files?.[0] ?? null)}
          />
        </Field>
        <UploadProgress progress={upload.progress} />
        <div className="admin-form__actions">
          <button type="submit" className="button" disabled={upload.busy}>
            {upload.busy ? 'Uploading…' : 'Upload attraction'}
          </button>
        </div>
        <StatusMessage status={upload.status} />
      </form>
    </AdminSection>
  )
}
