import { useId } from 'react'
import type { MenuUploadedReply } from '../../../api/types'
import { ApiError } from '../../../api/client'
import { currentVenue } from '../../../shell/venue'
import { deferredStatus, mutate } from '../../adminApi'
import { useFormDraft } from '../../drafts'
import { PendingBadge, usePending } from '../../shell/pending'
import { pendingMenus, type MenuMeta } from './changes'
import { useAdminMenus } from './store'
import { useResource } from '../../../stores'
import { formatReceived } from '../../time'
import { AdminScreen, AdminSection, type Status } from '../../shell/ui'
import { FileField, FormFooter, useChosenFiles, InputField, SelectField } from '../../shell/formParts'
import { useMutationForm } from '../../shell/useMutationForm'
import { problemIn, StaffForm } from '../../shell/fieldErrors'
import { MENU_PDF } from '../../../../../api/src/shared/rules/uploads'
import { menuBusinessName } from '../../../../../api/src/shared/rules/venues'

export const MENU_MISSING = 'Please fill in all fields and select a file.'
export const MENU_NETWORK_ERROR = 'Error uploading PDF. Please try again.'
export const MENU_NOT_PDF = 'Please choose a PDF file.'
export const menuSuccess = (id: number | string) => `Upload successful! PDF ID: ${id}`
export const menuFailed = (error: string) => `Upload failed: ${error}`

/** PDF only: by declared type, or by name when the device declares none. */
export function isPdf(file: File): boolean {
  if (file.type) return file.type === 'application/pdf'
  return /\.pdf$/i.test(file.name)
}

/** The two businesses with the venue's current names. */
export const businessOptions = () =>
  [
    { value: '1', label: menuBusinessName(currentVenue(), 1), page: '/drink' },
    { value: '2', label: menuBusinessName(currentVenue(), 2), page: '/eat' },
  ] as const

function sendMenu({ business_id, type_id }: { business_id: string; type_id: string }, file: File, onProgress: (fraction: number) => void) {
  const body = new FormData()
  body.append('pdf', file)
  body.append('business_id', business_id)
  body.append('type_id', type_id.trim())
  const business = businessOptions().find((b) => b.value === business_id)
  const meta: MenuMeta = { kind: 'menu', op: 'create', business_id, file_name: file.name }
  return mutate<MenuUploadedReply>(
    { method: 'POST', path: '/api/upload-pdf', body, label: `New menu for ${business?.label ?? business_id}`, meta },
    { onProgress },
  )
}

function menuFailure(error: unknown): Status {
  const deferred = deferredStatus(error)
  if (deferred) return deferred
  console.error('Menu upload failed:', error)
  if (error instanceof ApiError && !error.isNetwork) return { text: menuFailed(error.message), tone: 'error' }
  return { text: MENU_NETWORK_ERROR, tone: 'error' }
}

export function UploadMenus() {
  const ids = useId()
  const form = useFormDraft('menus-upload', { business_id: '', type_id: '1' })
  const chosen = useChosenFiles()
  const file = chosen.first
  const menus = useResource(useAdminMenus)
  const queued = pendingMenus(usePending('menu'))
  const { business_id, type_id } = form.values

  const upload = useMutationForm({
    validate: () =>
      problemIn(MENU_MISSING, { pdf: !file, business_id: !business_id, type_id: !type_id.trim() }) ?? problemIn(MENU_NOT_PDF, { pdf: !!file && !isPdf(file) }),
    send: async (onProgress) => {
      const reply = await sendMenu(form.values, file!, onProgress)
      return reply
    },
    sent: (reply) => ({ text: menuSuccess(reply.id), tone: 'success' }),
    failed: menuFailure,
    settled: chosen.clear,
    progress: true,
  })

  const onFile = (picked: File | null) => {
    if (picked && !isPdf(picked)) {
      chosen.clear()
      upload.showProblem({ text: MENU_NOT_PDF, fields: ['pdf'] })
      return
    }
    chosen.choose(picked ? [picked] : [])
    upload.showProblem(null)
  }

  return (
    <AdminScreen title="Upload Menus" intro="A new PDF replaces the menu visitors open from the Eat or Drink page.">
      <AdminSection title="New menu" id={`${ids}-form`}>
        <StaffForm form={upload}>
          <FileField
            label="Menu (PDF)"
            id={`${ids}-pdf`}
            name="pdf"
            accept="application/pdf,.pdf"
            hint={MENU_PDF.hint}
            required
            inputRef={chosen.inputRef}
            onFiles={(files) => onFile(files[0] ?? null)}
          />
          <div className="admin-form__row">
            <SelectField
              label="Business"
              id={`${ids}-business`}
              name="business_id"
              required
              value={business_id}
              onValue={(value) => form.set('business_id', value)}
            >
              <option value="">Choose a business…</option>
              {businessOptions().map((b) => (
                <option key={b.value} value={b.value}>
                  {b.label}
                </option>
              ))}
            </SelectField>
            <InputField
              label="Menu type"
              id={`${ids}-type`}
              hint="Keep 1 for the menu shown on the website."
              name="type_id"
              required
              maxLength={20}
              value={type_id}
              onValue={(value) => form.set('type_id', value)}
            />
          </div>
          <FormFooter form={upload} label="Upload menu" busyLabel="Uploading…" />
        </StaffForm>
      </AdminSection>
      <AdminSection title="Menus on the website" id={`${ids}-current`}>
        {!menus.data ? <p className="admin-loading">{menus.status === 'error' ? 'The current menus could not be loaded.' : 'Loading menus…'}</p> : null}
        {menus.data ? (
          <ul className="admin-rows">
            {businessOptions().map((b) => {
              const menu = menus.data?.[Number(b.value) as 1 | 2]
              const waiting = queued.get(b.value)
              return (
                <li key={b.value} className="admin-row" data-business={b.value}>
                  <div className="admin-row__body">
                    <p className="admin-row__title">{b.label}</p>
                    <p className="admin-row__meta">
                      {menu ? `Uploaded ${formatReceived(menu.updated_at)} · PDF ID ${menu.id}` : 'No menu has been uploaded yet.'}
                    </p>
                    {waiting ? (
                      <p className="admin-row__meta">
                        <PendingBadge mark={waiting.mark} /> {waiting.meta.file_name} replaces it when this device is back online.
                      </p>
                    ) : null}
                  </div>
                  {menu ? (
                    <a className="button button--small button--ghost" href={menu.pdf_url} target="_blank" rel="noreferrer">
                      Open PDF<span className="visually-hidden"> of the {b.label} menu (opens in a new tab)</span>
                    </a>
                  ) : null}
                </li>
              )
            })}
          </ul>
        ) : null}
      </AdminSection>
    </AdminScreen>
  )
}
