/** A picture's description (alt text): staff write or change it; empty goes back to the generated one. */
import { useEffect, useId, useState } from 'react'
import type { EditGalleryReply } from '../../../api/types'
import { failureStatus, mutate } from '../../adminApi'
import { FormFooter, TextAreaField } from '../../shell/formParts'
import { useMutationForm } from '../../shell/useMutationForm'
import { fieldProblem, StaffForm } from '../../shell/fieldErrors'
import type { Status } from '../../shell/ui'
import { ALT_TEXT_HINT, ALT_TEXT_MAX, altTextProblem, altTextVersion, normalizeAltText } from '../../../../../api/src/shared/rules/alt-text'
import { galleryAltFields, type DisplayGalleryImage, type GalleryMeta } from './changes'

/** `onDone` closes the form; after a send it gets the outcome, for the gallery's status line (the form's own goes with it). */
export function DescribeImage({ image, name, onDone }: { image: DisplayGalleryImage; name: string; onDone(outcome?: Status): void }) {
  const ids = useId()
  const [text, setText] = useState(image.alt_text ?? '')
  // The button that opened this form is gone now: keyboard and screen-reader users go on in the text box.
  useEffect(() => document.getElementById(`${ids}-alt`)?.focus(), [ids])
  const save = useMutationForm({
    validate: () => fieldProblem('alt', altTextProblem(text)),
    send: async () => {
      const alt = normalizeAltText(text)
      const reply = await mutate<EditGalleryReply>({
        method: 'PUT',
        path: `/api/edit-gallery/${image.id}`,
        body: { alt },
        label: alt ? `Describe gallery picture ${image.id}: “${alt}”` : `Remove the description of gallery picture ${image.id}`,
        // The description staff started from: one changed elsewhere meanwhile is asked about, not written over.
        baseVersion: altTextVersion(image.alt_text),
        base: galleryAltFields(image),
        meta: { kind: 'gallery', op: 'alt', id: image.id, alt } satisfies GalleryMeta,
      })
      return reply
    },
    sent: () => ({ text: 'Description saved.', tone: 'success' }),
    failed: (error) => failureStatus(error, 'Error saving the description.', 'Gallery description'),
    settled: (outcome) => onDone(outcome),
  })
  return (
    <StaffForm
      form={save}
      className="admin-describe"
      aria-label={`Description of ${name}`}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !save.busy) onDone()
      }}
    >
      <TextAreaField
        label="Description (alt text)"
        id={`${ids}-alt`}
        name="alt"
        hint={`${ALT_TEXT_HINT} At most ${ALT_TEXT_MAX} characters.`}
        value={text}
        onValue={setText}
        rows={3}
        maxLength={ALT_TEXT_MAX + 50}
      />
      <div className="admin-describe__actions">
        <FormFooter form={save} label="Save description" busyLabel="Saving…" />
        <button type="button" className="button button--ghost button--small" onClick={() => onDone()}>
          Cancel
        </button>
      </div>
    </StaffForm>
  )
}
