import { useId, useState } from 'react'
import type { PageReply, StaffPage } from '../../../api/types'
import { checkPictureDescription } from '../../../../../api/src/shared/rules/page-fields'
import { PAGE_NAMES, type PageKey } from '../../../../../api/src/shared/rules/pages'
import { PAGE_PICTURE, IMAGE_REQUIRED_MESSAGE } from '../../../../../api/src/shared/rules/uploads'
import { PAGE_LIMITS } from '../../../../../api/src/shared/rules/field-limits'
import { failureStatus, mutate } from '../../adminApi'
import { usePickedImage } from '../../pickedImage'
import { fieldProblem, problemIn, StaffForm } from '../../shell/fieldErrors'
import { FileField, FormFooter, InputField } from '../../shell/formParts'
import { PendingBadge, type PendingMark } from '../../shell/pending'
import { AdminSection } from '../../shell/ui'
import { useMutationForm } from '../../shell/useMutationForm'
import { pagePicturePath, type PageMeta } from './changes'
import { useAdminPages } from './store'

/** Sends the picture with its description, through the outbox (kept on the device while offline). */
function sendPicture(page: StaffPage, file: File, description: string, onProgress: (fraction: number) => void) {
  const body = new FormData()
  body.append('picture', file)
  body.append('pictureDescription', description)
  const meta: PageMeta = { kind: 'page', op: 'update', page: page.page as PageKey, fields: ['picture', 'pictureDescription'] }
  return mutate<PageReply>(
    {
      method: 'POST',
      path: pagePicturePath(page.page as PageKey),
      body,
      label: `New picture for the ${PAGE_NAMES[page.page as PageKey]} page`,
      // No version sent: a new picture replaces whichever picture the page has by then.
      record: `page:${page.page}`,
      versionField: 'page.updated_at',
      meta,
    },
    { onProgress },
  )
}

/** A picture of the venue's own for the top of the page: it replaces the current one at once, with its focal point in the middle. */
export function HeroUpload({ page, stored, pending }: { page: PageKey; stored: StaffPage; pending?: PendingMark }) {
  const ids = useId()
  const [description, setDescription] = useState('')
  const upload = useMutationForm({
    validate: () => {
      const checked = checkPictureDescription(description)
      return problemIn(IMAGE_REQUIRED_MESSAGE, { picture: !picked.file }) ?? fieldProblem('pictureDescription', checked.ok ? null : checked.error)
    },
    send: async (onProgress) => {
      const reply = await sendPicture(stored, picked.file!, description.trim(), onProgress)
      useAdminPages.setState((state) => ({ data: (state.data ?? []).map((old) => (old.page === page ? reply.page : old)) }))
      return reply
    },
    sent: (reply) => ({ text: reply.message, tone: 'success' }),
    failed: (error) => failureStatus(error, 'The picture was not uploaded.', `${PAGE_NAMES[page]} page picture`),
    settled: () => {
      picked.clear()
      setDescription('')
    },
    progress: true,
  })
  const picked = usePickedImage(PAGE_PICTURE, (problem) => upload.showProblem(fieldProblem('picture', problem)))

  return (
    <AdminSection title="Upload a picture of your own" id={`${ids}-upload`}>
      <StaffForm form={upload}>
        <PendingBadge mark={pending} />
        <FileField
          label="Picture"
          id={`${ids}-picture`}
          name="picture"
          accept={PAGE_PICTURE.accept}
          hint={PAGE_PICTURE.hint}
          inputRef={picked.input}
          onFiles={(files) => void picked.pick(files[0] ?? null)}
        />
        {picked.preview ? <img className="page-upload__preview" src={picked.preview} alt="The picture chosen" width={240} height={150} /> : null}
        <InputField
          label="What the picture shows"
          id={`${ids}-pictureDescription`}
          name="pictureDescription"
          value={description}
          onValue={setDescription}
          maxLength={PAGE_LIMITS.pictureDescription}
          required
        />
        <FormFooter form={upload} label="Upload the picture" busyLabel="Uploading…" progressLabel="Uploading the picture" />
      </StaffForm>
    </AdminSection>
  )
}
