import { useId, useState } from 'react'
import type { UploadGalleryReply } from '../../../api/types'
import { failureStatus, mutate } from '../../adminApi'
import { useFormDraft } from '../../drafts'
import type { GalleryMeta } from './changes'
import { GalleryList } from './GalleryList'
import { AdminScreen, AdminSection } from '../../shell/ui'
import { FileField, FormFooter, useChosenFiles, SelectField } from '../../shell/formParts'
import { useMutationForm } from '../../shell/useMutationForm'
import { fieldProblem, problemIn, StaffForm, type Problem } from '../../shell/fieldErrors'
import { categoryOfType, GALLERY_CATEGORIES, MAX_IMAGES_PER_UPLOAD, UPLOAD_GALLERY_MISSING } from '../../../../../api/src/shared/rules/galleries'
import { altTextProblem, normalizeAltText } from '../../../../../api/src/shared/rules/alt-text'
import { GALLERY_IMAGE, typeNames } from '../../../../../api/src/shared/rules/uploads'
import { UploadDescriptions } from './UploadDescriptions'
import '../../styles/staff'
import './galleries.css'

export const GALLERY_SUCCESS = 'Upload successful!'
export const GALLERY_ERROR = 'Error uploading the images.'

/** What is wrong with an upload before it is sent, and in which fields (null: nothing). */
function uploadProblem(files: File[], type: string, alts: string[]): Problem | null {
  const altIndex = alts.findIndex((alt) => altTextProblem(alt))
  return (
    problemIn(UPLOAD_GALLERY_MISSING, { images: files.length === 0, type: !type }) ??
    problemIn('Only image files can be uploaded to a gallery.', { images: files.some((file) => file.type && !file.type.startsWith('image/')) }) ??
    problemIn(`Please choose at most ${MAX_IMAGES_PER_UPLOAD} images at a time.`, { images: files.length > MAX_IMAGES_PER_UPLOAD }) ??
    (altIndex >= 0 ? fieldProblem(`alt-${altIndex}`, altTextProblem(alts[altIndex])) : null)
  )
}

export function ManageGalleries() {
  const ids = useId()
  const form = useFormDraft('galleries-upload', { type: '' })
  const chosen = useChosenFiles()
  const { files } = chosen
  // One description per chosen file, in the files' order; a new choice starts them empty.
  const [alts, setAlts] = useState<string[]>([])
  const choose = (chosenFiles: File[]) => {
    chosen.choose(chosenFiles)
    setAlts(chosenFiles.map(() => ''))
  }
  const upload = useMutationForm({
    validate: () => uploadProblem(files, form.values.type, alts),
    send: async (onProgress) => {
      const body = new FormData()
      for (const file of files) body.append('images', file)
      body.append('type', form.values.type)
      // Descriptions go by position, one per image, and only when staff wrote any.
      if (alts.some((alt) => normalizeAltText(alt))) for (const index of files.keys()) body.append('alt', normalizeAltText(alts[index]) ?? '')
      const meta: GalleryMeta = { kind: 'gallery', op: 'create', category: categoryOfType(form.values.type) ?? form.values.type }
      const reply = await mutate<UploadGalleryReply>(
        { method: 'POST', path: '/api/upload-gallery', body, label: `Upload ${files.length} gallery image(s)`, meta },
        { onProgress },
      )
      return reply
    },
    sent: () => ({ text: GALLERY_SUCCESS, tone: 'success' }),
    failed: (error) => failureStatus(error, GALLERY_ERROR, 'Gallery upload'),
    settled: () => {
      chosen.clear()
      setAlts([])
    },
    progress: true,
  })

  return (
    <AdminScreen title="Manage Galleries" intro="Photos appear in the gallery of the page you choose, in the order set below; new ones go at the end.">
      <AdminSection title="Upload images" id={`${ids}-upload`}>
        <StaffForm form={upload} aria-describedby={`${ids}-upload-hint`}>
          <p className="admin-form__hint" id={`${ids}-upload-hint`}>
            Choose up to {MAX_IMAGES_PER_UPLOAD} photos ({typeNames(GALLERY_IMAGE.types)}) and the page they belong to.
          </p>
          <div className="admin-form__row">
            <FileField
              label="Images"
              id={`${ids}-images`}
              name="images"
              accept={GALLERY_IMAGE.types.join(',')}
              multiple
              required
              inputRef={chosen.inputRef}
              onFiles={choose}
            />
            <SelectField label="Gallery" id={`${ids}-type`} name="type" required value={form.values.type} onValue={(value) => form.set('type', value)}>
              <option value="">Choose a page…</option>
              {GALLERY_CATEGORIES.map((option) => (
                <option key={option.type} value={option.type}>
                  {option.name}
                </option>
              ))}
            </SelectField>
          </div>
          {files.length > 0 ? <p className="admin-form__note">{files.length === 1 ? '1 image selected' : `${files.length} images selected`}</p> : null}
          <UploadDescriptions files={files} alts={alts} onAlts={setAlts} idPrefix={ids} />
          <FormFooter form={upload} label="Upload" busyLabel="Uploading…" />
        </StaffForm>
      </AdminSection>

      <GalleryList id={`${ids}-list`} />
    </AdminScreen>
  )
}
