import { useId } from 'react'
import { IMAGE_REQUIRED_MESSAGE, VENUE_LOGO } from '../../../../../api/src/shared/rules/uploads'
import { useOnline } from '../../../lib/hooks'
import { logoOf, useVenue, venueStore } from '../../../shell/venue'
import { adminSendNow, failureStatus } from '../../adminApi'
import { PickedImageField, usePickedImage } from '../../pickedImage'
import { fieldProblem, problemIn, StaffForm } from '../../shell/fieldErrors'
import { FormFooter } from '../../shell/formParts'
import { AdminSection, StatusMessage } from '../../shell/ui'
import './venue.css'
import { useMutationForm } from '../../shell/useMutationForm'
import { BusyButton } from '../../../ui/BusyButton'

export const LOGO_NEEDS_CONNECTION = 'A new logo needs a connection to the website: it is checked there, and the app icons are drawn from it.'
type LogoReply = { message: string; logo: string }

/** The logo shown now on every page, with the new one's address once the server has taken it. */
const showLogo = (reply: LogoReply) => venueStore.setState((now) => ({ data: now.data ? { ...now.data, logo: reply.logo } : now.data }))

/** Owners replace the logo (PNG or WebP) or go back to the original; sent at once, never queued. */
export function VenueLogo() {
  const ids = useId()
  const online = useOnline()
  const current = logoOf(useVenue())
  const upload = useMutationForm({
    validate: () => problemIn(IMAGE_REQUIRED_MESSAGE, { logo: !picked.file }),
    send: async (onProgress) => {
      const body = new FormData()
      body.append('logo', picked.file!)
      const reply = await adminSendNow<LogoReply>('POST', '/api/admin/venue/logo', body, onProgress)
      showLogo(reply)
      return reply
    },
    sent: (reply) => ({ text: reply.message, tone: 'success' }),
    failed: (error) => failureStatus(error, 'The logo was not changed.', 'Logo upload'),
    settled: () => picked.clear(),
    progress: true,
  })
  const restore = useMutationForm({
    send: async () => {
      const reply = await adminSendNow<LogoReply>('DELETE', '/api/admin/venue/logo')
      showLogo(reply)
      return reply
    },
    sent: (reply) => ({ text: reply.message, tone: 'success' }),
    failed: (error) => failureStatus(error, 'The logo was not changed.', 'Logo reset'),
  })
  const picked = usePickedImage(VENUE_LOGO, (problem) => upload.showProblem(fieldProblem('logo', problem)))

  return (
    <AdminSection title="Logo" id={`${ids}-logo`} className="venue-logo-section">
      <div className="venue-logo">
        <img src={current} alt="The logo now" width={96} height={96} className="venue-logo__now" />
        {picked.preview ? <img src={picked.preview} alt="The logo chosen" width={96} height={96} className="venue-logo__now" /> : null}
      </div>
      {!online ? <p className="admin-status admin-status--info admin-status--block">{LOGO_NEEDS_CONNECTION}</p> : null}
      <StaffForm form={upload}>
        <PickedImageField label="New logo" id={`${ids}-file`} name="logo" picked={picked} />
        <FormFooter form={upload} label="Use this logo" busyLabel="Uploading…" />
      </StaffForm>
      {current.startsWith('/files/') ? (
        <StaffForm form={restore}>
          <div className="admin-form__actions">
            <BusyButton type="submit" className="button button--ghost" busy={restore.busy}>
              {restore.busy ? 'Changing…' : 'Use the original logo'}
            </BusyButton>
          </div>
        </StaffForm>
      ) : null}
      {/* Outside the form that goes once the original is back: what happened stays said, and focus has a place. */}
      <StatusMessage status={restore.status} id={restore.statusId} />
    </AdminSection>
  )
}
