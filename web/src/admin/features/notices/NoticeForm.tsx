import type { NoticeReply } from '../../../api/types'
import { NOTICE_LIMITS, noticeLinkProblem, type NoticeVenue } from '../../../../../api/src/shared/rules/notice-fields'
import { failureStatus, isPlaceholder, mutate, newPlaceholder } from '../../adminApi'
import type { FormDraft } from '../../drafts'
import { fieldProblem, problemIn, StaffForm, type Problem } from '../../shell/fieldErrors'
import { FormFooter, InputField, SelectField, TextAreaField } from '../../shell/formParts'
import { useMutationForm } from '../../shell/useMutationForm'
import { fromVenueInput, startProblem } from '../../time'
import { noticeEditFields, type DisplayNotice, type NoticeFields, type NoticeMeta } from './changes'

/** The form as staff fill it in: the start and end as datetime-local values in venue time. */
export const EMPTY_NOTICE = { editing: '', text: '', link: '', link_text: '', venue: 'both' as string, starts_at: '', ends_at: '' }
export type NoticeValues = typeof EMPTY_NOTICE

export const NOTICE_REQUIRED = 'Please write the notice and give its start and end.'
export const NOTICE_SAVE_ERROR = 'The notice was not saved.'

/** What the server would refuse, said before sending (offline, a change kept on the device would only be refused later). */
export function noticeProblem(values: NoticeValues): Problem | null {
  const { text, link, link_text, starts_at, ends_at } = values
  const start = fromVenueInput(starts_at)
  const end = fromVenueInput(ends_at)
  return (
    problemIn(NOTICE_REQUIRED, { text: !text.trim(), starts_at: !starts_at, ends_at: !ends_at }) ??
    fieldProblem('link', noticeLinkProblem(link)) ??
    fieldProblem('link_text', link.trim() && !link_text.trim() ? 'Say in a few words where the link leads (for example “See the menu”).' : null) ??
    fieldProblem('link', !link.trim() && link_text.trim() ? 'The link’s words need a link: give its address, or leave them empty.' : null) ??
    fieldProblem('starts_at', startProblem(starts_at)) ??
    fieldProblem('ends_at', startProblem(ends_at)?.replace('The start date/time', 'The end date/time') ?? null) ??
    problemIn('The end must be after the start.', { ends_at: !!start && !!end && end <= start })
  )
}

/** The notice as it is sent and as the list shows it while it waits. */
export function noticeFieldsOf(values: NoticeValues): NoticeFields {
  return {
    text: values.text.replace(/\s+/g, ' ').trim(),
    link: values.link.trim() || null,
    link_text: values.link_text.replace(/\s+/g, ' ').trim() || null,
    venue: values.venue as NoticeVenue,
    starts_at: fromVenueInput(values.starts_at)!,
    ends_at: fromVenueInput(values.ends_at)!,
  }
}

/** Sends a new notice, or the edit of `editing`, through the outbox. */
export function sendNotice(values: NoticeValues, current: DisplayNotice | undefined) {
  const notice = noticeFieldsOf(values)
  const label = `${values.editing ? 'Edit' : 'Add'} notice “${notice.text.slice(0, 40)}”`
  if (!values.editing) {
    const placeholder = newPlaceholder()
    return mutate<NoticeReply>({
      method: 'POST',
      path: '/api/admin/notices',
      body: notice,
      label,
      creates: { placeholder, idField: 'notice.id' },
      record: `notice:${placeholder}`,
      versionField: 'notice.updated_at',
      meta: { kind: 'notice', op: 'create', id: placeholder, notice } satisfies NoticeMeta,
    })
  }
  const id = values.editing
  return mutate<NoticeReply>({
    method: 'PUT',
    path: `/api/admin/notices/${id}`,
    body: notice,
    label,
    baseVersion: isPlaceholder(id) || !current?.updated_at ? undefined : current.updated_at,
    // What it was edited from: a field another member changed meanwhile, and this edit did not, is kept.
    base: isPlaceholder(id) || !current ? undefined : noticeEditFields(current),
    record: `notice:${id}`,
    versionField: 'notice.updated_at',
    meta: { kind: 'notice', op: 'update', id: isPlaceholder(id) ? id : Number(id), notice } satisfies NoticeMeta,
  })
}

/** The add / edit form: text, optional link with its words, venue, start and end in venue time. */
export function NoticeForm({ id, form, notices }: { id: string; form: FormDraft<NoticeValues>; notices: DisplayNotice[] }) {
  const values = form.values
  const save = useMutationForm({
    validate: () => noticeProblem(values),
    send: async () => {
      const reply = await sendNotice(
        values,
        notices.find((notice) => String(notice.id) === values.editing),
      )
      return reply
    },
    sent: (reply) => ({ text: reply?.message || 'Notice saved.', tone: 'success' }),
    failed: (error) => failureStatus(error, NOTICE_SAVE_ERROR, 'Saving a notice'),
    settled: () => form.reset(),
  })
  return (
    <StaffForm form={save}>
      <TextAreaField
        label="Notice"
        id={`${id}-text`}
        name="text"
        rows={3}
        required
        maxLength={NOTICE_LIMITS.text}
        hint={`Plain text, at most ${NOTICE_LIMITS.text} characters (${values.text.length} so far).`}
        value={values.text}
        onValue={(value) => form.set('text', value)}
      />
      <div className="admin-form__row">
        <InputField
          label="Link (optional)"
          id={`${id}-link`}
          name="link"
          inputMode="url"
          maxLength={NOTICE_LIMITS.link}
          hint="https://…, mailto:…, tel:… or one of the site’s pages such as /events."
          value={values.link}
          onValue={(value) => form.set('link', value)}
        />
        <InputField
          label="Link words"
          id={`${id}-link-text`}
          name="link_text"
          maxLength={NOTICE_LIMITS.linkText}
          hint="What the link says, e.g. “See the menu”."
          value={values.link_text}
          onValue={(value) => form.set('link_text', value)}
        />
      </div>
      <SelectField label="Venue" id={`${id}-venue`} name="venue" value={values.venue} onValue={(value) => form.set('venue', value)}>
        <option value="both">Both venues</option>
        <option value="hotel">The hotel and cafe</option>
        <option value="stables">The Stables bar</option>
      </SelectField>
      <div className="admin-form__row">
        <InputField
          label="Starts (venue time)"
          id={`${id}-starts`}
          name="starts_at"
          type="datetime-local"
          required
          value={values.starts_at}
          onValue={(value) => form.set('starts_at', value)}
        />
        <InputField
          label="Ends (venue time)"
          id={`${id}-ends`}
          name="ends_at"
          type="datetime-local"
          required
          value={values.ends_at}
          onValue={(value) => form.set('ends_at', value)}
        />
      </div>
      <FormFooter form={save} label={values.editing ? 'Save changes' : 'Add notice'} busyLabel="Saving…" />
      {values.editing ? (
        <button type="button" className="button button--small button--ghost" onClick={() => form.reset()}>
          Cancel editing
        </button>
      ) : null}
    </StaffForm>
  )
}
