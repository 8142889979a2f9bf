import { useEffect, useId, useRef, useState } from 'react'
import { ApiError } from '../../../api/client'
import type { StaffPage } from '../../../api/types'
import { checkPageEdit } from '../../../../../api/src/shared/rules/page-fields'
import { PAGE_ITEMS, PAGE_NAMES, type PageKey } from '../../../../../api/src/shared/rules/pages'
import { failureStatus, isQueued } from '../../adminApi'
import { StaffForm } from '../../shell/fieldErrors'
import { FormFooter } from '../../shell/formParts'
import { PendingBadge, usePending } from '../../shell/pending'
import { AdminSection } from '../../shell/ui'
import { FormProblem, useMutationForm } from '../../shell/useMutationForm'
import { BodyEditor } from './BodyEditor'
import { pageEditOf, pendingPage } from './changes'
import { HeroFields } from './HeroFields'
import { HeroUpload } from './HeroUpload'
import { ItemsEditor } from './ItemsEditor'
import { PagePreview } from './PagePreview'
import { fieldOfMessage, filledFromPage, inStaffWords, rebasedValues, sendPage, type FilledFrom, type PageValues } from './pageValues'
import { useAdminPages } from './store'
import { WordsFields } from './WordsFields'

export const PAGE_SAVE_ERROR = 'The page was not saved.'

/** The list of pages with one replaced by the server's newer copy. */
const withPage = (pages: StaffPage[] | null, page: StaffPage) => (pages ?? []).map((old) => (old.page === page.page ? page : old))

/** One page's hero, text and items, filled once from the server (or from a change still waiting), then staff's own. */
export function PageEditor({ page, stored }: { page: PageKey; stored: StaffPage }) {
  const ids = useId()
  const queued = pendingPage(usePending('page'), page)
  const [values, setValues] = useState<PageValues>(() => queued.edit ?? pageEditOf(stored))
  // Filled from a change still on the device: its version comes when it lands (the outbox passes it on to a later save).
  const filledFrom = useRef<FilledFrom | null>(queued.edit ? { edit: queued.edit } : filledFromPage(stored))
  const current = useRef(values)
  current.current = values
  const set = <K extends keyof PageValues>(field: K, value: PageValues[K]) => setValues((now) => ({ ...now, [field]: value }))
  const kind = PAGE_ITEMS[page]

  // A newer version of the page arrived (this form's own save kept on the device has landed, a picture was
  // uploaded, another member saved): the form moves onto it, keeping what staff changed here, unless a
  // field was changed both here and there, when the next save meets the newer version and asks.
  const seen = useRef(stored.updated_at)
  useEffect(() => {
    if (stored.updated_at === seen.current) return
    seen.current = stored.updated_at
    const from = filledFrom.current
    const rebased = from ? rebasedValues(current.current, from.edit, pageEditOf(stored)) : null
    if (!rebased) return
    filledFrom.current = filledFromPage(stored)
    setValues(rebased)
  }, [stored])

  const save = useMutationForm({
    validate: () => {
      const checked = checkPageEdit(page, values)
      return checked.ok ? null : { text: inStaffWords(checked.error, page), fields: [checked.field] }
    },
    send: async () => {
      try {
        const reply = await sendPage(page, values, filledFrom.current)
        filledFrom.current = filledFromPage(reply.page)
        seen.current = reply.page.updated_at
        useAdminPages.setState((state) => ({ data: withPage(state.data, reply.page), status: 'ready', error: null, fromCache: false }))
        return reply
      } catch (error) {
        // Kept on the device: the form now stands on its own edit, and its next save on the version that edit makes.
        if (isQueued(error)) filledFrom.current = { edit: { ...values }, version: filledFrom.current?.version, madeBy: error.entry.id }
        // The server's reason for one field is shown at that field, as the form's own checks are.
        if (error instanceof ApiError && error.status === 400)
          throw new FormProblem(inStaffWords(error.message, page), [fieldOfMessage(error.message)].filter(Boolean) as string[])
        throw error
      }
    },
    sent: (reply) => ({ text: reply.message, tone: 'success' }),
    failed: (error) => failureStatus(error, PAGE_SAVE_ERROR, `${PAGE_NAMES[page]} page words`),
  })

  return (
    <div className="page-editor">
      <StaffForm form={save}>
        <PendingBadge mark={queued.mark} />
        <AdminSection title="Top of the page" id={`${ids}-hero`}>
          <HeroFields id={ids} values={values} uploaded={stored.picture} set={set} />
        </AdminSection>
        <AdminSection title="Text" id={`${ids}-text`} className="page-text">
          <BodyEditor id={`${ids}-body`} value={values.body} onValue={(body) => set('body', body)} />
          <PagePreview values={values} />
        </AdminSection>
        {kind ? (
          <AdminSection title={kind.many} id={`${ids}-items`}>
            <ItemsEditor id={`${ids}-item`} items={values.items} kind={kind} onItems={(items) => set('items', items)} />
          </AdminSection>
        ) : null}
        <AdminSection title="Other words on the page" id={`${ids}-words`}>
          <WordsFields id={`${ids}-word`} page={page} words={values.words ?? {}} onWords={(words) => set('words', words)} />
        </AdminSection>
        <FormFooter form={save} label={`Save the ${PAGE_NAMES[page]} page`} busyLabel="Saving…" />
      </StaffForm>
      <HeroUpload page={page} stored={stored} pending={queued.picture} />
    </div>
  )
}
