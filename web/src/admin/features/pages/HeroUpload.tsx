import { useId, useState } from 'react'
import type { PageReply, StaffPage } from '../../../api/types'
import { checkPictureDescription } from '../../../../../api/src/shared/rules/page-fields'
import { PAGE_NAMES, type PageKey } from '../../../../../api/src/shared/rules/pages'
import { PAGE_PICTURE, IMAGE_REQUIRED_MESSAGE } from '../../../../../api/src/shared/rules/uploads'
import { PAGE_LIMITS } from '../../../../../api/src/shared/rules/field-limits'
import { failureStatus, mutate } from '../../adminApi'
import { PickedImageField, usePickedImage } from '../../pickedImage'
import { fieldProblem, problemIn, StaffForm } from '../../shell/fieldErrors'
import { FormFooter, InputField } from '../../shell/formParts'
import { PendingBadge, type PendingMark } from '../../shell/pending'
import { AdminSection } from '../../shell/ui'
import { FormProblem, useMutationForm } from '../../shell/useMutationForm'
import { ApiError } from '../../../api/client'
import { fieldOfMessage, inStaffWords } from './pageValues'
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
      // No version, and not chained to the page's edits: a new picture replaces whichever the page has by
      // then, and a save of the page queued after it meets the newer version and merges field by field,
      // rather than being sent as if it had started from the picture (it would put the old one back).
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
      return (
        problemIn(IMAGE_REQUIRED_MESSAGE, { picture: !picked.file }) ??
        fieldProblem('pictureDescription', checked.ok ? null : inStaffWords(checked.error, page))
      )
    },
    send: async (onProgress) => {
      try {
        const reply = await sendPicture(stored, picked.file!, description.trim(), onProgress)
        useAdminPages.setState((state) => ({ data: (state.data ?? []).map((old) => (old.page === page ? reply.page : old)) }))
        return reply
      } catch (error) {
        // The server's reason is shown at the field it is about: the description's, or else the file's
        // (a file that only looked like a picture, one too large or unreadable).
        if (error instanceof ApiError && [400, 413, 415, 422].includes(error.status)) {
          const field = fieldOfMessage(error.message) === 'pictureDescription' ? 'pictureDescription' : 'picture'
          throw new FormProblem(inStaffWords(error.message, page), [field])
        }
        throw error
      }
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
        <PickedImageField label="Picture" id={`${ids}-picture`} name="picture" picked={picked} />
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
